import { and, eq } from 'drizzle-orm'
import { orders, orderTypes } from '../../db/schema'
import type { Executor } from '../../db/executor'

/** Dine-in (SPEC §3 order type group D). */
export const DINE_IN = 'D'

/** True when the order is a dine-in order at a table: an open tab, paid at the end (docs/decisions.md "Dine-in"). */
export async function isTableOrder(db: Executor, order: Pick<typeof orders.$inferSelect, 'tableId' | 'locationId' | 'orderTypeCode'>): Promise<boolean> {
  if (!order.tableId) return false
  const [type] = await db
    .select({ typeGroup: orderTypes.typeGroup })
    .from(orderTypes)
    .where(and(eq(orderTypes.locationId, order.locationId), eq(orderTypes.code, order.orderTypeCode)))
  return type?.typeGroup === DINE_IN
}
