import { formatOrderNumber } from '@/shared/api'

/** An instant on the restaurant's wall clock, which is what a receipt shows wherever the diner is. */
export function formatRestaurantTime(iso: string, timeZone: string): string {
  const fields = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const
  return new Intl.DateTimeFormat(undefined, { ...fields, timeZone }).format(new Date(iso))
}

/** "6:32 PM" on the restaurant's wall clock: an ETA the diner compares with the restaurant's day. */
export function formatRestaurantClock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso))
}

/** The first 8 characters of an id: for a transaction, or an order known only by its id. */
export const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase()

/** "#47", the number said at the counter (docs/orders.md "Order numbers"); an order without one (written outside placement) by its id. */
export const orderNumberOf = (order: { orderId: string; orderNumber?: number | null }) =>
  order.orderNumber != null ? formatOrderNumber(order.orderNumber) : `#${orderNumber(order.orderId)}`

/**
 * An ETA as a countdown (docs/orders.md "ETA"): "in 4 min", "in 1 h 5 min", "any minute now" once
 * it is due, and the day and time for an order scheduled for a later day (a countdown of hours helps nobody).
 */
export function formatCountdown(iso: string, now: Date): string {
  const minutes = Math.ceil((new Date(iso).getTime() - now.getTime()) / 60_000)
  if (minutes <= 0) return 'any minute now'
  if (minutes < 60) return `in ${minutes} min`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? `in ${hours} h` : `in ${hours} h ${rest} min`
}

/** "Visa •••• 4242", or the card brand alone, or "Card". */
export function cardName(brand: string | null, last4: string | null): string {
  const name = brand ?? 'Card'
  return last4 ? `${name} •••• ${last4}` : name
}
