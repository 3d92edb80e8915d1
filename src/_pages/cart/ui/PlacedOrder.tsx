import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import type { Cart } from '@/entities/cart'
import { $cancelOrder, cancelUnpaidOrder, resetCancelOrder, resetPayment } from '@/features/pay-order'
import { resetPlaceOrder, settlePlacedOrder } from '@/features/place-order'
import type { RestaurantDetail } from '@/shared/api'
import { pathTo } from '@/shared/routes'
import css from './CartPage.module.css'

type PlacedOrderProps = { cart: Cart; restaurant: RestaurantDetail; orderId: string; signedIn: boolean; reviewing: boolean }

/**
 * Once the cart is placed it is that order, frozen: what was chosen, read only, and "Edit order",
 * which cancels the unpaid order (nothing was charged) and gives the cart back to change
 * (docs/checkout.md "Placed is frozen").
 */
export function PlacedOrder({ cart, restaurant, orderId, signedIn, reviewing }: PlacedOrderProps) {
  const cancelling = useStore($cancelOrder)
  const type = restaurant.orderTypes.find((orderType) => orderType.code === cart.orderTypeId)
  const delivering = type?.typeGroup === 'L'
  const when = cart.isScheduleOrder && cart.selectedDate && cart.selectedTimeSlot ? `${cart.selectedDate}, ${cart.selectedTimeSlot}` : 'As soon as possible'

  useEffect(() => resetCancelOrder, [])

  async function edit() {
    const cancelled = await cancelUnpaidOrder(orderId, signedIn)
    if (!cancelled) return
    settlePlacedOrder(orderId)
    resetPayment()
    resetPlaceOrder()
  }

  return (
    <section className={`${css.section} ${css.placedOrder}`} aria-labelledby="placed-heading">
      <h2 id="placed-heading" className={css.heading}>
        Your order is placed
      </h2>
      <p className={css.hint}>{reviewing ? 'Pay for it to send it to the kitchen.' : 'It waits for your payment before it goes to the kitchen.'}</p>
      <dl className={css.rows}>
        {type && (
          <div className={css.row}>
            <dt>Order type</dt>
            <dd>{type.name}</dd>
          </div>
        )}
        <div className={css.row}>
          <dt>{delivering ? 'Deliver' : 'When'}</dt>
          <dd>{when}</dd>
        </div>
        {delivering && cart.deliveryLocation && (
          <div className={css.row}>
            <dt>To</dt>
            <dd>{cart.deliveryLocation.label}</dd>
          </div>
        )}
      </dl>
      <div className={css.inline}>
        {!reviewing && (
          <a className="button" href={pathTo('checkOut')}>
            Continue to payment
          </a>
        )}
        <button type="button" className="button button--secondary" onClick={() => void edit()} disabled={cancelling.loading} aria-busy={cancelling.loading || undefined}>
          {cancelling.loading ? 'Reopening your cart…' : 'Edit order'}
        </button>
      </div>
      <p className={css.muted}>Edit order cancels this unpaid order; nothing is charged, and your cart opens again to change.</p>
      {cancelling.error && !cancelling.loading && (
        <p className={css.error} role="alert">
          {cancelling.error}
        </p>
      )}
    </section>
  )
}
