import { call, type TotalsRequest } from '@/shared/api'
import { isEventCart, type Cart } from '../model/cart'

/** The cart as POST /order/customer/totals takes it; null while it has nothing to price. */
export function toTotalsRequest(cart: Cart): TotalsRequest | null {
  if (!cart.locationId || !cart.orderTypeId || cart.items.length === 0) return null
  const delivering = cart.restaurant?.orderTypes.find((type) => type.code === cart.orderTypeId)?.typeGroup === 'L'
  return {
    locationId: cart.locationId,
    orderTypeCode: cart.orderTypeId,
    items: cart.items.map((line) => ({
      itemId: line.itemId,
      quantity: line.quantity,
      options: line.options.map(({ modifierOptionId, quantity }) => ({ modifierOptionId, quantity })),
      ...(line.comment ? { comment: line.comment } : {}),
    })),
    tip: { tipType: cart.tip.tipType, value: cart.tip.tipType === 'NONE' ? 0 : cart.tip.tipValue },
    ...(cart.deliveryLocation && delivering ? { deliveryLocation: { lat: cart.deliveryLocation.lat, lng: cart.deliveryLocation.lng } } : {}),
    ...(cart.couponCode ? { couponCode: cart.couponCode } : {}),
    ...(cart.walletAmount > 0 ? { walletAmount: cart.walletAmount } : {}),
    ...(isEventCart(cart) && cart.event ? { eventSlug: cart.event.slug, eventDate: cart.event.date } : {}),
  }
}

/**
 * The server's prices, taxes, surcharge, fees and total of a cart (an encrypted order call: docs/api.md
 * "Wire protocol"); a refusal (sold out, below the minimum …) rejects with ApiRefusal. Signed: a
 * coupon's per-customer limit and the wallet belong to the signed-in customer.
 */
export const fetchCartTotals = (request: TotalsRequest) => call('POST /order/customer/totals', { body: request, auth: true, encrypted: true })
