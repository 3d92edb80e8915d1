// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { blockContextMenu, installOfflineScreen } from './static-shell'

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}

describe('static page shell', () => {
  afterEach(() => setOnline(true))

  it('covers the page with the offline screen while offline, and makes the page inert', () => {
    document.body.innerHTML = '<main>menu</main>'
    installOfflineScreen(document)
    expect(document.querySelector('[role="alertdialog"]')).toBeNull()
    setOnline(false)
    const screen = document.querySelector('[role="alertdialog"]')!
    expect(screen.textContent).toContain('No Internet Connection')
    expect(screen.textContent).toContain('Please check your internet connection and try again.')
    expect(document.querySelector('main')!.hasAttribute('inert')).toBe(true)
    setOnline(true)
    expect(document.querySelector('[role="alertdialog"]')).toBeNull()
    expect(document.querySelector('main')!.hasAttribute('inert')).toBe(false)
  })

  it('blocks the context menu', () => {
    blockContextMenu(document)
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true })
    document.body.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
  })
})
