import { openingStatus, toMinutes, zonedClock, type WorkingSession } from '@/shared/lib/hours'

/** What decides when an order can be collected or delivered: the location's hours and settings. */
export type ScheduleRules = {
  timeZone: string
  workingHours: WorkingSession[]
  scheduledDelivery: boolean
  scheduledDeliveryDurationInDays: number
  /** HH:mm: the latest slot of any day, or null for none. */
  scheduledDeliveryCutOffTime: string | null
  /** Minutes before closing after which no order of this type is taken (pickup or delivery cut-off). */
  pickupCutoff: number
  /** Minutes the kitchen (and the courier) need: the earliest slot today is at least this far away. */
  etaMinutes: number
}

export const SLOT_MINUTES = 15
const MINUTES_PER_DAY = 24 * 60

const weekdayOf = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`).getUTCDay()

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`

/** The open spans of a weekday in minutes of that day, including the tail of a session that began the day before. */
function openSpans(sessions: WorkingSession[], day: number): [number, number][] {
  const spans: [number, number][] = []
  for (const session of sessions) {
    const start = toMinutes(session.opensAt)
    let end = toMinutes(session.closesAt)
    if (end <= start) end += MINUTES_PER_DAY
    if (session.day === day) spans.push([start, Math.min(end, MINUTES_PER_DAY)])
    if (session.day === (day + 6) % 7 && end > MINUTES_PER_DAY) spans.push([0, end - MINUTES_PER_DAY])
  }
  return spans
}

/**
 * The 15-minute slots ("HH:mm", local time) of a date: inside a session and at least `pickupCutoff`
 * minutes before it closes, not after the scheduled cut-off time, and today not before now + ETA.
 */
export function timeSlots(rules: ScheduleRules, isoDate: string, now = new Date()): string[] {
  const clock = zonedClock(now, rules.timeZone)
  const earliest = isoDate === clock.date ? clock.minute + rules.etaMinutes : isoDate > clock.date ? 0 : Infinity
  const latestOfDay = rules.scheduledDeliveryCutOffTime ? toMinutes(rules.scheduledDeliveryCutOffTime) : MINUTES_PER_DAY - 1
  const slots = new Set<number>()
  for (const [start, end] of openSpans(rules.workingHours, weekdayOf(isoDate))) {
    const last = Math.min(end - rules.pickupCutoff, latestOfDay)
    const first = Math.ceil(Math.max(start, earliest) / SLOT_MINUTES) * SLOT_MINUTES
    for (let minute = first; minute <= last && minute < MINUTES_PER_DAY; minute += SLOT_MINUTES) slots.add(minute)
  }
  return [...slots].sort((a, b) => a - b).map(hhmm)
}

/** Today in the location's zone; with scheduled orders on, up to `scheduledDeliveryDurationInDays` more; only days with a slot. */
export function scheduleDates(rules: ScheduleRules, now = new Date()): string[] {
  const today = zonedClock(now, rules.timeZone).date
  const extraDays = rules.scheduledDelivery ? Math.max(0, rules.scheduledDeliveryDurationInDays) : 0
  return Array.from({ length: extraDays + 1 }, (_, offset) => addDays(today, offset)).filter((date) => timeSlots(rules, date, now).length > 0)
}

/** "As soon as possible" is offered while the location is open and not past its pickup cut-off. */
export function canOrderNow(rules: ScheduleRules, now = new Date()): boolean {
  const status = openingStatus(rules.workingHours, rules.timeZone, now)
  return status.open === 1 && (status.minutesToClose ?? 0) > rules.pickupCutoff
}
