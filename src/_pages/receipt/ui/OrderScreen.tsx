import { useStore } from '@nanostores/react'
import { lazy, Suspense, useEffect, useRef } from 'react'
import { $tracking, watchTracking } from '@/entities/delivery'
import { $receipt, formatRestaurantTime, loadReceipt, OrderProgress, OrderReceipt, ORDER_NOT_FOUND, orderNumberOf, watchReceipt } from '@/entities/order'
import { FeedbackLink } from '@/entities/feedback'
import { $session, setToLocationAfterAuth } from '@/entities/session'
import { ReorderButton } from '@/features/reorder'
import { lazyPart } from '@/shared/lib/lazy'
import { $isMobile } from '@/shared/lib/viewport'
import { $router, pathTo } from '@/shared/routes'
import { isFinishedStatus } from '@/shared/api'
import { Spinner } from '@/shared/ui'
import { SiteHeader } from '@/widgets/site-header'
import { NextSteps } from './NextSteps'
import css from './OrderScreen.module.css'
import { isUnpaidOrder } from '../lib/unpaid'

// Leaflet loads only for a delivery's order page.
// Paying (pay-order's card form) and the table's parts (rounds, waiter, shares) are for some orders only:
// their chunks load with those orders, not with every order page (docs/decisions.md "JS budgets").
const UnpaidOrder = lazyPart(() => import('./UnpaidOrder').then((module) => module.UnpaidOrder))
const BillShare = lazyPart(() => import('./TableOrderParts').then((module) => module.BillShare))
const TableRounds = lazyPart(() => import('./TableOrderParts').then((module) => module.TableRounds))
const TableActions = lazyPart(() => import('./TableOrderParts').then((module) => module.TableActions))
const DeliveryMap = lazy(() => import('@/widgets/restaurant-map').then((module) => ({ default: module.DeliveryMap })))

/**
 * receipt: the itemised receipt; order (and the older summary routes): the order page, which is the
 * confirmation (live status, ETA, what to do next, receipt); table: a dine-in order at its table.
 */
export type OrderView = 'receipt' | 'summary' | 'order' | 'table'

const SUMMARY_SUFFIX = '/orderSummary'
const TITLES: Record<OrderView, string> = { receipt: 'Receipt', summary: 'Order', order: 'Order', table: 'Your order' }

/** The other view of the same receipt route: /…/orderSummary ⇄ /… (the account's summary pairs with /receipt/{id}). */
function otherViewPath(path: string, view: OrderView, orderId: string): string {
  if (view === 'receipt') return `${path.replace(/\/$/, '')}${SUMMARY_SUFFIX}`
  if (view === 'order') return pathTo('receipt', { orderId })
  return path.endsWith(SUMMARY_SUFFIX) ? path.slice(0, -SUMMARY_SUFFIX.length) : pathTo('receipt', { orderId })
}

/** Every receipt route variant (docs/routes.md), /MyOrders/OrderSummary/{orderId} and the table order page. */
export function OrderScreen({ params, view }: { params: Record<string, string>; view: OrderView }) {
  const session = useStore($session)
  const state = useStore($receipt)
  const tracking = useStore($tracking)
  const page = useStore($router)
  const mobile = useStore($isMobile)
  const signedIn = session.status === 'signedIn'
  const { orderId = '', splitId, transactionId, tableId } = params

  useEffect(() => {
    if (!orderId) return
    const scope = { orderId, splitId, transactionId }
    // A receipt is a record; the summary and the table page follow the kitchen.
    if (view !== 'receipt') return watchReceipt(scope, signedIn)
    void loadReceipt(scope, signedIn)
  }, [orderId, splitId, transactionId, signedIn, view])

  // The order page follows the order live over its stream, whatever its type (docs/orders.md "The order page").
  const follows = view === 'order' || view === 'summary'
  useEffect(() => {
    if (!orderId || !follows) return
    return watchTracking(orderId, signedIn)
  }, [orderId, signedIn, follows])

  // Only the receipt this route asks for: the same order read for another share or payment is not it.
  const shown = state.data
  const read =
    shown && shown.orderId === orderId && shown.split?.id === splitId && shown.transaction?.id === transactionId ? shown : undefined
  const live = follows && tracking.event?.orderId === orderId ? tracking.event : null
  // A new status from the stream: read the order again for its timeline, payments and receipt.
  const lastStatus = useRef<string | null>(null)
  useEffect(() => {
    if (!live || !read || live.status === lastStatus.current) return
    lastStatus.current = live.status
    if (live.status !== read.status) void loadReceipt({ orderId, splitId, transactionId }, signedIn)
  }, [live, read, orderId, splitId, transactionId, signedIn])
  const order =
    read && live
      ? { ...read, status: live.status, statusLabel: live.statusLabel, estimatedAt: live.estimatedAt, estimateKind: live.estimateKind }
      : read
  const wrongTable = order && tableId && order.tableId !== tableId
  const isOrderPage = view === 'order' || view === 'summary'
  const title = view === 'table' && order?.tableName ? `Your order at ${order.tableName}` : TITLES[view]
  // A delivery under way shows the restaurant, the door and, once it has the food, the courier.
  const mapped =
    isOrderPage && order && order.orderTypeGroup === 'L' && !isFinishedStatus(order.status) ? (live?.delivery?.drop ?? order.deliveryLocation) : null
  const pickup = live?.delivery?.pickup ?? (order && order.place.lat !== 0 ? { lat: order.place.lat, lng: order.place.lng } : null)
  const ordersPath = mobile ? pathTo('myOrders') : pathTo('accountOrder', { name: 'MyOrders', orderId })

  return (
    <>
      <SiteHeader />
      <main className={css.page}>
        {signedIn && view !== 'table' && (
          <a className={css.back} href={ordersPath}>
            <span aria-hidden="true">←</span> My orders
          </a>
        )}
        <h1 className={css.title}>
          {title}
          {order && <span className={isOrderPage ? undefined : css.number}> {orderNumberOf(order)}</span>}
        </h1>
        {order && isOrderPage && (
          <p className={css.placed}>
            {order.merchantName}
            {order.branchName && order.branchName !== order.merchantName ? ` · ${order.branchName}` : ''} · {order.orderTypeName} · placed{' '}
            {formatRestaurantTime(order.createdAt, order.timeZone)}
          </p>
        )}
        {!order && state.error ? (
          <div className={css.problem} role="alert">
            <p>{state.error}</p>
            {state.error === ORDER_NOT_FOUND && !signedIn && (
              <a className="button button--secondary" href={pathTo('signIn')} onClick={() => setToLocationAfterAuth(page?.path ?? '')}>
                Sign in to see your orders
              </a>
            )}
            {state.error !== ORDER_NOT_FOUND && (
              <button type="button" className="button button--secondary" onClick={() => void loadReceipt({ orderId, splitId, transactionId }, signedIn)}>
                Retry
              </button>
            )}
          </div>
        ) : !order ? (
          <Spinner label="Loading the order" />
        ) : wrongTable ? (
          <p className={css.problem} role="alert">
            {ORDER_NOT_FOUND}
          </p>
        ) : (
          <div className={css.stack}>
            {view === 'table' && order.split && (
              <Suspense fallback={<Spinner label="Loading your share" />}>
                <BillShare
                  order={order}
                  signedIn={signedIn}
                  customerId={session.status === 'signedIn' ? (session.user?.customerId ?? null) : null}
                  onPaid={() => void loadReceipt({ orderId, splitId, transactionId }, signedIn)}
                />
              </Suspense>
            )}
            {isOrderPage && isUnpaidOrder(order) && (
              <Suspense fallback={<Spinner label="Loading the payment" />}>
                <UnpaidOrder
                  order={order}
                  signedIn={signedIn}
                  customerId={session.status === 'signedIn' ? (session.user?.customerId ?? null) : null}
                  onChanged={() => void loadReceipt({ orderId, splitId, transactionId }, signedIn)}
                />
              </Suspense>
            )}
            {mapped && pickup && (
              <Suspense fallback={<Spinner label="Loading the map" />}>
                <DeliveryMap
                  className={css.map}
                  label={`Map of the delivery from ${order.branchName} to your address`}
                  restaurant={{ ...pickup, name: order.branchName }}
                  destination={mapped}
                  courier={live?.courier ?? null}
                  route={live?.delivery?.route}
                />
              </Suspense>
            )}
            {view !== 'receipt' && <OrderProgress order={order} />}
            {isOrderPage && <NextSteps order={order} signedIn={signedIn} receiptPath={otherViewPath(page?.path ?? '', view, orderId)} />}
            {view === 'table' && (
              <Suspense fallback={<Spinner label="Loading the rounds" />}>
                <TableRounds order={order} splitId={splitId} signedIn={signedIn} />
              </Suspense>
            )}
            <OrderReceipt order={order} />
            {!isOrderPage && (
              <div className={css.actions}>
                {view === 'receipt' ? (
                  <button type="button" className="button button--secondary" onClick={() => window.print()}>
                    Print receipt
                  </button>
                ) : null}
                {view !== 'table' && (
                  <a className="button button--secondary" href={otherViewPath(page?.path ?? '', view, orderId)}>
                    {view === 'receipt' ? 'Order status' : 'Receipt'}
                  </a>
                )}
                {view === 'table' && order.tableId && (
                  <Suspense fallback={null}>
                    <TableActions order={order} signedIn={signedIn} />
                  </Suspense>
                )}
                {view !== 'table' && <ReorderButton order={order} />}
                <FeedbackLink orderId={order.orderId} status={order.status} signedIn={signedIn} />
                <a className="button button--secondary" href={pathTo('orderSupport', { orderId: order.orderId })}>
                  Get help with this order
                </a>
              </div>
            )}
          </div>
        )}
      </main>
    </>
  )
}

