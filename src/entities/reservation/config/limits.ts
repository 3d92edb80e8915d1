/** Check-in, booking and cancelling are throttled by 5000 ms (docs/app.md, "Throttles"). */
export const RESERVATION_THROTTLE_MS = 5_000
/** The wait-time board is read again this often while it is on screen. */
export const WAIT_TIMES_REFRESH_MS = 30_000
/** Without live events, an active reservation is read again this often. */
export const RESERVATION_POLL_MS = 20_000
