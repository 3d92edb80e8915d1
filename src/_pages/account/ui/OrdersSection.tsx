import { useStore } from '@nanostores/react'
import { useEffect, useRef } from 'react'
import { formatRestaurantTime, orderNumberOf } from '@/entities/order'
import { ReorderButton } from '@/features/reorder'
import { formatMoney } from '@/shared/lib/money'
import { pathTo } from '@/shared/routes'
import { Spinner } from '@/shared/ui'
import { $orderHistory, loadOrderHistory } from '../model/orders'
import css from './Account.module.css'

/** My orders, newest first; `highlightId` (from /account/MyOrders/{orderId}) is marked and scrolled to. */
export function OrdersSection({ customerId, highlightId }: { customerId: string; highlightId?: string }) {
  const history = useStore($orderHistory)
  const highlighted = useRef<HTMLAnchorElement>(null)

  useEffect(() => {
    void loadOrderHistory(customerId)
  }, [customerId])

  useEffect(() => {
    highlighted.current?.scrollIntoView({ block: 'center' })
    highlighted.current?.focus()
  }, [history.data, highlightId])

  if (history.error && !history.success) {
    return (
      <div className={css.problem} role="alert">
        <p>{history.error}</p>
        <button type="button" className="button button--secondary" onClick={() => void loadOrderHistory(customerId)}>
          Retry
        </button>
      </div>
    )
  }
  if (!history.success || !history.data) return <Spinner label="Loading your orders" />
  if (history.data.length === 0) return <p className={css.empty}>No orders yet</p>

  return (
    <ul className={css.list} aria-label="Your orders">
      {history.data.map((order) => {
        const current = order.orderId === highlightId
        return (
          <li key={order.orderId} className={`${css.card} ${current ? css.selected : ''}`}>
            <a
              ref={current ? highlighted : undefined}
              className={css.rowLink}
              href={pathTo('order', { merchantType: order.merchantType, merchantSlug: order.locationSlug, orderId: order.orderId })}
              aria-current={current ? 'true' : undefined}
            >
              <strong>{order.branchName}</strong>
              <span className={css.muted}>{orderNumberOf(order)}</span>
              <span className={css.badge}>{order.statusLabel}</span>
              <span className={css.muted}>
                {formatRestaurantTime(order.orderTime, order.timeZone)} · {formatMoney(order.total, order.currency)}
              </span>
            </a>
            <ReorderButton order={order} label={`Order again from ${order.branchName}, order ${orderNumberOf(order)}`} />
          </li>
        )
      })}
    </ul>
  )
}
