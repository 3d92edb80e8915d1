import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { kitchenTickets, orderStatusHistory, orders } from '../../db/schema'
import { isTableOrderSql } from '../../domain/table-order'
import { moveOrder } from '../orders/status'
import type { Transaction } from '../../db/executor'

/** The next status of a kitchen ticket: in preparation 41 → items ready 42 → "KOT Ready" 43 → served 59. */
const NEXT_TICKET_STATUS: Record<string, string> = { '41': '42', '42': '43', '43': '59' }
/** A ready ticket waits this many kitchen steps for the waiter to carry it to the table. */
export const SERVE_AFTER_STEPS = 5
/** Table-order statuses the kitchen moves: created, modified (a new round), accepted, in progress, ready, served. */
const TABLE_ORDER_STATUSES = ['6', '7', '11', '12', '13', '59']
const BATCH_SIZE = 100

export type TableKitchenMove = { orderId: string; from: string; to: string }


/**
 * One tick of the sandbox kitchen for table orders, inside the kitchen's transaction: each ticket
 * of an accepted order moves one status per step (43 waits SERVE_AFTER_STEPS for the waiter), and
 * the order follows its tickets: 6 → 11 → 12, 13 once every ticket is ready, 59 once every ticket
 * is served, 7 (a new round) → 12, and 59 → 17 once the bill is paid. Rows are taken FOR UPDATE
 * SKIP LOCKED, so two instances never move the same ticket or order.
 */
export async function runTableKitchenTick(tx: Transaction, now: Date, stepSeconds: number): Promise<TableKitchenMove[]> {
  const cutoff = new Date(now.getTime() - stepSeconds * 1000)
  const serveCutoff = new Date(now.getTime() - SERVE_AFTER_STEPS * stepSeconds * 1000)
  const dueTickets = await tx
    .select({ id: kitchenTickets.id, status: kitchenTickets.status })
    .from(kitchenTickets)
    .innerJoin(orders, eq(orders.id, kitchenTickets.orderId))
    .where(
      and(
        inArray(kitchenTickets.status, Object.keys(NEXT_TICKET_STATUS)),
        inArray(orders.status, ['11', '12', '13']),
        sql`${kitchenTickets.updatedAt} <= case when ${kitchenTickets.status} = '43' then ${serveCutoff.toISOString()}::timestamptz else ${cutoff.toISOString()}::timestamptz end`,
      ),
    )
    .orderBy(asc(kitchenTickets.updatedAt), asc(kitchenTickets.id))
    .limit(BATCH_SIZE)
    .for('update', { of: kitchenTickets, skipLocked: true })
  for (const ticket of dueTickets) {
    await tx
      .update(kitchenTickets)
      .set({ status: NEXT_TICKET_STATUS[ticket.status]!, updatedAt: now })
      .where(eq(kitchenTickets.id, ticket.id))
  }

  const lastChange = sql`coalesce((select max(h.at) from ${orderStatusHistory} h where h.order_id = ${orders.id}), ${orders.updatedAt})`
  const dueOrders = await tx
    .select({
      id: orders.id,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      // Spelled out: drizzle leaves columns in a select list unqualified, which the subquery would read as its own.
      tickets: sql<number>`(select count(*) from kitchen_tickets k where k.order_id = orders.id)`.mapWith(Number),
      ready: sql<number>`(select count(*) from kitchen_tickets k where k.order_id = orders.id and k.status in ('43', '59'))`.mapWith(Number),
      served: sql<number>`(select count(*) from kitchen_tickets k where k.order_id = orders.id and k.status = '59')`.mapWith(Number),
    })
    .from(orders)
    .where(and(inArray(orders.status, TABLE_ORDER_STATUSES), isTableOrderSql, sql`${lastChange} <= ${cutoff.toISOString()}::timestamptz`))
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(BATCH_SIZE)
    .for('update', { of: orders, skipLocked: true })
  const moves: TableKitchenMove[] = []
  for (const order of dueOrders) {
    const allReady = order.tickets > 0 && order.ready === order.tickets
    const allServed = order.tickets > 0 && order.served === order.tickets
    const to =
      order.status === '6'
        ? '11'
        : order.status === '7' || order.status === '11'
          ? '12'
          : order.status === '12' && allReady
            ? '13'
            : order.status === '13' && allServed
              ? '59'
              : order.status === '59' && order.paymentStatus === '19'
                ? '17'
                : null
    if (!to) continue
    await moveOrder(tx, order.id, to, { at: now })
    moves.push({ orderId: order.id, from: order.status, to })
  }
  return moves
}
