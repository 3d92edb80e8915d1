import { addItem, setOrderType } from '@/entities/cart'
import { canQuickAdd, isSoldOut } from '@/entities/menu'
import { defaultChoice, priceCustomisation } from '@/shared/lib/customisation'
import type { MenuItem, RestaurantDetail } from '@/shared/api'
import type { AddOutcome } from './add-to-cart'

/**
 * "+" on a dish card (docs/menu.md): one of the dish with its default choices, as a new line or one
 * more of the identical line. A dish with a required choice is never quick-added: it opens.
 */
export function quickAdd(item: MenuItem, restaurant: RestaurantDetail, menuType: string, eventDate: string | null): AddOutcome {
  if (!canQuickAdd(item) || isSoldOut(item)) return { status: 'blocked' }
  const priced = priceCustomisation(item, defaultChoice(item.modifiers), 1)
  if (!priced.ok) return { status: 'blocked' }
  const line = { itemId: item.id, name: item.name, slug: item.slug, options: priced.options, modifierIds: priced.modifierIds, unitPrice: priced.unitPrice, quantity: 1, comment: '' }
  const added = addItem(restaurant, menuType, line, eventDate)
  if (!added.ok) return added.reason === 'awaiting_payment' ? { status: 'awaiting_payment', orderId: added.orderId } : { status: 'another_restaurant', restaurantName: added.restaurantName }
  setOrderType(menuType)
  return { status: 'added', name: item.name, quantity: 1 }
}
