import type { RestaurantDetail } from '@/shared/api'
import { pathTo } from '@/shared/routes'
import { takesCheckIns, takesReservations } from '../lib/availability'
import css from './Reservation.module.css'

/** "Join the waitlist" and "Reserve a table" for a restaurant that takes them: plain links, so static pages need no script. */
export function ServiceLinks({ restaurant, className }: { restaurant: Pick<RestaurantDetail, 'locationSlug' | 'onlineCheckin' | 'disabledServices'>; className?: string }) {
  const checkIns = takesCheckIns(restaurant)
  const reservations = takesReservations(restaurant)
  if (!checkIns && !reservations) return null
  const search = { restaurant: restaurant.locationSlug }
  return (
    <ul className={`${css.links} ${className ?? ''}`}>
      {checkIns && (
        <li>
          <a className={css.link} href={pathTo('checkin', {}, search)}>
            Join the waitlist
          </a>
        </li>
      )}
      {reservations && (
        <li>
          <a className={css.link} href={pathTo('reservation', {}, search)}>
            Reserve a table
          </a>
        </li>
      )}
    </ul>
  )
}
