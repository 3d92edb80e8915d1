import { useStore } from '@nanostores/react'
import { useEffect, useRef } from 'react'
import { $tracking, trackerPathOf, watchTracking } from '@/entities/delivery'
import { $receipt, loadReceipt, OrderProgress, OrderReceipt, ORDER_NOT_FOUND, orderNumberOf, watchReceipt } from '@/entities/order'
import { $session, setToLocationAfterAuth } from '@/entities/session'
import { $router, pathTo } from '@/shared/routes'
import { Spinner } from '@/shared/ui'
import { DeliveryMap } from '@/widgets/restaurant-map'
import { SiteHeader } from '@/widgets/site-header'
import { CourierCard } from './CourierCard'
import css from './TrackingScreen.module.css'

/** tracker: map and timeline; summary: timeline and receipt; order: the order page, with the map for a delivery. */
export type TrackingView = 'tracker' | 'summary' | 'order'

const TITLES: Record<TrackingView, string> = { tracker: 'Track your order', summary: 'Order summary', order: 'Your order' }

/** docs/delivery.md, "Tracking": /{merchantType}/{merchantSlug}/tracker/{orderId}, /tracker/{orderId}/orderSummary, /{merchantType}/{merchantSlug}/order/{orderId}. */
export function TrackingScreen({ params, view }: { params: Record<string, string>; view: TrackingView }) {
  const session = useStore($session)
  const receipt = useStore($receipt)
  const tracking = useStore($tracking)
  const page = useStore($router)
  const signedIn = session.status === 'signedIn'
  const { orderId = '' } = params

  const order = receipt.data?.orderId === orderId ? receipt.data : undefined
  const isDelivery = order?.orderTypeGroup === 'L'

  useEffect(() => {
    if (!orderId) return
    return watchReceipt({ orderId }, signedIn)
  }, [orderId, signedIn])

  useEffect(() => {
    if (!orderId || !isDelivery) return
    return watchTracking(orderId, signedIn)
  }, [orderId, signedIn, isDelivery])

  const live = tracking.event?.orderId === orderId ? tracking.event : null
  // A new status from the stream: read the order again for the timeline's times.
  const lastStatus = useRef<string | null>(null)
  useEffect(() => {
    if (!live || !order || live.status === lastStatus.current) return
    lastStatus.current = live.status
    if (live.status !== order.status) void loadReceipt({ orderId }, signedIn)
  }, [live, order, orderId, signedIn])

  const shown = order && live ? { ...order, status: live.status, statusLabel: live.statusLabel } : order
  const currentPath = page?.path ?? ''
  const trackerPath = order ? trackerPathOf(order) : null
  const summaryPath = pathTo('trackerSummary', { orderId })
  const restaurant = live?.delivery && order ? { ...live.delivery.pickup, name: order.branchName } : null
  const destination = live?.delivery?.drop ?? order?.deliveryLocation ?? null

  return (
    <>
      <SiteHeader />
      <main className={[css.page, view === 'tracker' ? '' : css.narrow].join(' ')}>
        <h1 className={css.title}>
          {TITLES[view]}
          {order && <span className={css.number}> {orderNumberOf(order)}</span>}
        </h1>
        {!order && receipt.error ? (
          <div className={css.problem} role="alert">
            <p>{receipt.error}</p>
            {receipt.error === ORDER_NOT_FOUND && !signedIn && (
              <a className="button button--secondary" href={pathTo('signIn')} onClick={() => setToLocationAfterAuth(currentPath)}>
                Sign in to see your orders
              </a>
            )}
            {receipt.error !== ORDER_NOT_FOUND && (
              <button type="button" className="button button--secondary" onClick={() => void loadReceipt({ orderId }, signedIn)}>
                Retry
              </button>
            )}
          </div>
        ) : !order || !shown ? (
          <Spinner label="Loading the order" />
        ) : view === 'tracker' && !isDelivery ? (
          <div className={css.stack}>
            <p>This order is not a delivery, so there is no courier to follow on a map.</p>
            <OrderProgress order={shown} />
            <div className={css.actions}>
              <a className="button button--secondary" href={summaryPath}>
                Order summary
              </a>
            </div>
          </div>
        ) : (
          <div className={view === 'tracker' ? css.layout : css.stack}>
            {isDelivery && view !== 'summary' && (
              <div className={css.stack}>
                {restaurant && destination ? (
                  <DeliveryMap
                    className={css.map}
                    label={`Map of the delivery from ${order.branchName} to your address`}
                    restaurant={restaurant}
                    destination={destination}
                    courier={live?.courier ?? null}
                    route={live?.delivery?.route}
                  />
                ) : tracking.loading ? (
                  <Spinner label="Loading the map" />
                ) : null}
              </div>
            )}
            <div className={css.stack}>
              {isDelivery && live && <CourierCard tracking={live} timeZone={order.timeZone} currentPath={currentPath} />}
              <OrderProgress order={shown} />
              {view !== 'tracker' && <OrderReceipt order={shown} />}
              <div className={css.actions}>
                {view !== 'tracker' && trackerPath && (
                  <a className="button" href={trackerPath}>
                    Track on the map
                  </a>
                )}
                {view !== 'summary' && (
                  <a className="button button--secondary" href={summaryPath}>
                    Order summary
                  </a>
                )}
                <a className="button button--secondary" href={pathTo('receipt', { orderId })}>
                  Receipt
                </a>
              </div>
            </div>
          </div>
        )}
      </main>
    </>
  )
}
