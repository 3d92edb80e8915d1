import { addItem, startNewCart } from '@/entities/cart'
import { fetchMenu, isSoldOut } from '@/entities/menu'
import { priceCustomisation } from '@/shared/lib/customisation'
import { fetchReceipt } from '@/entities/order'
import { fetchRestaurantById } from '@/entities/restaurant'
import type { MenuItem, OrderDetail, RestaurantDetail } from '@/shared/api'

export type ReorderOutcome =
  /** `added` lines went into a new cart; `missing` names the dishes the menu no longer offers as ordered. */
  | { status: 'added'; added: number; missing: string[]; restaurant: RestaurantDetail }
  /** Nothing of the order can be ordered again today. */
  | { status: 'nothing'; missing: string[] }

/** The order to repeat: a receipt on screen brings its lines; an order-history row has them fetched. */
export type ReorderSource = Pick<OrderDetail, 'orderId' | 'locationId' | 'orderTypeCode'> & { items?: OrderDetail['items'] }

/** The menu's version of an order line, with today's prices, or null when it cannot be ordered as it was. */
function lineFromMenu(line: OrderDetail['items'][number], items: Map<string, MenuItem>) {
  const item = line.itemId ? items.get(line.itemId) : undefined
  if (!item || isSoldOut(item)) return null
  const chosen = line.options.flatMap((option) => (option.modifierOptionId ? [{ modifierOptionId: option.modifierOptionId, quantity: option.quantity }] : []))
  if (chosen.length !== line.options.length) return null
  const priced = priceCustomisation(item, chosen, line.quantity)
  if (!priced.ok) return null
  return {
    itemId: item.id,
    name: item.name,
    slug: item.slug,
    quantity: priced.quantity,
    unitPrice: priced.unitPrice,
    options: priced.options,
    modifierIds: priced.modifierIds,
    comment: line.comment ?? '',
  }
}

/**
 * Puts a past order's dishes in a new cart at the same restaurant, priced by today's menu; the
 * cart it replaces is emptied (the diner confirmed that). Dishes no longer on the menu, sold out
 * or with choices that no longer exist are left out and named.
 */
export async function reorder(order: ReorderSource, signedIn: boolean): Promise<ReorderOutcome> {
  const [restaurant, menu, lines] = await Promise.all([
    fetchRestaurantById(order.locationId),
    fetchMenu(order.locationId, order.orderTypeCode),
    order.items ?? fetchReceipt({ orderId: order.orderId }, signedIn).then((receipt) => receipt.items),
  ])
  const items = new Map(menu.items.map((item) => [item.id, item]))
  const again = lines.map((line) => ({ name: line.name, again: lineFromMenu(line, items) }))
  const missing = again.filter((line) => !line.again).map((line) => line.name)
  const available = again.flatMap((line) => (line.again ? [line.again] : []))
  if (!available.length) return { status: 'nothing', missing }
  startNewCart(restaurant, order.orderTypeCode)
  for (const line of available) addItem(restaurant, order.orderTypeCode, line)
  return { status: 'added', added: available.length, missing, restaurant }
}
