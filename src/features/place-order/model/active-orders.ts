import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'

/** SPEC §9: an active order is remembered for one hour. */
export const ACTIVE_ORDER_MS = 60 * 60 * 1000

export type ActiveOrder = { orderId: string; expiryTime: number }

/** The stored active orders still within their hour; expired ones are dropped from storage. */
export function readActiveOrders(now = Date.now()): ActiveOrder[] {
  const stored = secureStorage.get<unknown>(STORAGE_KEYS.activeOrders)
  const all = Array.isArray(stored)
    ? stored.filter((entry): entry is ActiveOrder => typeof entry?.orderId === 'string' && typeof entry?.expiryTime === 'number')
    : []
  const live = all.filter((entry) => entry.expiryTime > now)
  if (!Array.isArray(stored) || live.length !== stored.length) secureStorage.set(STORAGE_KEYS.activeOrders, live)
  return live
}

export function rememberActiveOrder(orderId: string, now = Date.now()): void {
  const others = readActiveOrders(now).filter((entry) => entry.orderId !== orderId)
  secureStorage.set(STORAGE_KEYS.activeOrders, [...others, { orderId, expiryTime: now + ACTIVE_ORDER_MS }])
}
