export { $toasts, dismissToast, showToast } from './toast'
export { setToastFootBar, Toaster } from './Toaster'
