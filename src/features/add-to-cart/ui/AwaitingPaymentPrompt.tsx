import { lazy, Suspense, type ComponentProps } from 'react'

// Headless UI's Dialog loads only when a dish meets a cart waiting for its payment: menus stay light.
const AwaitingPaymentDialog = lazy(() => import('./AwaitingPaymentDialog').then((module) => ({ default: module.AwaitingPaymentDialog })))

/** The "waiting for payment" dialog, loaded when it is first needed (any add-to-cart call site shows it on `awaiting_payment`). */
export function AwaitingPaymentPrompt(props: ComponentProps<typeof AwaitingPaymentDialog>) {
  return (
    <Suspense fallback={null}>
      <AwaitingPaymentDialog {...props} />
    </Suspense>
  )
}
