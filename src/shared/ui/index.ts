// The modal dialog is imported as '@/shared/ui/dialog', not from here: in this barrel's chunk,
// Headless UI's Dialog would ship with every screen (tests/page-weight.spec.ts).
export { Skeleton, shimmerBlock, shimmerSweep } from './skeleton'
export { LoadGate } from './load-gate'
export { Spinner } from './spinner'
export { StatusScreen } from './status-screen'
export { $toasts, dismissToast, setToastFootBar, showToast, Toaster } from './toast'
