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

/** SPEC §8: a reservation refused with 400 shows the server's message; any other failure "Please Try Again". */
export function reservationFailure(error: unknown): string {
  return error instanceof ReservationRefused && error.status === 400 && error.message ? error.message : PLEASE_TRY_AGAIN
}
