import { ReservationRefused } from '../api/reservations-api'

/** SPEC §8, word for word: cancel, create and look up a reservation. */
export const PLEASE_TRY_AGAIN = 'Please Try Again'
/** SPEC §8, word for word: the slot lookup. */
export const SLOTS_FAILED = 'Error'
/** SPEC §8, word for word: the wait-time board. */
export const WAIT_TIMES_FAILED = "WaitTimes couldn't be loaded"

/** The server's message when it refused with one (SPEC §8: check-in errors, reservation 400), else `fallback`. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ReservationRefused && error.message ? error.message : fallback
}

/**
 * Refusals whose message tells the diner what to do instead, where "Please Try Again" would have
 * them try the same thing forever: the number is not theirs, or the day's limit is reached
 * (docs/accounts.md "Limits on check-ins and reservations").
 */
const TELLING_REFUSALS: ReadonlySet<string> = new Set(['mobile_not_verified', 'reservation_limit'])

/**
 * SPEC §8: a reservation refused with 400 shows the server's message, and so does one refused
 * for the diner's number or the daily limit; any other failure "Please Try Again".
 */
export function reservationFailure(error: unknown): string {
  if (!(error instanceof ReservationRefused) || !error.message) return PLEASE_TRY_AGAIN
  return error.status === 400 || TELLING_REFUSALS.has(error.code) ? error.message : PLEASE_TRY_AGAIN
}
