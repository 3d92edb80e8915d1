import { OFFLINE_MESSAGE, OFFLINE_RETRY, OFFLINE_TITLE } from '../../config'

/** docs/app.md, "Context menus", on static pages: right-click context menus are disabled. */
export function blockContextMenu(target: Document = document): void {
  target.addEventListener('contextmenu', (event) => event.preventDefault())
}

/** docs/app.md, "Messages", on static pages: the offline screen covers the page until the browser is back online. */
export function installOfflineScreen(target: Document = document): void {
  const screen = target.createElement('div')
  screen.className = 'offline-screen'
  screen.setAttribute('role', 'alertdialog')
  screen.setAttribute('aria-modal', 'true')
  screen.setAttribute('aria-labelledby', 'offline-title')
  screen.innerHTML = `<img src="/offline.svg" alt="" width="120" height="120"><h1 id="offline-title"></h1><p></p><button type="button" class="button"></button>`
  screen.querySelector('h1')!.textContent = OFFLINE_TITLE
  screen.querySelector('p')!.textContent = OFFLINE_MESSAGE
  const retry = screen.querySelector('button')!
  retry.textContent = OFFLINE_RETRY
  retry.addEventListener('click', () => target.location.reload())
  const behind = () => [...target.body.children].filter((element) => element !== screen)
  const update = () => {
    if (navigator.onLine) {
      behind().forEach((element) => element.removeAttribute('inert'))
      return screen.remove()
    }
    behind().forEach((element) => element.setAttribute('inert', ''))
    target.body.append(screen)
    retry.focus()
  }
  window.addEventListener('online', update)
  window.addEventListener('offline', update)
  update()
}
