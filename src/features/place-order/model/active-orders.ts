import { markCartPlaced, reopenCart } from '@/entities/cart'
import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'

/** An active order is remembered for one hour (docs/checkout.md, "Placing and paying"). */
export const ACTIVE_ORDER_MS = 60 * 60 * 1000

/**
 * An order placed from this browser. `request` is the fingerprint of the cart it was placed from
 * while it waits for its payment, so a reloaded checkout pays that order instead of placing another.
 */
export type ActiveOrder = { orderId: string; expiryTime: number; request?: string }

/** The stored active orders still within their hour; expired ones are dropped from storage. */
export function readActiveOrders(now = Date.now()): ActiveOrder[] {
  const stored = secureStorage.get<unknown>(STORAGE_KEYS.activeOrders)
  const all = Array.isArray(stored)
    ? stored.filter((entry): entry is ActiveOrder => typeof entry?.orderId === 'string' && typeof entry?.expiryTime === 'number')
    : []
  const live = all.filter((entry) => entry.expiryTime > now)
  // Nothing stored, nothing to write: the cart's and checkout's start encrypted an empty list every time.
  if (stored !== undefined && (!Array.isArray(stored) || live.length !== stored.length)) secureStorage.set(STORAGE_KEYS.activeOrders, live)
  return live
}

export function rememberActiveOrder(orderId: string, now = Date.now(), request?: string): void {
  const others = readActiveOrders(now).filter((entry) => entry.orderId !== orderId)
  secureStorage.set(STORAGE_KEYS.activeOrders, [...others, { orderId, expiryTime: now + ACTIVE_ORDER_MS, ...(request ? { request } : {}) }])
  // Placed from the cart and waiting for its payment: the cart is that order, and the menu does not add to it (docs/checkout.md "Placed is frozen").
  if (request) markCartPlaced(orderId)
}

/** The newest active order placed from this cart and not yet settled, if any. */
export function activeOrderPlacedFrom(request: string, now = Date.now()): ActiveOrder | undefined {
  return readActiveOrders(now).findLast((entry) => entry.request === request)
}

/** The order no longer waits for this browser to pay it (paid, cancelled or expired): it stays an active order, no longer one to resume. */
export function settleActiveOrder(orderId: string, now = Date.now()): void {
  // Paid, cancelled, expired or gone: the cart no longer waits for it.
  reopenCart(orderId)
  const entries = readActiveOrders(now)
  if (!entries.some((entry) => entry.orderId === orderId && entry.request)) return
  secureStorage.set(
    STORAGE_KEYS.activeOrders,
    entries.map((entry) => (entry.orderId === orderId ? { orderId: entry.orderId, expiryTime: entry.expiryTime } : entry)),
  )
}
