import { addItem, awaitingPayment, customiseItem, setOrderType, startNewCart } from '@/entities/cart'
import { isSoldOut } from '@/entities/menu'
import { priceCustomisation } from '@/shared/lib/customisation'
import type { RestaurantDetail } from '@/shared/api'
import { $draft, discardDraft } from './customise'

export type AddOutcome =
  | { status: 'added' | 'updated'; name: string; quantity: number }
  /** The cart holds another restaurant's dishes: the diner decides whether to start a new cart. */
  | { status: 'another_restaurant'; restaurantName: string }
  /** The cart is placed as an order waiting for its payment: nothing changed; the diner pays it or edits the order. */
  | { status: 'awaiting_payment'; orderId: string }
  /** A required choice is missing or the item is sold out: nothing changed. */
  | { status: 'blocked' }

/**
 * Puts the customised item in the cart: a new line (or more of an identical one), or the edited
 * line's new choices. The menu the diner ordered from becomes the cart's order type.
 */
export function addDraftToCart(restaurant: RestaurantDetail, eventDate: string | null, startOver = false): AddOutcome {
  const draft = $draft.get()
  if (!draft || isSoldOut(draft.item)) return { status: 'blocked' }
  const priced = priceCustomisation(draft.item, draft.chosen, draft.quantity)
  if (!priced.ok) return { status: 'blocked' }
  // Before anything changes, even a new cart for another restaurant (docs/checkout.md "Placed is frozen").
  const waiting = awaitingPayment()
  if (waiting) return { status: 'awaiting_payment', orderId: waiting.orderId }
  const choice = { options: priced.options, modifierIds: priced.modifierIds, unitPrice: priced.unitPrice, quantity: priced.quantity, comment: draft.comment }

  if (draft.lineId && customiseItem(draft.lineId, choice)) {
    setOrderType(draft.menuType)
    discardDraft()
    return { status: 'updated', name: draft.item.name, quantity: priced.quantity }
  }
  if (startOver) startNewCart(restaurant, draft.menuType, eventDate)
  const added = addItem(restaurant, draft.menuType, { itemId: draft.item.id, name: draft.item.name, slug: draft.item.slug, ...choice }, eventDate)
  if (!added.ok) return added.reason === 'awaiting_payment' ? { status: 'awaiting_payment', orderId: added.orderId } : { status: 'another_restaurant', restaurantName: added.restaurantName }
  setOrderType(draft.menuType)
  discardDraft()
  return { status: 'added', name: draft.item.name, quantity: priced.quantity }
}
