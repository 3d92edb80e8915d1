import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { TotalsResponse } from '../../../../src/shared/api/contracts/orders'
import { menuItems, modifierOptions, modifiers, orderItemOptions, orderItems } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import type { Transaction } from '../../lib/idempotency'

type PricedLine = TotalsResponse['lines'][number]

/** Takes the ordered quantities from stock; two orders racing for the last one cannot both win. */
export async function takeStock(tx: Transaction, lines: Pick<PricedLine, 'itemId' | 'name' | 'quantity'>[]) {
  const byItem = new Map<string, { name: string; quantity: number }>()
  for (const line of lines) byItem.set(line.itemId, { name: line.name, quantity: (byItem.get(line.itemId)?.quantity ?? 0) + line.quantity })
  // In id order, so two orders of the same dishes lock them in the same order (no deadlock).
  for (const [itemId, { name, quantity }] of [...byItem].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const [item] = await tx.select({ stock: menuItems.stockQuantity }).from(menuItems).where(eq(menuItems.id, itemId))
    if (item?.stock === null || item?.stock === undefined) continue
    const taken = await tx
      .update(menuItems)
      .set({ stockQuantity: sql`${menuItems.stockQuantity} - ${quantity}` })
      .where(and(eq(menuItems.id, itemId), isNotNull(menuItems.stockQuantity), sql`${menuItems.stockQuantity} >= ${quantity}`))
      .returning()
    if (taken.length === 0) throw new ApiError(409, 'out_of_stock', `${name} has just sold out. Please lower the quantity or remove it.`)
  }
}

/**
 * Writes priced lines and their chosen options as copies (names and prices), so a later menu
 * change leaves the order alone. `firstSortOrder` continues an order's lines; `round` is a dine-in round.
 */
export async function writeOrderLines(
  tx: Transaction,
  orderId: string,
  lines: PricedLine[],
  { comments, firstSortOrder = 0, round = 1 }: { comments: (string | null)[]; firstSortOrder?: number; round?: number },
) {
  const optionIds = lines.flatMap((line) => line.options.map((option) => option.modifierOptionId))
  const typeIds = new Map(
    optionIds.length
      ? (
          await tx
            .select({ optionId: modifierOptions.id, typeId: modifiers.typeId })
            .from(modifierOptions)
            .innerJoin(modifiers, eq(modifierOptions.modifierId, modifiers.id))
            .where(inArray(modifierOptions.id, optionIds))
        ).map((row) => [row.optionId, row.typeId])
      : [],
  )
  const written = await tx
    .insert(orderItems)
    .values(
      lines.map((line, index) => ({
        orderId,
        itemId: line.itemId,
        name: line.name,
        quantity: line.quantity,
        unitPriceMinor: line.unitPrice,
        lineSubtotalMinor: line.lineSubtotal,
        itemTaxBp: Math.round(line.itemTaxRate * 100),
        itemTaxMinor: line.itemTax,
        comment: comments[index] || null,
        sortOrder: firstSortOrder + index,
        round,
      })),
    )
    .returning()
  const idOf = new Map(written.map((row) => [row.sortOrder, row.id]))
  const options = lines.flatMap((line, index) =>
    line.options.map((option) => ({
      orderItemId: idOf.get(firstSortOrder + index)!,
      modifierOptionId: option.modifierOptionId,
      optionName: option.optionName,
      modifier: option.modifier,
      priceMinor: option.price,
      quantity: option.quantity,
      typeId: typeIds.get(option.modifierOptionId) ?? 1,
    })),
  )
  if (options.length) await tx.insert(orderItemOptions).values(options)
  return written
}
