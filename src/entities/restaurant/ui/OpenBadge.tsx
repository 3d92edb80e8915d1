import type { LocationSummary } from '@/shared/api'
import { describeOpenStatus } from '@/shared/lib/hours'
import css from './OpenBadge.module.css'

type Hours = Pick<LocationSummary, 'workingHours' | 'timeZoneCd'>

/** Open now, or when it opens next, computed in the browser from the location's own time zone. */
export function OpenBadge({ restaurant }: { restaurant: Hours }) {
  const status = describeOpenStatus(restaurant.workingHours, restaurant.timeZoneCd)
  return <span className={status.open ? css.open : css.closed}>{status.text}</span>
}

/** The same badge on a static page: a placeholder that the open-status island fills in the browser. */
export function StaticOpenBadge({ restaurant }: { restaurant: Hours }) {
  return (
    <span className={css.badge} data-open-status="" data-tz={restaurant.timeZoneCd} data-hours={JSON.stringify(restaurant.workingHours)}>
      Opening hours
    </span>
  )
}
