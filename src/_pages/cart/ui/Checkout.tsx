import { useStore } from '@nanostores/react'
import { Suspense } from 'react'
import type { Cart } from '@/entities/cart'
import { $session } from '@/entities/session'
import { $placementNotice, $placeOrder, $resumingPlacement, isPlacedFrom, PlaceOrderButton, toPlaceOrderRequest } from '@/features/place-order'
import { lazyPart } from '@/shared/lib/lazy'
import { pathTo } from '@/shared/routes'
import { Spinner } from '@/shared/ui'
import css from './CartPage.module.css'

// The card form is needed only once the order is placed: its chunk (and pay-order's) stays off the cart's first load.
const PlacedPayment = lazyPart(() => import('./PlacedPayment').then((module) => module.PlacedPayment))

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

  if (resuming) return <Spinner label="Looking for the order you placed" />
  if (placed) {
    return (
      <Suspense fallback={<Spinner label="Opening the payment" />}>
        <PlacedPayment placed={placed} request={request} signedIn={signedIn} customerId={customerId} delivering={delivering} />
      </Suspense>
    )
  }
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
