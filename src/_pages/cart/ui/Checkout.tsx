import { useStore } from '@nanostores/react'
import { clearCart, type Cart } from '@/entities/cart'
import { $session } from '@/entities/session'
import { hasUncollectedHold, PaymentStep, resetPayment } from '@/features/pay-order'
import {
  $placementNotice,
  $placeOrder,
  $resumingPlacement,
  isPlacedFrom,
  PlaceOrderButton,
  resetPlaceOrder,
  resumePlacement,
  settlePlacedOrder,
  toPlaceOrderRequest,
} from '@/features/place-order'
import { navigate, pathTo } from '@/shared/routes'
import { Spinner } from '@/shared/ui'
import css from './CartPage.module.css'

/**
 * Place the cart, then pay for the placed order; the cart is frozen once placed (CartPage).
 * After a reload the order this cart was placed as is paid, not placed a second time
 * (docs/decisions.md "Checkout resumes the unpaid order"), and a card authorized before the reload
 * is collected, not asked for again.
 */
export function Checkout({ cart }: { cart: Cart }) {
  const session = useStore($session)
  const placement = useStore($placeOrder)
  const resuming = useStore($resumingPlacement)
  const notice = useStore($placementNotice)
  const request = toPlaceOrderRequest(cart, session)
  const placed = isPlacedFrom(placement.data, request) ? placement.data!.order : null
  const signedIn = session.status === 'signedIn'
  const customerId = session.status === 'signedIn' ? (session.user?.customerId ?? null) : null
  // Nobody collects a delivery's payment at a counter: it is paid by card (docs/checkout.md).
  const delivering = cart.restaurant?.orderTypes.find((type) => type.code === cart.orderTypeId)?.typeGroup === 'L'

  function paid() {
    if (!placed) return
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

  if (resuming) return <Spinner label="Looking for the order you placed" />
  // Authorized before a reload and never collected: the payment step collects it instead of asking for a card.
  if (placed) return <PaymentStep order={{ ...placed, held: hasUncollectedHold(placed.payments) }} signedIn={signedIn} customerId={customerId} onPaid={paid} onOrderGone={gone} offline={!delivering} />
  return (
    <>
      {notice && (
        <p className={css.notice} role="status">
          {notice.message}{' '}
          {notice.paid && (
            <a href={signedIn ? pathTo('orderSummary', { orderId: notice.orderId }) : pathTo('receiptSummary', { orderId: notice.orderId })}>See the order</a>
          )}
        </p>
      )}
      <PlaceOrderButton cart={cart} disabled={delivering && !cart.deliveryLocation} />
      {delivering && !cart.deliveryLocation && <p className={css.hint}>Add a delivery address to place the order.</p>}
    </>
  )
}
