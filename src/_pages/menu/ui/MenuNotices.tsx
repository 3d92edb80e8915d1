import { useEffect, useState } from 'react'
import { formatEventDate, menuPath, orderingUnavailableReason, type MenuPlace, type MenuView } from '@/entities/menu'
import type { RestaurantDetail } from '@/shared/api'
import { openingStatus, WEEKDAYS, zonedClock } from '@/shared/lib/hours'
import css from './MenuPage.module.css'

/** The time, refreshed each minute, so an open restaurant closes on screen when its session ends. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

function nextOpening(restaurant: RestaurantDetail, now: Date): string | null {
  const status = openingStatus(restaurant.workingHours, restaurant.timeZoneCd, now)
  if (status.open) return null
  const next = status.nextSession
  if (!next) return 'It has no opening hours set at the moment.'
  const today = zonedClock(now, restaurant.timeZoneCd).date
  const tomorrow = zonedClock(new Date(now.getTime() + 24 * 3_600_000), restaurant.timeZoneCd).date
  const day = next.date === today ? 'today' : next.date === tomorrow ? 'tomorrow' : WEEKDAYS[next.day]
  return `Opens ${day} at ${next.opensAt}.`
}

type MenuNoticesProps = { restaurant: RestaurantDetail; eventDate: string | null; view: MenuView; place: MenuPlace; menuType: string | null }

/** What the diner must know before choosing: the event date, a closed kitchen, ordering that is off or browse-only. */
export function MenuNotices({ restaurant, eventDate, view, place, menuType }: MenuNoticesProps) {
  const now = useMinuteClock()
  // docs/events.md, "Rules": event orders count as open, whatever the hours today.
  const closed = eventDate ? null : nextOpening(restaurant, now)
  const unavailable = orderingUnavailableReason(restaurant)
  return (
    <>
      {eventDate && (
        <p className={css.event} data-testid="event-banner">
          Ordering for <strong>{formatEventDate(eventDate)}</strong>
        </p>
      )}
      {closed && (
        <div className={css.closed} data-testid="closed-banner">
          <p className={css.closedTitle}>{restaurant.merchantName} is closed now.</p>
          <p>
            <strong>{closed}</strong>
          </p>
        </div>
      )}
      {unavailable && <p className={css.notice}>{unavailable}</p>}
      {!unavailable && view === 'explore' && menuType && (
        <p className={css.notice}>
          You are browsing the menu. <a href={menuPath(place, 'menu', menuType)}>Order from this menu</a>
        </p>
      )}
    </>
  )
}
