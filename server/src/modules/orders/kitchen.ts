import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { deliveries, orderStatusHistory, orders, orderTypes } from '../../db/schema'
import type { Transaction } from '../../db/executor'
import { isTableOrderSql } from '../../domain/table-order'
import { staffOnShiftSql } from '../../domain/staff-on-shift'
import { MOVING_STATUSES, SCHEDULED_LEAD_MS } from '../../domain/order-transitions'
import { advanceOrder, type OrderMove } from './advance'

/** Orders moved per tick; the rest wait for the next one. */
const BATCH_SIZE = 100

export type KitchenMove = OrderMove

/**
 * Moves every due order that is not a table order one status along, inside the kitchen's
 * transaction (jobs/kitchen.ts): due means in a status the kitchen moves and unchanged for
 * `stepSeconds`, at a location with no staff on shift. Rows are taken FOR UPDATE SKIP LOCKED (docs/operations.md "Background jobs"), so two instances
 * ticking at once never move the same order twice.
 */
export async function moveDueOrders(tx: Transaction, now: Date, stepSeconds: number): Promise<KitchenMove[]> {
  const cutoff = new Date(now.getTime() - stepSeconds * 1000).toISOString()
  const lastChange = sql`coalesce((select max(h.at) from ${orderStatusHistory} h where h.order_id = ${orders.id}), ${orders.updatedAt})`
  const due = await tx
    .select({ id: orders.id, status: orders.status, typeGroup: orderTypes.typeGroup })
    .from(orders)
    .leftJoin(orderTypes, and(eq(orderTypes.locationId, orders.locationId), eq(orderTypes.code, orders.orderTypeCode)))
    .where(
      and(
        inArray(orders.status, [...MOVING_STATUSES]),
        sql`${lastChange} <= ${cutoff}::timestamptz`,
        // A scheduled event order is prepared ahead and waits at 70 (being prepared); any other scheduled order waits at 11.
        or(
          sql`${orders.status} <> (case when ${orderTypes.typeGroup} = 'E' then '70' else '11' end)`,
          isNull(orders.scheduledFor),
          lte(orders.scheduledFor, new Date(now.getTime() + SCHEDULED_LEAD_MS)),
        ),
        // A ready order with a courier booked is the courier's from here on (14, 50, 15 as it drives).
        or(sql`${orders.status} not in ('13', '14')`, sql`not exists (select 1 from ${deliveries} d where d.order_id = ${orders.id})`),
        // A dine-in order at a table follows its kitchen tickets (runTableKitchenTick).
        sql`not ${isTableOrderSql}`,
        // A restaurant with staff on shift runs its own kitchen (docs/kitchen.md "The sandbox steps aside").
        sql`not ${staffOnShiftSql(orders.locationId, now)}`,
      ),
    )
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(BATCH_SIZE)
    .for('update', { of: orders, skipLocked: true })
  const moves: KitchenMove[] = []
  for (const order of due) {
    // The kitchen display's bump takes the same step (modules/kitchen/bump.ts).
    const move = await advanceOrder(tx, { id: order.id, status: order.status, typeGroup: order.typeGroup ?? 'P' }, now)
    if (move) moves.push(move)
  }
  return moves
}
