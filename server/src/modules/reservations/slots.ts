import {
  diningMinutes,
  HOLD_BLOCK_MINUTES,
  LAST_SEATING_MINUTES,
  RESERVATION_LEAD_MINUTES,
  RESERVATION_WINDOW_DAYS,
  SLOT_INTERVAL_MINUTES,
} from '@/shared/api/contracts/reservations'
import { addDays, localInstant, toMinutes, zonedClock, type WorkingSession } from '@/shared/lib/hours'

const MINUTE = 60_000
const MINUTES_PER_DAY = 24 * 60
const BLOCK_MS = HOLD_BLOCK_MINUTES * MINUTE

/** A slot the generator offers: its wall time, the instant it means, and its session. */
export type SlotCandidate = { time: string; startsAt: Date; sessionName: string }

const hhmm = (minuteOfDay: number) => {
  const minute = ((minuteOfDay % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
}

/** The first and last local date a table can be reserved for, today included. */
export function reservationWindow(now: Date, timeZone: string): { first: string; last: string } {
  const first = zonedClock(now, timeZone).date
  return { first, last: addDays(first, RESERVATION_WINDOW_DAYS - 1) }
}

/** The weekday (0 = Sunday) of an ISO date. */
const weekdayOf = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`).getUTCDay()

/**
 * Every slot start of the sessions that open on the local `date`, in order: every
 * SLOT_INTERVAL_MINUTES from the opening (on the interval grid) to LAST_SEATING_MINUTES before
 * closing. A session past midnight belongs to the date it opened; its late slots fall on the
 * next calendar day. Wall times that do not exist (a DST gap) are skipped. No filter on `now`.
 */
export function sessionSlots(sessions: WorkingSession[], date: string, timeZone: string): SlotCandidate[] {
  const day = weekdayOf(date)
  const slots = new Map<number, SlotCandidate>()
  for (const session of sessions.filter((s) => s.day === day)) {
    const start = toMinutes(session.opensAt)
    let end = toMinutes(session.closesAt)
    if (end <= start) end += MINUTES_PER_DAY
    const first = Math.ceil(start / SLOT_INTERVAL_MINUTES) * SLOT_INTERVAL_MINUTES
    for (let minute = first; minute <= end - LAST_SEATING_MINUTES; minute += SLOT_INTERVAL_MINUTES) {
      const onDate = minute >= MINUTES_PER_DAY ? addDays(date, 1) : date
      const startsAt = localInstant(onDate, hhmm(minute), timeZone)
      if (startsAt && !slots.has(startsAt.getTime())) slots.set(startsAt.getTime(), { time: hhmm(minute), startsAt, sessionName: session.sessionName })
    }
  }
  return [...slots.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
}

/** Whether a slot can still be booked at `now`: far enough ahead (lead time). */
export const bookableAt = (slot: SlotCandidate, now: Date) => slot.startsAt.getTime() >= now.getTime() + RESERVATION_LEAD_MINUTES * MINUTE

/** The hold blocks (their start instants) that a party of `size` takes from `start`: its dining time on the block grid. */
export function holdBlocks(start: Date, size: number): Date[] {
  const from = Math.floor(start.getTime() / BLOCK_MS) * BLOCK_MS
  const until = start.getTime() + diningMinutes(size) * MINUTE
  const blocks: Date[] = []
  for (let block = from; block < until; block += BLOCK_MS) blocks.push(new Date(block))
  return blocks
}
