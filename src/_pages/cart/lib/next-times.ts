import { scheduleDates, timeSlots, type ScheduleRules } from '@/entities/cart'
import { MONTHS, WEEKDAYS } from '@/shared/lib/hours'

export type NextTime = { date: string; slot: string }

/** The first `count` times a closed restaurant takes an order for, in its own calendar: what it offers instead of "As soon as possible". */
export function nextTimes(rules: ScheduleRules, now: Date, count = 3): NextTime[] {
  const times: NextTime[] = []
  for (const date of scheduleDates(rules, now)) {
    for (const slot of timeSlots(rules, date, now)) {
      times.push({ date, slot })
      if (times.length === count) return times
    }
  }
  return times
}

/** "Tue 10 Mar", read in the restaurant's calendar (the date is already local). */
export function dateLabel(isoDate: string, today: string): string {
  if (isoDate === today) return 'Today'
  const date = new Date(`${isoDate}T12:00:00Z`)
  return `${WEEKDAYS[date.getUTCDay()]!.slice(0, 3)} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`
}
