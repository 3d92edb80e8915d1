import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { formatMoney } from '@/shared/lib/money'
import { $isMobile } from '@/shared/lib/viewport'
import { pathTo } from '@/shared/routes'
import { Spinner } from '@/shared/ui'
import { SiteHeader } from '@/widgets/site-header'
import { $orderHistory, loadOrderHistory, watchOrderStatus } from '../model/orders'
import { useSignedInCustomer } from '../model/signed-in'
import css from './Account.module.css'
import { formatOrderTime } from './OrdersSection'

/** /MyOrders/OrderSummary/{orderId}: what the order list knows about one order, on every device. */
export function OrderSummaryPage({ params }: { params: Record<string, string> }) {
  const customerId = useSignedInCustomer()
  const history = useStore($orderHistory)
  const mobile = useStore($isMobile)
  const orderId = params.orderId ?? ''

  useEffect(() => {
    if (customerId) void loadOrderHistory(customerId)
  }, [customerId])

  useEffect(() => {
    if (customerId && orderId) return watchOrderStatus(customerId, orderId)
  }, [customerId, orderId])

  const order = history.data?.find((entry) => entry.orderId === orderId)
  const ordersPath = mobile ? pathTo('myOrders') : pathTo('accountOrder', { name: 'MyOrders', orderId })

  return (
    <>
      <SiteHeader />
      <main className={css.narrowPage}>
        <a className={css.back} href={ordersPath}>
          <span aria-hidden="true">←</span> My orders
        </a>
        <h1 className={css.title}>Order summary</h1>
        {history.error && !order ? (
          <div className={css.problem} role="alert">
            <p>{history.error}</p>
            {customerId && (
              <button type="button" className="button button--secondary" onClick={() => void loadOrderHistory(customerId)}>
                Retry
              </button>
            )}
          </div>
        ) : !history.data || (!order && history.loading) ? (
          <Spinner label="Loading the order" />
        ) : !order ? (
          <p className={css.empty}>We could not find this order among yours.</p>
        ) : (
          <div className={css.stack}>
            <dl className={css.facts}>
              <div>
                <dt>Status</dt>
                <dd aria-live="polite">
                  <span className={css.badge}>{order.statusLabel}</span>
                </dd>
              </div>
              <div>
                <dt>Restaurant</dt>
                <dd>
                  <a href={pathTo('menu', { merchantType: order.merchantType, merchantSlug: order.locationSlug })}>{order.branchName}</a>
                </dd>
              </div>
              <div>
                <dt>Total</dt>
                <dd>{formatMoney(order.total, order.currency)}</dd>
              </div>
              <div>
                <dt>Ordered</dt>
                <dd>{formatOrderTime(order.orderTime)}</dd>
              </div>
            </dl>
            <p className={css.muted}>The itemised receipt — dishes, taxes, tip and payment — will appear here once online ordering is available.</p>
          </div>
        )}
      </main>
    </>
  )
}
