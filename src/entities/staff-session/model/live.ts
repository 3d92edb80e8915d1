import { openEventStream } from '@/shared/api'
import { $staffSession, refreshStaffToken, staffAuthHeaders } from './staff-session'

export type StaffStreamOptions = {
  /** Something changed (an event, or the stream came back after a gap): the screen refetches its board. */
  onWake: (event?: { event: string; data: string }) => void
  /** Reconnection delays, ms (tests shorten them). */
  backoffMs?: readonly number[]
}

const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const

/**
 * Follows a staff live stream (`/staff/{locationId}/…/events`, docs/staff.md "Sessions"): Server-
 * Sent Events read over fetch with the staff member's token. Every event wakes the screen, which
 * refetches its board (the events say that something changed, the board says what). A stream that
 * ends or cannot be opened is opened again after a growing pause, and wakes the screen when it is
 * back, since events may have been missed; a 401 refreshes the token first, and stops when the
 * staff member is signed out. Returns the stop.
 */
export function followStaffStream(path: string, { onWake, backoffMs = BACKOFF_MS }: StaffStreamOptions): () => void {
  let stopped = false
  let attempt = 0
  let closeStream: (() => void) | undefined
  let timer: ReturnType<typeof setTimeout> | undefined

  const open = () => {
    if (stopped || !$staffSession.get()) return
    let opened = false
    closeStream = openEventStream(path, {
      headers: staffAuthHeaders(),
      onEvent: (event) => {
        if (!opened) {
          opened = true
          // Back after a gap: what happened meanwhile is read again.
          if (attempt > 0) onWake()
          attempt = 0
        }
        onWake(event)
      },
      onClosed: (status) => {
        if (stopped) return
        if (status === 401) {
          void refreshStaffToken().then((renewed) => renewed && !stopped && open())
          return
        }
        // 403 (another restaurant, a role that may not) and 404 will not mend by waiting long; still, retry slowly.
        const delay = backoffMs[Math.min(attempt, backoffMs.length - 1)]!
        attempt += 1
        timer = setTimeout(open, delay)
      },
    })
  }
  open()
  return () => {
    stopped = true
    closeStream?.()
    if (timer) clearTimeout(timer)
  }
}
