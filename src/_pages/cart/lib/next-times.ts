import { scheduleDates, timeSlots, type ScheduleRules } from '@/entities/cart'

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
