import { eq } from 'drizzle-orm'
import { orders } from '../db/schema'
import type { Executor } from '../db/executor'
import { notFound } from '../lib/errors'
import type { Caller } from './caller'

export type OrderRow = typeof orders.$inferSelect

/**
 * The order of `orderId` if the caller may see it: a customer's order only by that customer, a
 * guest's by whoever holds its id (docs/accounts.md "Whose data"); anything else answers 404 as if
 * it did not exist. `lock` takes the row for update, as every change of an order's amounts needs.
 */
export async function loadOwnedOrder(db: Executor, caller: Caller, orderId: string, { lock = false } = {}): Promise<OrderRow> {
  const query = db.select().from(orders).where(eq(orders.id, orderId))
  const [order] = lock ? await query.for('update') : await query
  if (!order || (order.customerId !== null && order.customerId !== caller.customerId)) throw notFound('The order')
  return order
}
