import { toTotalsRequest, type Cart } from '@/entities/cart'
import type { Session } from '@/entities/session'
import { TOAST_FLOW_MS } from '@/shared/config'
import { createRequestState } from '@/shared/lib/request'
import { throttleAsync } from '@/shared/lib/throttle'
import { showToast } from '@/shared/ui'
import { createOrder, PlacementRefused, type OrderDetail, type PlaceOrderRequest } from '../api/create-order'
import { rememberActiveOrder } from './active-orders'

/** SPEC §8, word for word. */
export const PLACE_ORDER_FAILED = 'Please Retry'
/** SPEC §9: order placement is throttled by 5000 ms. */
export const PLACE_ORDER_THROTTLE_MS = 5_000

/** The order placed from the cart, with the request it was placed from (a changed cart needs a new order). */
export type PlacedOrder = { order: OrderDetail; request: string }

const placement = createRequestState<PlacedOrder>()
/** SPEC §4 Cart "place order": loading, then success (the orderId kept) or failure with the message. */
export const $placeOrder = placement.$state

/** The cart as createOrder takes it, with who is ordering; null while the cart cannot be placed. */
export function toPlaceOrderRequest(cart: Cart, session: Session): PlaceOrderRequest | null {
  const priced = toTotalsRequest(cart)
  if (!priced || session.status === 'guest') return null
  // The wallet is a signed-in customer's (the server refuses it to a guest).
  const { walletAmount, ...totals } = priced
  const wallet = session.status === 'signedIn' && walletAmount ? { walletAmount } : {}
  const scheduled = cart.isScheduleOrder && cart.selectedDate && cart.selectedTimeSlot
  return {
    ...totals,
    ...wallet,
    ...(session.status === 'guestSignedIn'
      ? { guest: { fullName: session.guest.fullName, phone: session.guest.mobile, ...(session.guest.email ? { email: session.guest.email } : {}) } }
      : {}),
    ...(cart.orderInstruction.trim() ? { orderInstruction: cart.orderInstruction.trim() } : {}),
    ...(totals.deliveryLocation && cart.deliveryInstruction.trim() ? { deliveryInstruction: cart.deliveryInstruction.trim() } : {}),
    ...(totals.deliveryLocation && cart.deliveryLocation ? { deliveryAddress: { addressLine1: cart.deliveryLocation.label } } : {}),
    ...(scheduled ? { isScheduleOrder: true, selectedDate: cart.selectedDate!, selectedTimeSlot: cart.selectedTimeSlot! } : { isScheduleOrder: false }),
  }
}

// One key per cart until it is placed: a retry of the same cart replays the first answer instead of placing twice.
const keysByRequest = new Map<string, string>()

function idempotencyKeyFor(fingerprint: string): string {
  let key = keysByRequest.get(fingerprint)
  if (!key) {
    key = `order-${crypto.randomUUID()}`
    keysByRequest.set(fingerprint, key)
  }
  return key
}

function placementFailure(error: unknown): string {
  console.error('Placing the order failed:', error)
  const message = error instanceof PlacementRefused && error.message ? error.message : PLACE_ORDER_FAILED
  showToast(message, { tone: 'error', durationMs: TOAST_FLOW_MS })
  return message
}

async function place(request: PlaceOrderRequest, withSession: boolean): Promise<PlacedOrder | undefined> {
  const fingerprint = JSON.stringify(request)
  const placed = await placement.run(async () => {
    const order = await createOrder(request, idempotencyKeyFor(fingerprint), withSession)
    return { order, request: fingerprint }
  }, placementFailure)
  if (placed) {
    keysByRequest.delete(fingerprint)
    rememberActiveOrder(placed.order.orderId)
  }
  return placed
}

/** Places the order; the same cart within 5000 ms gets the running placement back. */
export const placeOrder = throttleAsync(place, PLACE_ORDER_THROTTLE_MS)

/** True when the placed order was placed from this request, so it can be paid as is. */
export const isPlacedFrom = (placed: PlacedOrder | undefined, request: PlaceOrderRequest | null) =>
  Boolean(placed && request && placed.request === JSON.stringify(request))

export function resetPlaceOrder(): void {
  placement.reset()
  keysByRequest.clear()
}
