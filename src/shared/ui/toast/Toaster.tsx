import { useStore } from '@nanostores/react'
import { $toasts, dismissToast } from './toast'
import css from './Toaster.module.css'

export function Toaster() {
  const toasts = useStore($toasts)
  return (
    <div className={css.region} role="status" aria-live="polite" aria-label="Notifications">
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
