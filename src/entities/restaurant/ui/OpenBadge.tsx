import type { LocationSummary } from '@/shared/api'
import { openingStatus, WEEKDAYS, zonedClock } from '@/shared/lib/hours'
import css from './OpenBadge.module.css'

/** Open now, or when it opens next, computed in the browser from the location's own time zone. */
export function OpenBadge({ restaurant }: { restaurant: Pick<LocationSummary, 'workingHours' | 'timeZoneCd'> }) {
  const status = openingStatus(restaurant.workingHours, restaurant.timeZoneCd)
  if (status.open) {
    const allDay = status.minutesToClose !== null && restaurant.workingHours.every((s) => s.opensAt === s.closesAt)
    const until = status.activeSessionEndTime === '00:00' ? 'midnight' : status.activeSessionEndTime
    return <span className={css.open}>{allDay ? 'Open 24 hours' : `Open now · until ${until}`}</span>
  }
  const next = status.nextSession
  const today = zonedClock(new Date(), restaurant.timeZoneCd).date
  const when = next ? `Opens ${next.date === today ? 'today' : WEEKDAYS[next.day]} at ${next.opensAt}` : 'Temporarily closed'
  return <span className={css.closed}>Closed · {when}</span>
}
