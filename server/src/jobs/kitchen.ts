import type { Database } from '../db/client'
import { runTableKitchenTick } from '../modules/dine-in/table-kitchen'
import { moveDueOrders, type KitchenMove } from '../modules/orders/kitchen'

export type { KitchenMove }
export type KitchenOptions = { stepSeconds?: number }

/**
 * One tick of the sandbox kitchen, in one transaction: every due order one status along
 * (orders/kitchen.ts), then the tickets of table orders and the orders following them
 * (dine-in/table-kitchen.ts). Composed here so orders never import dine-in, which builds on them.
 */
export async function runKitchenTick(db: Database, now: Date, { stepSeconds = 20 }: KitchenOptions = {}): Promise<KitchenMove[]> {
  return db.transaction(async (tx) => [...(await moveDueOrders(tx, now, stepSeconds)), ...(await runTableKitchenTick(tx, now, stepSeconds))])
}
