import { useStore } from '@nanostores/react'
import { $toasts, dismissToast } from './toast'
import css from './Toaster.module.css'

let region: HTMLElement | null = null
let footBar: number | null = null

function applyFootBar() {
  if (!region) return
  if (footBar === null) region.style.removeProperty('--tf-bottom-bar')
  else region.style.setProperty('--tf-bottom-bar', `${footBar}px`)
}

/**
 * The height of a bar fixed at the foot of the screen (the cart bar), or null when there is none:
 * the toasts rise above it. Set on the toasts' own region, not on `<html>`: a custom property
 * there is inherited by every element, and the whole page was restyled in the frame that showed
 * the bar (docs/app.md, "Start-up work").
 */
export function setToastFootBar(height: number | null): void {
  if (height === footBar) return
  footBar = height
  applyFootBar()
}

/** The region's ref: one function for every render, so React attaches it once, not on each toast. */
function mounted(element: HTMLDivElement | null) {
  region = element
  applyFootBar()
}

export function Toaster() {
  const toasts = useStore($toasts)
  return (
    <div ref={mounted} className={css.region} role="status" aria-live="polite" aria-label="Notifications">
      {toasts.map((toast) => (
        <div key={toast.id} className={css.toast} data-tone={toast.tone}>
          <span>{toast.message}</span>
          <button type="button" className={css.close} aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
