import type { DatabaseHandle } from '../db/client'
import { noteListenFailure } from './errors'

/** The first wait before a LISTEN that could not start is tried again; it doubles up to LISTEN_RETRY_MAX_MS. */
export const LISTEN_RETRY_MS = 1_000
export const LISTEN_RETRY_MAX_MS = 30_000
/** A LISTEN that keeps failing is logged once in this long (its first failure always). */
const LOG_EVERY_MS = 60_000

type Timers = { setTimeout: (run: () => void, ms: number) => { unref?: () => unknown } }

/**
 * Starts a LISTEN and, when it cannot start (the database away while the instance starts, or its
 * connection dropped as it starts), tries again after LISTEN_RETRY_MS, doubling up to
 * LISTEN_RETRY_MAX_MS, until it listens (docs/operations.md "When the database is unavailable").
 * Once it listens the driver keeps it: postgres.js LISTENs again on each new connection and calls
 * `onListen`; PGlite is in the process. Meanwhile the caller works without notifications (the
 * caches ask the database). A failure is logged as noteListenFailure says: the first one, then at
 * most one a minute. The retry's timer never keeps the process alive.
 */
export function keepListening(
  listen: DatabaseHandle['listen'],
  channel: string,
  onNotify: (payload: string) => void,
  onListen: () => void,
  { log, what, timers = globalThis, clock = Date.now }: { log: Pick<Console, 'error'>; what: string; timers?: Timers; clock?: () => number },
): void {
  let wait = LISTEN_RETRY_MS
  let loggedAt = -Infinity
  const attempt = () => {
    listen(channel, onNotify, onListen).catch((error: unknown) => {
      const now = clock()
      if (now - loggedAt >= LOG_EVERY_MS) {
        loggedAt = now
        noteListenFailure(log, `${what}; trying again in ${Math.round(wait / 1000)} s`, error)
      }
      timers.setTimeout(attempt, wait).unref?.()
      wait = Math.min(wait * 2, LISTEN_RETRY_MAX_MS)
    })
  }
  attempt()
}
