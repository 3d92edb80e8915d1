import { ApiRefusal } from '@/shared/api'

/** The product's words for cancel, create and look up a reservation, when the server gave no reason. */
export const PLEASE_TRY_AGAIN = 'Please Try Again'
/** The product's words for the slot lookup, when the server gave no reason. */
export const SLOTS_FAILED = 'Error'
/** The product's words, kept exactly: the wait-time board (docs/waitlist.md, "In the app"). */
export const WAIT_TIMES_FAILED = "WaitTimes couldn't be loaded"
/** A reservation link that names no reservation: Retry cannot help. */
export const RESERVATION_NOT_FOUND = 'This reservation was not found'

/**
 * The server's message when it refused the call for a reason the diner can act on — any 4xx: a
 * taken slot (409 slot_taken), reservations switched off (409 reservations_disabled), the day's
 * limit (409 reservation_limit), another diner's number (403), too many tries (429, saying when),
 * a bad party (400) — else `fallback`. Only failures without a reason (the network, a timeout, a
 * 5xx) leave the diner to try again (docs/reservations.md, "In the app").
 */
export function refusalMessage(error: unknown, fallback: string = PLEASE_TRY_AGAIN): string {
  if (!(error instanceof ApiRefusal) || !error.message) return fallback
  return error.status >= 400 && error.status < 500 ? error.message : fallback
}

/** Whether a lookup failed because there is no such reservation (404), not because of the network. */
export const isNotFound = (error: unknown) => error instanceof ApiRefusal && error.status === 404
