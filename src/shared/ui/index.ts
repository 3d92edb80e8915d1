export { Skeleton } from './skeleton'
export { Spinner } from './spinner'
export { StatusScreen } from './status-screen'
export { $toasts, dismissToast, showToast, Toaster } from './toast'
