import { and, eq, sql } from 'drizzle-orm'
import { kitchenTickets, orderItems, orders, orderTypes } from '../db/schema'
import type { Executor } from '../db/executor'

/**
 * What ordering, payments and the kitchen need to know about a dine-in order at a table (an open
 * tab, paid at the end, cooked round by round: docs/dine-in.md), without importing the dine-in
 * module, which builds on orders.
 */

/** The order type group of dine-in orders (docs/orders.md "Order types"). */
export const DINE_IN = 'D'

/** True when the order is a dine-in order at a table. */
export async function isTableOrder(db: Executor, order: Pick<typeof orders.$inferSelect, 'tableId' | 'locationId' | 'orderTypeCode'>): Promise<boolean> {
  if (!order.tableId) return false
  const [type] = await db
    .select({ typeGroup: orderTypes.typeGroup })
    .from(orderTypes)
    .where(and(eq(orderTypes.locationId, order.locationId), eq(orderTypes.code, order.orderTypeCode)))
  return type?.typeGroup === DINE_IN
}

/** SQL true for a dine-in order at a table: the open tab the kitchen cooks round by round. */
export const isTableOrderSql = sql`(${orders.tableId} is not null and exists (select 1 from ${orderTypes} ot where ot.location_id = ${orders.locationId} and ot.code = ${orders.orderTypeCode} and ot.type_group = 'D'))`

/** Opens a kitchen ticket for every round of the order that has none yet (41, in preparation). */
export async function openMissingTickets(tx: Executor, orderId: string): Promise<void> {
  const rounds = await tx.selectDistinct({ round: orderItems.round }).from(orderItems).where(eq(orderItems.orderId, orderId))
  if (rounds.length === 0) return
  await tx
    .insert(kitchenTickets)
    .values(rounds.map(({ round }) => ({ orderId, round, status: '41' })))
    .onConflictDoNothing()
  // A new tab at a table wakes its location's kitchen display (docs/kitchen.md "Live"), on commit.
  await tx.execute(sql`select pg_notify('kitchen', json_build_object('locationId', ${orders.locationId})::text) from ${orders} where ${orders.id} = ${orderId}`)
}
