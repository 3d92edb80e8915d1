import type { z } from 'zod'
import type { Modifier } from '@/shared/api/contracts/merchants'
import type { cartLineRequest, TotalsLine } from '@/shared/api/contracts/orders'
import { checkSelection, customisedUnitPrice, selectionLimit, toCartOptions, type SelectionProblem } from '@/shared/lib/customisation'
import type { locations, menuItems, orderTypes } from '../../../db/schema'
import { applyBasisPoints, percent } from '../../../domain/money'
import { refuse } from '../../../lib/errors'

type LocationRow = typeof locations.$inferSelect
type ItemRow = typeof menuItems.$inferSelect
type OrderTypeRow = typeof orderTypes.$inferSelect

/** A cart line as asked for: which dish, how many, which options. */
export type CartLineRequest = z.output<typeof cartLineRequest>

/** The item of a cart line, or the reason a customer cannot order it (docs/checkout.md "What a cart may hold"). */
export function checkItem(item: ItemRow | undefined, context: { location: LocationRow; orderType: OrderTypeRow; quantityOfItem: number }): ItemRow {
  const { location, orderType, quantityOfItem } = context
  if (!item || !item.visibleTo.includes('C')) {
    throw refuse(400, 'item_not_found', `An item in your cart is no longer on the menu of ${location.branchName}.`)
  }
  if (item.locationId !== location.id) throw refuse(400, 'item_not_at_location', `${item.name} is not on the menu of ${location.branchName}.`)
  if (item.display !== 1) throw refuse(400, 'item_unavailable', `${item.name} is not available right now.`)
  if (item.orderTypeCodes.length > 0 && !item.orderTypeCodes.includes(orderType.code)) {
    throw refuse(400, 'item_not_offered_for_order_type', `${item.name} is not available for ${orderType.name.toLowerCase()}.`)
  }
  if (item.stockQuantity === 0) throw refuse(409, 'sold_out', `${item.name} is sold out.`)
  if (item.stockQuantity !== null && quantityOfItem > item.stockQuantity) {
    throw refuse(409, 'out_of_stock', `Only ${item.stockQuantity} ${item.name} left; please lower the quantity.`)
  }
  return item
}

function selectionMessage(itemName: string, problem: SelectionProblem, itemModifiers: Modifier[]): string {
  const modifier = itemModifiers.find((candidate) => candidate.id === problem.modifierId)
  if (problem.code === 'unknown_option' || !modifier) return `One of the options chosen is not offered with ${itemName}.`
  const min = Math.max(0, modifier.minSelect)
  const max = selectionLimit(modifier)
  if (problem.code === 'too_few') return `Choose ${min === max ? min : `at least ${min}`} ${modifier.name} for ${itemName}.`
  if (problem.code === 'too_many') return `Choose at most ${max} ${modifier.name} for ${itemName}.`
  return `${itemName}: ${problem.message}`
}

/**
 * The priced lines of a cart: each line's options checked against its dish's modifiers, its unit
 * price (the event price when there is one) with its options, and its item tax on the menu price
 * (taxed again once a coupon's discount is known: docs/payments.md "Tax after a discount").
 */
export function priceLines(
  requested: readonly CartLineRequest[],
  items: readonly ItemRow[],
  modifiersByItem: ReadonlyMap<string, Modifier[]>,
  eventPrices: ReadonlyMap<string, number | null> | null,
  location: LocationRow,
): TotalsLine[] {
  return requested.map((line, index) => {
    const item = items[index]!
    const itemModifiers = modifiersByItem.get(item.id) ?? []
    const [problem] = checkSelection(itemModifiers, line.options)
    if (problem) throw refuse(400, 'invalid_options', selectionMessage(item.name, problem, itemModifiers))
    const unitPrice = customisedUnitPrice({ price: eventPrices?.get(item.id) ?? item.priceMinor, modifiers: itemModifiers }, line.options)
    const lineSubtotal = unitPrice * line.quantity
    const taxBp = item.taxBp ?? location.defaultItemTaxBp
    return {
      itemId: item.id,
      name: item.name,
      quantity: line.quantity,
      unitPrice,
      lineSubtotal,
      itemTaxRate: percent(taxBp),
      itemTax: applyBasisPoints(lineSubtotal, taxBp),
      options: toCartOptions(itemModifiers, line.options).map(({ modifierOptionId, optionName, modifier, price, quantity }) => ({
        modifierOptionId,
        optionName,
        modifier,
        price,
        quantity,
      })),
    }
  })
}
