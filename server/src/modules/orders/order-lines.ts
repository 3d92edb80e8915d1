import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { TotalsResponse } from '@/shared/api/contracts/orders'
import { locations, menuItems, modifierOptions, modifiers, orderItemOptions, orderItems } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import type { Transaction } from '../../db/executor'

type PricedLine = TotalsResponse['lines'][number]

/**
 * Takes the ordered quantities from stock; two orders racing for the last one cannot both win.
 *
 * Taking stock changes the menu, so it bumps the location's menu version (migration 0008), which
 * locks the location's row until commit. The location is therefore locked first, before any
 * dish: otherwise an order holding dish B and waiting for the location would deadlock with one
 * holding the location (after dish A) and waiting for dish B. Orders that take stock at one
 * location take turns from here to their commit; orders of unlimited dishes never wait.
 */
export async function takeStock(tx: Transaction, lines: Pick<PricedLine, 'itemId' | 'name' | 'quantity'>[]) {
  const byItem = new Map<string, { name: string; quantity: number }>()
  for (const line of lines) byItem.set(line.itemId, { name: line.name, quantity: (byItem.get(line.itemId)?.quantity ?? 0) + line.quantity })
  if (byItem.size === 0) return
  const counted = await tx
    .select({ id: menuItems.id, locationId: menuItems.locationId })
    .from(menuItems)
    .where(and(inArray(menuItems.id, [...byItem.keys()]), isNotNull(menuItems.stockQuantity)))
  if (counted.length === 0) return
  const locationIds = [...new Set(counted.map((item) => item.locationId))].sort()
  await tx.select({ id: locations.id }).from(locations).where(inArray(locations.id, locationIds)).orderBy(asc(locations.id)).for('no key update')
  // In id order, so two orders of the same dishes lock them in the same order.
  for (const itemId of counted.map((item) => item.id).sort()) {
    const { name, quantity } = byItem.get(itemId)!
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

/**
 * Gives an order's counted dishes back to stock (a cancelled or expired order). Locks in the same
 * order as takeStock (locations, then dishes by id), so it never deadlocks with a placement.
 */
export async function giveBackStock(tx: Transaction, orderId: string) {
  const lines = await tx.select({ itemId: orderItems.itemId, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId))
  const byItem = new Map<string, number>()
  for (const line of lines) if (line.itemId) byItem.set(line.itemId, (byItem.get(line.itemId) ?? 0) + line.quantity)
  if (byItem.size === 0) return
  const counted = await tx
    .select({ id: menuItems.id, locationId: menuItems.locationId })
    .from(menuItems)
    .where(and(inArray(menuItems.id, [...byItem.keys()]), isNotNull(menuItems.stockQuantity)))
  if (counted.length === 0) return
  const locationIds = [...new Set(counted.map((item) => item.locationId))].sort()
  await tx.select({ id: locations.id }).from(locations).where(inArray(locations.id, locationIds)).orderBy(asc(locations.id)).for('no key update')
  for (const itemId of counted.map((item) => item.id).sort()) {
    await tx
      .update(menuItems)
      .set({ stockQuantity: sql`${menuItems.stockQuantity} + ${byItem.get(itemId)!}` })
      .where(and(eq(menuItems.id, itemId), isNotNull(menuItems.stockQuantity)))
  }
}
