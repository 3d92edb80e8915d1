import { useId } from 'react'
import { trackerPathOf } from '@/entities/delivery'
import { FeedbackLink } from '@/entities/feedback'
import { ReorderButton } from '@/features/reorder'
import { isFinishedStatus, type OrderReceipt } from '@/shared/api'
import { formatPhoneForDisplay } from '@/shared/lib/phone'
import { pathTo } from '@/shared/routes'
import css from './OrderScreen.module.css'

/** A map's directions to the restaurant: opens the phone's maps app on phones. */
const directionsTo = (place: { lat: number; lng: number }) => `https://www.google.com/maps/dir/?api=1&destination=${place.lat},${place.lng}`

/**
 * What to do next on the order page (docs/orders.md "The order page"): follow the courier or find
 * the restaurant while it is under way, rate it and order again once it is done, and always get
 * help, call the restaurant or book a table there.
 */
export function NextSteps({ order, signedIn, receiptPath }: { order: OrderReceipt; signedIn: boolean; receiptPath: string }) {
  const ids = useId()
  const finished = isFinishedStatus(order.status)
  const tracker = !finished ? trackerPathOf(order) : null
  // Directions help whoever comes to collect it: not a delivery, nor a diner already at their table.
  const atTable = order.orderTypeGroup === 'D' && order.tableId !== null
  const collects = !finished && !atTable && order.orderTypeGroup !== 'L' && order.place.lat !== 0
  const place = order.branchName || order.merchantName
  const reserve = pathTo('reservation', {}, { restaurant: order.locationSlug })

  return (
    <section className={css.next} aria-labelledby={`${ids}-next`}>
      <h2 id={`${ids}-next`} className={css.nextTitle}>
        What’s next
      </h2>
      {!signedIn && !finished && order.phone && (
        <p className={css.nextNote}>We text {formatPhoneForDisplay(order.phone)} when your order is ready{order.orderTypeGroup === 'L' ? ' and on its way' : ''}, with a link back to this page.</p>
      )}
      {collects && order.status === '13' && (
        <p className={css.nextNote}>
          Say <strong>order {order.orderNumber ?? ''}</strong> at the counter.
        </p>
      )}
      <div className={css.actions}>
        {tracker && (
          <a className="button" href={tracker}>
            Track on the map
          </a>
        )}
        {collects && (
          <a className="button button--secondary" href={directionsTo(order.place)} target="_blank" rel="noopener noreferrer">
            Directions to {place}
          </a>
        )}
        <FeedbackLink orderId={order.orderId} status={order.status} signedIn={signedIn} />
        {finished && <ReorderButton order={order} />}
        {order.place.phone && (
          <a className="button button--secondary" href={`tel:${order.place.phone}`}>
            Call the restaurant
          </a>
        )}
        <a className="button button--secondary" href={pathTo('orderSupport', { orderId: order.orderId })}>
          Get help with this order
        </a>
        <a className="button button--secondary" href={receiptPath}>
          Receipt
        </a>
        {finished && (
          <a className="button button--secondary" href={reserve}>
            Book a table at {place}
          </a>
        )}
      </div>
    </section>
  )
}
