export { $toasts, dismissToast, showToast } from './toast'
export { Toaster } from './Toaster'
