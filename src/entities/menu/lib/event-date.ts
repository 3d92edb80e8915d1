import { MONTHS, WEEKDAYS, zonedClock } from '@/shared/lib/hours'

/** A real calendar date written YYYY-MM-DD, as the event routes carry it; anything else is null. */
export function parseEventDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim())
  if (!match) return null
  const [, year, month, day] = match.map(Number) as [number, number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  return real ? value.trim() : null
}

/** "Thursday, 24 Dec 2026", with full weekday and short month names. */
export function formatEventDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return `${WEEKDAYS[date.getUTCDay()]}, ${day} ${MONTHS[month - 1]} ${year}`
}

/** Whether the date is already over where the restaurant is. */
export const isPastDate = (isoDate: string, timeZone: string, now = new Date()) => isoDate < zonedClock(now, timeZone).date
