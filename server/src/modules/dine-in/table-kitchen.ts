import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { kitchenTickets, orderStatusHistory, orders } from '../../db/schema'
import { isTableOrderSql } from '../../domain/table-order'
import { staffOnShiftSql } from '../../domain/staff-on-shift'
import { moveOrder } from '../orders/status'
import { MOVING_TICKET_STATUSES, TICKETS_MOVE_WHILE, nextTableOrderStatus, nextTicketStatus, TABLE_ORDER_STATUSES, type TicketCounts } from '../../domain/order-transitions'
import type { Transaction } from '../../db/executor'

/** A ready ticket waits this many kitchen steps for the waiter to carry it to the table. */
export const SERVE_AFTER_STEPS = 5
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
        inArray(kitchenTickets.status, [...MOVING_TICKET_STATUSES]),
        inArray(orders.status, [...TICKETS_MOVE_WHILE]),
        // A restaurant with staff on shift bumps its own tickets (docs/kitchen.md "The sandbox steps aside").
        sql`not ${staffOnShiftSql(orders.locationId, now)}`,
        sql`${kitchenTickets.updatedAt} <= case when ${kitchenTickets.status} = '43' then ${serveCutoff.toISOString()}::timestamptz else ${cutoff.toISOString()}::timestamptz end`,
      ),
    )
    .orderBy(asc(kitchenTickets.updatedAt), asc(kitchenTickets.id))
    .limit(BATCH_SIZE)
    .for('update', { of: kitchenTickets, skipLocked: true })
  // The kitchen display's ticket bump takes the same step (modules/kitchen/bump.ts).
  for (const ticket of dueTickets) await advanceTicket(tx, ticket, now)

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
    .where(
      and(
        inArray(orders.status, [...TABLE_ORDER_STATUSES]),
        isTableOrderSql,
        sql`${lastChange} <= ${cutoff.toISOString()}::timestamptz`,
        sql`not ${staffOnShiftSql(orders.locationId, now)}`,
      ),
    )
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(BATCH_SIZE)
    .for('update', { of: orders, skipLocked: true })
  const moves: TableKitchenMove[] = []
  for (const order of dueOrders) {
    const move = await followTickets(tx, order, order, now)
    if (move) moves.push(move)
  }
  return moves
}

/** Moves a kitchen ticket one status along the transition table (41 → 42 → 43 → 59); the caller holds it locked. */
export async function advanceTicket(tx: Transaction, ticket: { id: string; status: string }, at: Date): Promise<{ ticketId: string; from: string; to: string } | null> {
  const to = nextTicketStatus(ticket.status)
  if (!to) return null
  await tx.update(kitchenTickets).set({ status: to, updatedAt: at }).where(eq(kitchenTickets.id, ticket.id))
  return { ticketId: ticket.id, from: ticket.status, to }
}

/** A table order's tickets counted, as `nextTableOrderStatus` reads them. */
export async function countTickets(tx: Transaction, orderId: string): Promise<TicketCounts> {
  const [counts] = await tx
    .select({
      tickets: sql<number>`count(*)`.mapWith(Number),
      ready: sql<number>`count(*) filter (where ${kitchenTickets.status} in ('43', '59'))`.mapWith(Number),
      served: sql<number>`count(*) filter (where ${kitchenTickets.status} = '59')`.mapWith(Number),
    })
    .from(kitchenTickets)
    .where(eq(kitchenTickets.orderId, orderId))
  return counts ?? { tickets: 0, ready: 0, served: 0 }
}

/**
 * A tab at a table takes the one step its tickets call for (domain/order-transitions.ts,
 * `nextTableOrderStatus`), through `moveOrder`; the caller holds the order locked. Null: it stays.
 */
export async function followTickets(
  tx: Transaction,
  order: { id: string; status: string; paymentStatus: string | null },
  counts: TicketCounts,
  at: Date,
): Promise<TableKitchenMove | null> {
  const to = nextTableOrderStatus(order.status, counts, order.paymentStatus)
  if (!to) return null
  await moveOrder(tx, order.id, to, { at })
  return { orderId: order.id, from: order.status, to }
}
