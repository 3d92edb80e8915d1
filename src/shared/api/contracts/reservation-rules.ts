/** The waitlist's and reservations' rules and texts: no zod here, so the browser can import them (docs/reservations.md, docs/waitlist.md). */

/** Word for word as diners know it: a second active check-in from the same phone number or device (HTTP 400; docs/accounts.md "Limits on check-ins and reservations"). */
export const ONE_ACTIVE_CHECKIN =
  'Only one checkin is allowed from a device or a phone number and we have detected an active checkin using this device/phone number. Please contact the host for further queries. Thank you!'

/** The largest party the app books online; bigger parties call the restaurant. */
export const MAX_PARTY_SIZE = 20
/** Tables are held in blocks of this many minutes (`table_holds`). */
export const HOLD_BLOCK_MINUTES = 15
/** Reservation slots start every this many minutes. */
export const SLOT_INTERVAL_MINUTES = 30
/** A reservation must start at least this long after it is made. */
export const RESERVATION_LEAD_MINUTES = 60
/** How far ahead a table can be reserved, today included. */
export const RESERVATION_WINDOW_DAYS = 30
/** The last seating of a session is this long before it closes. */
export const LAST_SEATING_MINUTES = 60
/** The device's marker of a check-in just made lives 5 minutes (docs/waitlist.md). */
export const CHECKIN_MARKER_MS = 5 * 60_000

/** How long a party keeps its table: a reservation holds it this long, and the waitlist estimate turns tables over at this pace. */
export function diningMinutes(partySize: number): number {
  if (partySize <= 2) return 75
  if (partySize <= 4) return 90
  if (partySize <= 6) return 105
  return 120
}
