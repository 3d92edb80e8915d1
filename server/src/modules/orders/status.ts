import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { orders, orderStatusHistory } from '../../db/schema'
import { queueOrderText } from './order-texts'
import type { Transaction } from '../../db/executor'

type OrderRow = typeof orders.$inferSelect

/**
 * The one way an order's status changes (docs/orders.md "Statuses"): the kitchen, the courier,
 * payments, cancellations and staff screens all call it, in their own transaction. It sets the
 * status (and any other columns the caller changes with it), records it in the status history,
 * NOTIFYs the live trackers (delivered on commit) and writes the text this change sends, if any.
 */
export async function moveOrder(
  tx: Transaction | Database,
  orderId: string,
  status: string,
  { at = new Date(), changes = {} }: { at?: Date; changes?: Partial<OrderRow> } = {},
): Promise<void> {
  await tx
    .update(orders)
    .set({ ...changes, status, updatedAt: at })
    .where(eq(orders.id, orderId))
  await tx.insert(orderStatusHistory).values({ orderId, status, at })
  // The location wakes the kitchen display's stream (docs/kitchen.md "Live"); the order id, its trackers.
  await tx.execute(
    sql`select pg_notify('order_status', json_build_object('orderId', ${orderId}::text, 'locationId', ${orders.locationId}, 'status', ${status}::text, 'at', ${at.toISOString()}::text)::text) from ${orders} where ${orders.id} = ${orderId}`,
  )
  await queueOrderText(tx, orderId, status, at)
}

/** Cancelled by the customer (8) or by the merchant, or expired unpaid (9): docs/orders.md "Statuses". */
export const CANCELLED_STATUSES: readonly string[] = ['8', '9']

/** The one message for an order call without an order id (docs/orders.md "Order calls"). */
export const ORDER_ID_REQUIRED = 'Order ID is required'
