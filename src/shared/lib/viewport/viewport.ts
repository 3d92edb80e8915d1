import { atom, onMount } from 'nanostores'
import { MOBILE_MAX_WIDTH } from '../../config'

export const isMobileWidth = (width: number) => width <= MOBILE_MAX_WIDTH

/** docs/app.md, "Mobile and desktop": mobile means a window width of 768 or less. */
export const $isMobile = atom(typeof window === 'undefined' ? false : isMobileWidth(window.innerWidth))

onMount($isMobile, () => {
  const query = window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`)
  const update = () => $isMobile.set(query.matches)
  update()
  query.addEventListener('change', update)
  return () => query.removeEventListener('change', update)
})

/** Whether the browser says it is online; updated by its online and offline events. */
export const $online = atom(typeof navigator === 'undefined' ? true : navigator.onLine)

onMount($online, () => {
  const update = () => $online.set(navigator.onLine)
  update()
  window.addEventListener('online', update)
  window.addEventListener('offline', update)
  return () => {
    window.removeEventListener('online', update)
    window.removeEventListener('offline', update)
  }
})
