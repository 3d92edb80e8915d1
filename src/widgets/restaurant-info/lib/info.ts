import type { RestaurantDetail } from '@/shared/api'
import { WEEKDAYS, type WorkingSession } from '@/shared/lib/hours'

/** The service flags a diner cares about (docs/discovery.md, "The restaurant's Info"), with their labels, in display order. */
export const SERVICE_FLAGS = [
  ['delivery', 'Delivery'],
  ['takeAway', 'Takeaway'],
  ['dining', 'Dine-in'],
  ['onlineOrder', 'Online ordering'],
  ['onlineCheckin', 'Online waitlist'],
  ['quickCheckIn', 'Quick check-in'],
  ['digitalMenu', 'Digital menu'],
  ['parking', 'Parking'],
  ['highChair', 'High chairs'],
  ['shareTable', 'Shared tables'],
] as const satisfies readonly (readonly [keyof RestaurantDetail, string])[]

export function offeredServices(restaurant: RestaurantDetail): string[] {
  const reservations = !restaurant.disabledServices?.isReservation && restaurant.dining ? ['Reservations'] : []
  return [...SERVICE_FLAGS.filter(([flag]) => restaurant[flag] === true).map(([, label]) => label), ...reservations]
}

export type DayHours = { day: number; name: string; sessions: WorkingSession[] }

/** The week from Sunday to Saturday (docs/discovery.md, "The restaurant's Info"), each day with its sessions in opening order. */
export function weekHours(sessions: WorkingSession[]): DayHours[] {
  return WEEKDAYS.map((name, day) => ({
    day,
    name,
    sessions: sessions.filter((s) => s.day === day).sort((a, b) => a.opensAt.localeCompare(b.opensAt)),
  }))
}

export function describeSession(session: WorkingSession): string {
  if (session.opensAt === session.closesAt) return 'Open 24 hours'
  return `${session.opensAt}–${session.closesAt}`
}

/** A readable name for an IANA zone: "America/New_York" → "New York time". */
export function zoneLabel(timeZone: string): string {
  const city = timeZone.split('/').pop()?.replaceAll('_', ' ')
  return city ? `${city} time` : timeZone
}
