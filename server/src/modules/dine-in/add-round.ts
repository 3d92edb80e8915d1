import { eq, max, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { addRoundRequest } from '@/shared/api/contracts/dine-in'
import type { OrderDetail } from '@/shared/api/contracts/ordering'
import { kitchenTickets, orderItems, orders } from '../../db/schema'
import type { Transaction } from '../../db/executor'
import type { Caller } from '../../domain/caller'
import { loadOwnedOrder } from '../../domain/owned-order'
import { isTableOrder } from '../../domain/table-order'
import { refuse } from '../../lib/errors'
import { orderDetail } from '../orders/order-detail'
import { takeStock, typeIdsOf, writeOrderLines } from '../orders/order-lines'
import { paymentStatesOf } from '../orders/payment-state'
import { priceCartAt } from '../orders/pricing/totals'
import { repriceOrder } from '../orders/repricing'
import { moveOrder } from '../orders/status'
import { CLOSED_STATUSES } from './table-status'

type OrderRow = typeof orders.$inferSelect
type AddRoundInput = z.output<typeof addRoundRequest>

async function openTableOrder(tx: Transaction, caller: Caller, orderId: string): Promise<OrderRow> {
  const order = await loadOwnedOrder(tx, caller, orderId, { lock: true })
  if (!(await isTableOrder(tx, order))) throw refuse(409, 'not_a_table_order', 'Rounds can only be added to a dine-in order at a table.')
  if (CLOSED_STATUSES.includes(order.status)) throw refuse(409, 'order_closed', 'This table order is closed. Please start a new order.')
  if (order.paymentStatus === '19') throw refuse(409, 'order_already_paid', 'This table order is already paid. Please start a new order.')
  // Any live payment of the order or of a share freezes the bill (repriceOrder refuses it too).
  if ((await paymentStatesOf(tx, [order.id])).some((state) => state.live)) {
    throw refuse(409, 'bill_being_paid', 'The bill is already being paid. Please start a new order.')
  }
  return order
}

/** PUT /order/update/customer: the round's lines with round = last + 1, the order re-priced, and the round's kitchen ticket. */
export async function addRound(tx: Transaction, caller: Caller, request: AddRoundInput): Promise<OrderDetail> {
  const order = await openTableOrder(tx, caller, request.orderId)
  const { totals: priced, modifiersByItem } = await priceCartAt(tx, 
    { locationId: order.locationId, orderTypeCode: order.orderTypeCode, items: request.items, tip: { tipType: 'NONE', value: 0 } },
    { customerId: order.customerId ?? undefined },
  )
  await takeStock(tx, priced.lines)
  const [last] = await tx
    .select({ round: max(orderItems.round), sortOrder: max(orderItems.sortOrder) })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
  const round = (last?.round ?? 0) + 1
  const firstSort = (last?.sortOrder ?? -1) + 1
  const comment = request.comment || null
  await writeOrderLines(tx, order.id, priced.lines, {
    comments: request.items.map((item, index) => item.comment || (index === 0 ? comment : null)),
    typeIds: typeIdsOf(modifiersByItem),
    firstSortOrder: firstSort,
    round,
  })

  // The whole order repriced: the round's sums added, the order tax at its rate, the surcharge and a percentage tip on the new subtotal,
  // the wallet re-bounded, and split shares re-made or superseded (the diners split the new bill again).
  // A served table order goes back to the kitchen as modified (7); one still cooking keeps its status.
  const status = order.status === '59' || order.status === '13' ? '7' : order.status
  const updated = await repriceOrder(tx, order, { addedLines: { subtotal: priced.subtotal, itemTax: priced.itemTax }, status }, 'bill_being_paid')
  await tx.insert(kitchenTickets).values({ orderId: order.id, round, status: '41' })
  // A status change goes through the one transition (history, NOTIFY, texts); the same status still wakes the trackers.
  if (status !== order.status) await moveOrder(tx, order.id, status)
  else await tx.execute(sql`select pg_notify('order_status', ${JSON.stringify({ orderId: order.id, locationId: order.locationId, status, at: new Date().toISOString() })})`)
  return orderDetail(tx, updated)
}
