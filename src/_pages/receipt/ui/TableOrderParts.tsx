import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { loadReceipt } from '@/entities/order'
import { $kitchenTickets, KitchenTickets, rememberTab, watchKitchenTickets } from '@/entities/table-order'
import { CallWaiterButton } from '@/features/call-waiter'
import { PaymentStep } from '@/features/pay-order'
import type { OrderReceipt } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'
import { pathTo } from '@/shared/routes'
import css from './OrderScreen.module.css'

/** A dine-in table order (docs/dine-in.md, "Kitchen tickets (KOT)"): its rounds with their kitchen tickets, followed while one is open. */
export function TableRounds({ order, splitId, signedIn }: { order: OrderReceipt; splitId?: string; signedIn: boolean }) {
  const state = useStore($kitchenTickets)
  useEffect(() => watchKitchenTickets(order.orderId, signedIn), [order.orderId, signedIn])
  const tickets = state.data?.orderId === order.orderId ? state.data.tickets : null
  const progress = tickets?.map((ticket) => ticket.status).join() ?? ''
  // The order's status follows its tickets: read it again (the route's share of it, if any) when one moves.
  useEffect(() => {
    if (progress) void loadReceipt({ orderId: order.orderId, ...(splitId ? { splitId } : {}) }, signedIn)
  }, [progress, order.orderId, splitId, signedIn])
  if (!tickets) return state.error ? <p className={css.problem}>{state.error}</p> : null
  return tickets.length > 0 ? <KitchenTickets tickets={tickets} /> : null
}

/** "Order more", "Call Waiter" and "Pay the bill" at the table; nothing more to order or pay once the order is closed. */
export function TableActions({ order, signedIn }: { order: OrderReceipt; signedIn: boolean }) {
  const tableId = order.tableId!
  const closed = ['8', '9', '17', '60'].includes(order.status) || order.paymentStatus === '19'
  const route = { merchantType: order.merchantType, restaurantSlug: order.locationSlug, tableId, orderId: order.orderId }
  return (
    <div className={css.stack}>
      <div className={css.actions}>
        {!closed && (
          <a
            className="button"
            href={pathTo('tableOrderMenu', { tableId, orderId: order.orderId, menuType: order.orderTypeCode })}
            onClick={() => rememberTab({ tableId, orderId: order.orderId })}
          >
            Order more
          </a>
        )}
        {!closed && (
          <a className="button button--secondary" href={pathTo('tablePayment', route)}>
            Pay the bill
          </a>
        )}
      </div>
      {!closed && <CallWaiterButton tableId={tableId} orderId={order.orderId} signedIn={signedIn} />}
    </div>
  )
}

type ShareProps = { order: OrderReceipt; signedIn: boolean; customerId: string | null; onPaid: () => void }

/** One share of a split bill (/e/splitId/{splitId}): its amount and status, and its payment while unpaid. */
export function BillShare({ order, signedIn, customerId, onPaid }: ShareProps) {
  const share = order.split
  if (!share) return null
  const paid = share.payment?.status === '19'
  return (
    <section className={css.stack} aria-labelledby="share-title">
      <h2 id="share-title" className={css.title}>
        {share.label}: {formatMoney(share.amount, order.currency)}{' '}
        <span className={css.number} data-testid="share-status">
          {paid ? 'Paid' : 'Unpaid'}
        </span>
      </h2>
      {!paid && (
        <PaymentStep
          order={{ orderId: order.orderId, total: share.amount, currency: order.currency, splitId: share.id }}
          signedIn={signedIn}
          customerId={customerId}
          onPaid={onPaid}
        />
      )}
    </section>
  )
}
