import { asc, inArray } from 'drizzle-orm'
import { modifierOptions, modifiers } from '../db/schema'
import type { Executor } from '../db/executor'

/**
 * The modifiers of `itemIds` and their options, each in its sort order, as the menu shows them.
 * Pricing reads a cart's in the same order within its dishes' statement (orders/pricing/load-cart.ts).
 */
export async function modifierRowsOf(db: Executor, itemIds: readonly string[]) {
  const modifierRows = itemIds.length ? await db.select().from(modifiers).where(inArray(modifiers.itemId, [...itemIds])).orderBy(asc(modifiers.sortOrder)) : []
  const optionRows = modifierRows.length
    ? await db
        .select()
        .from(modifierOptions)
        .where(
          inArray(
            modifierOptions.modifierId,
            modifierRows.map((m) => m.id),
          ),
        )
        .orderBy(asc(modifierOptions.sortOrder))
    : []
  return { modifierRows, optionRows }
}
