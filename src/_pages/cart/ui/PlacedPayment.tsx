import { clearCart } from '@/entities/cart'
import { hasUncollectedHold, PaymentStep, resetPayment } from '@/features/pay-order'
import { resetPlaceOrder, resumePlacement, settlePlacedOrder, type OrderDetail, type PlaceOrderRequest } from '@/features/place-order'
import { navigate, pathTo } from '@/shared/routes'

type PlacedPaymentProps = {
  placed: OrderDetail
  request: PlaceOrderRequest | null
  signedIn: boolean
  customerId: string | null
  delivering: boolean
}

/**
 * Paying for the placed order (Checkout): its own chunk, with the card form, so that the cart's
 * first load does not carry it (docs/decisions.md "JS budgets").
 */
export function PlacedPayment({ placed, request, signedIn, customerId, delivering }: PlacedPaymentProps) {
  function paid() {
    const orderId = placed.orderId
    settlePlacedOrder(orderId)
    // The order page is the confirmation, for guests and signed-in diners alike (docs/orders.md "The order page").
    const { merchantType, locationSlug } = placed
    navigate(merchantType && locationSlug ? pathTo('order', { merchantType, merchantSlug: locationSlug, orderId }) : pathTo('receiptSummary', { orderId }))
    clearCart()
    resetPlaceOrder()
    resetPayment()
  }

  /** The placed order was cancelled while the diner paid (it expired): tell why, and let them place the cart again. */
  function gone() {
    resetPayment()
    resetPlaceOrder()
    if (request) void resumePlacement(request, signedIn)
  }

  // Authorized before a reload and never collected: the payment step collects it instead of asking for a card.
  return <PaymentStep order={{ ...placed, held: hasUncollectedHold(placed.payments) }} signedIn={signedIn} customerId={customerId} onPaid={paid} onOrderGone={gone} offline={!delivering} />
}
