import { useStore } from '@nanostores/react'
import { clearCart, type Cart } from '@/entities/cart'
import { $session } from '@/entities/session'
import { PaymentStep, resetPayment, type PaymentResult } from '@/features/pay-order'
import { $placeOrder, isPlacedFrom, PlaceOrderButton, resetPlaceOrder, toPlaceOrderRequest } from '@/features/place-order'
import { navigate, pathTo } from '@/shared/routes'
import { confirmOrder } from '../model/confirmation'

// SPEC §3: a paid order ("19") and one paid at the restaurant ("25") are both "In Queue" to the diner.
const IN_QUEUE = 'In Queue'

/** Place the cart, then pay for the placed order; a cart changed after placing is placed again. */
export function Checkout({ cart }: { cart: Cart }) {
  const session = useStore($session)
  const placement = useStore($placeOrder)
  const request = toPlaceOrderRequest(cart, session)
  const placed = isPlacedFrom(placement.data, request) ? placement.data!.order : null
  const signedIn = session.status === 'signedIn'
  const customerId = session.status === 'signedIn' ? (session.user?.customerId ?? null) : null

  function paid(result: PaymentResult) {
    if (!placed) return
    const orderId = placed.orderId
    if (signedIn) navigate(pathTo('orderSummary', { orderId }))
    else confirmOrder({ orderId, total: result.amount, currency: result.currency, statusLabel: IN_QUEUE })
    clearCart()
    resetPlaceOrder()
    resetPayment()
  }

  if (!placed) return <PlaceOrderButton cart={cart} />
  return <PaymentStep order={placed} signedIn={signedIn} customerId={customerId} onPaid={paid} />
}
