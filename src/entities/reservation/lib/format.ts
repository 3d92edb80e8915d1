import type { Reservation } from '@/shared/api'

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** "4 guests (1 child, 1 high chair)" */
export function describeParty(party: Pick<Reservation, 'guestCount' | 'kids' | 'highChairs'>): string {
  const extras = [party.kids > 0 && plural(party.kids, 'child', 'children'), party.highChairs > 0 && plural(party.highChairs, 'high chair', 'high chairs')].filter(Boolean)
  return `${plural(party.guestCount, 'guest', 'guests')}${extras.length ? ` (${extras.join(', ')})` : ''}`
}

/** "Sat 22 Nov, 19:30" on the restaurant's wall clock. */
export function formatSlotTime(startsAt: string, timeZone: string, withDate = true): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(startsAt))
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  const time = `${part('hour')}:${part('minute')}`
  return withDate ? `${part('weekday')} ${part('day')} ${part('month')}, ${time}` : `${part('weekday')} ${time}`
}

/** A date such as 2026-11-22 for people: "Sunday 22 November". */
export function formatDay(isoDate: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(`${isoDate}T00:00:00Z`))
}

/** "about 25 minutes", "no wait" */
export function describeWait(minutes: number | null): string {
  if (minutes === null) return 'unknown'
  if (minutes <= 0) return 'no wait'
  if (minutes < 60) return `about ${plural(minutes, 'minute', 'minutes')}`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return `about ${plural(hours, 'hour', 'hours')}${rest ? ` ${plural(rest, 'minute', 'minutes')}` : ''}`
}

/** The widget's line: "Waitlist: #2 at Empire Burger" or "Table for 4, Sat 19:30 at Olive Tree". */
export function reservationHeadline(reservation: Reservation): string {
  if (reservation.kind === 'CHECKIN') {
    const place = reservation.queuePosition ? `#${reservation.queuePosition}` : 'checked in'
    return `Waitlist: ${place} at ${reservation.merchantName}`
  }
  const when = reservation.slotStart ? `, ${formatSlotTime(reservation.slotStart, reservation.timeZone, false)}` : ''
  return `Table for ${reservation.guestCount}${when} at ${reservation.merchantName}`
}

/** The dates a table can be reserved for, today on the restaurant's clock first (RESERVATION_WINDOW_DAYS of them). */
export function reservableDates(today: string, days: number): string[] {
  const start = new Date(`${today}T00:00:00Z`)
  return Array.from({ length: days }, (_, offset) => {
    const date = new Date(start)
    date.setUTCDate(start.getUTCDate() + offset)
    return date.toISOString().slice(0, 10)
  })
}

/** The status words a diner reads (docs/reservations.md, "Statuses"). */
export const STATUS_LABELS: Record<Reservation['status'], string> = {
  Active: 'Active',
  Seated: 'Seated',
  Completed: 'Completed',
  Cancelled: 'Cancelled',
  NoShow: 'No-show',
}
