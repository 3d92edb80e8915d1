import { atom } from 'nanostores'
import { toTotalsRequest, type Cart } from '@/entities/cart'
import { fetchReceipt, OrderNotFound, orderNumberOf } from '@/entities/order'
import type { Session } from '@/entities/session'
import { ApiRefusal, cancellationText, UNPAID_ORDER_STATUSES } from '@/shared/api'
import { TOAST_FLOW_MS } from '@/shared/config'
import { createRequestState } from '@/shared/lib/request'
import { throttleAsync } from '@/shared/lib/throttle'
import { showToast } from '@/shared/ui'
import { createOrder, type OrderDetail, type PlaceOrderRequest } from '../api/create-order'
import { activeOrderPlacedFrom, rememberActiveOrder, settleActiveOrder } from './active-orders'

/** The product's words, kept exactly (docs/app.md, "Messages"). */
export const PLACE_ORDER_FAILED = 'Please Retry'
/** Order placement is throttled by 5000 ms (docs/app.md, "Throttles"). */
export const PLACE_ORDER_THROTTLE_MS = 5_000

/** The order placed from the cart, with the request it was placed from (a changed cart needs a new order). */
export type PlacedOrder = { order: OrderDetail; request: string }

const placement = createRequestState<PlacedOrder>()
/** Placing the cart (docs/checkout.md, "Placing and paying"): loading, then success (the orderId kept) or failure with the message. */
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
    ...(totals.deliveryLocation && cart.deliveryLocation
      ? { deliveryAddress: { addressLine1: cart.deliveryLocation.label, ...(cart.deliveryLocation.apartment ? { addressLine2: cart.deliveryLocation.apartment } : {}) } }
      : {}),
    ...(scheduled ? { isScheduleOrder: true, selectedDate: cart.selectedDate!, selectedTimeSlot: cart.selectedTimeSlot! } : { isScheduleOrder: false }),
  }
}

/**
 * What identifies a placement: the request without the wallet amount, which the cart page puts
 * back from the profile (lower once this order spent it) and which does not make another order.
 */
export function placementFingerprint(request: PlaceOrderRequest): string {
  const { walletAmount: _wallet, ...rest } = request
  return JSON.stringify(rest)
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
  const message = error instanceof ApiRefusal && error.message ? error.message : PLACE_ORDER_FAILED
  showToast(message, { tone: 'error', durationMs: TOAST_FLOW_MS })
  return message
}

async function place(request: PlaceOrderRequest, withSession: boolean): Promise<PlacedOrder | undefined> {
  const fingerprint = placementFingerprint(request)
  $placementNotice.set(null)
  const placed = await placement.run(async () => {
    const order = await createOrder(request, idempotencyKeyFor(fingerprint), withSession)
    return { order, request: fingerprint }
  }, placementFailure)
  if (placed) {
    keysByRequest.delete(fingerprint)
    // Remembered with its cart until it is paid, so a reload pays it instead of placing another.
    rememberActiveOrder(placed.order.orderId, Date.now(), fingerprint)
  }
  return placed
}

/** Places the order; the same cart within 5000 ms gets the running placement back. */
export const placeOrder = throttleAsync(place, PLACE_ORDER_THROTTLE_MS)

/** True when the placed order was placed from this request, so it can be paid as is. */
export const isPlacedFrom = (placed: PlacedOrder | undefined, request: PlaceOrderRequest | null) =>
  Boolean(placed && request && placed.request === placementFingerprint(request))

/** What happened to the order a reloaded checkout had placed, when it can no longer be paid. */
export type PlacementNotice = { orderId: string; message: string; paid: boolean }
export const $placementNotice = atom<PlacementNotice | null>(null)
/** True while a reloaded checkout looks for the order it had placed. */
export const $resumingPlacement = atom(false)

/**
 * After a reload, the checkout finds the order this cart was placed as and, while it is unpaid,
 * offers it for payment again instead of placing a second one. An order that was cancelled or
 * expired meanwhile is told (and the diner may place the cart again); one already paid too.
 */
export async function resumePlacement(request: PlaceOrderRequest, signedIn: boolean): Promise<void> {
  if (isPlacedFrom(placement.$state.get().data, request) || $resumingPlacement.get()) return
  const fingerprint = placementFingerprint(request)
  const entry = activeOrderPlacedFrom(fingerprint)
  if (!entry) return
  $resumingPlacement.set(true)
  try {
    const order = await fetchReceipt({ orderId: entry.orderId }, signedIn)
    if (UNPAID_ORDER_STATUSES.includes(order.status)) {
      await placement.run(async () => ({ order, request: fingerprint }), placementFailure)
      return
    }
    settleActiveOrder(entry.orderId)
    const number = orderNumberOf(order)
    const cancelled = order.status === '8' || order.status === '9'
    $placementNotice.set({
      orderId: order.orderId,
      paid: !cancelled,
      message: cancelled
        ? `Order ${number}: ${cancellationText(order.cancelReason)}. You can place your order again.`
        : `Order ${number} is already paid.`,
    })
  } catch (error) {
    // Not this diner's or gone: there is nothing to resume. Any other failure leaves it for the next visit.
    if (error instanceof OrderNotFound) settleActiveOrder(entry.orderId)
    else console.error('Looking for the placed order failed:', error)
  } finally {
    $resumingPlacement.set(false)
  }
}

/** The placed order is paid (or given up): it is no longer one to resume. */
export function settlePlacedOrder(orderId: string): void {
  settleActiveOrder(orderId)
}

export function resetPlaceOrder(): void {
  placement.reset()
  keysByRequest.clear()
  $placementNotice.set(null)
}
