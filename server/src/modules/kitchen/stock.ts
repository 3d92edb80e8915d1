import { and, asc, eq, sql } from 'drizzle-orm'
import type { StockDish } from '@/shared/api/contracts/kitchen'
import { locations, menuCategories, menuItems } from '../../db/schema'
import type { Executor, Transaction } from '../../db/executor'
import { notFound } from '../../lib/errors'

/** Wakes the location's kitchen displays for a change that is not an order's (stock, the pause). */
export const KITCHEN_CHANNEL = 'kitchen'
const wakeKitchen = (tx: Executor, locationId: string) => tx.execute(sql`select pg_notify(${KITCHEN_CHANNEL}, ${JSON.stringify({ locationId })})`)

const dishColumns = {
  id: menuItems.id,
  name: menuItems.name,
  category: menuCategories.name,
  stockQuantity: menuItems.stockQuantity,
}
const toDish = (row: { id: string; name: string; category: string | null; stockQuantity: number | null }): StockDish => ({
  id: row.id,
  name: row.name,
  category: row.category ?? '',
  soldOut: row.stockQuantity !== null && row.stockQuantity <= 0,
  stockQuantity: row.stockQuantity,
})

/** The location's dishes diners can see, by section, with whether each is sold out (docs/kitchen.md "Stock"). */
export async function listStock(db: Executor, locationId: string): Promise<{ dishes: StockDish[] }> {
  const rows = await db
    .select(dishColumns)
    .from(menuItems)
    .leftJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId))
    .where(and(eq(menuItems.locationId, locationId), eq(menuItems.display, 1)))
    .orderBy(asc(menuCategories.sortOrder), asc(menuItems.sortOrder), asc(menuItems.name))
  return { dishes: rows.map(toDish) }
}

/**
 * Marks a dish sold out (stock 0) or back (unlimited, or `quantity` left). The menu's version moves
 * by the triggers of migration 0013 (docs/menu.md "Stock on the menu"), so every cached menu answer
 * and ETag of the location is replaced at once; placement checks stock in its own transaction.
 */
export async function setStock(tx: Transaction, locationId: string, itemId: string, { soldOut, quantity }: { soldOut: boolean; quantity?: number | undefined }): Promise<StockDish> {
  const [updated] = await tx
    .update(menuItems)
    .set({ stockQuantity: soldOut ? 0 : (quantity ?? null) })
    .where(and(eq(menuItems.id, itemId), eq(menuItems.locationId, locationId)))
    .returning()
  if (!updated) throw notFound('The dish')
  await wakeKitchen(tx, locationId)
  const [row] = await tx.select(dishColumns).from(menuItems).leftJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId)).where(eq(menuItems.id, itemId))
  return toDish(row!)
}

/**
 * Pauses or resumes online ordering at the location (docs/kitchen.md "Pause online ordering"):
 * while paused, pricing and placement refuse with 409 online_ordering_paused and the restaurant's
 * page says so. A second pause keeps the first one's time.
 */
export async function setOrderingPaused(tx: Transaction, locationId: string, paused: boolean, now: Date) {
  const [row] = await tx
    .update(locations)
    .set({ orderingPausedAt: paused ? sql`coalesce(${locations.orderingPausedAt}, ${now.toISOString()}::timestamptz)` : null })
    .where(eq(locations.id, locationId))
    .returning()
  if (!row) throw notFound('The restaurant')
  await wakeKitchen(tx, locationId)
  return { orderingPaused: row.orderingPausedAt !== null, orderingPausedAt: row.orderingPausedAt?.toISOString() ?? null }
}
