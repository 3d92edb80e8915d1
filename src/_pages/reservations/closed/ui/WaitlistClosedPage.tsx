import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $waitTimes, checkInClosedReason, loadWaitTimes, takesCheckIns, takesReservations } from '@/entities/reservation'
import { RestaurantGate } from '@/entities/restaurant'
import type { RestaurantDetail } from '@/shared/api'
import { openingStatus } from '@/shared/lib/hours'
import { formatPhoneForDisplay } from '@/shared/lib/phone'
import { $router, pathTo } from '@/shared/routes'
import { SiteHeader } from '@/widgets/site-header'
import css from './WaitlistClosed.module.css'

type ClosedKind = 'checkIn' | 'reservation'

function ClosedScreen({ restaurant, kind }: { restaurant: RestaurantDetail; kind: ClosedKind }) {
  const waitTimes = useStore($waitTimes)
  const canCheckIn = takesCheckIns(restaurant)
  const canReserve = takesReservations(restaurant)

  useEffect(() => {
    if (kind === 'checkIn' && canCheckIn) void loadWaitTimes(restaurant.id)
  }, [kind, canCheckIn, restaurant.id])

  useEffect(() => {
    document.title = `${kind === 'checkIn' ? 'Check-in' : 'Reservations'} closed — ${restaurant.merchantName} | Tablefront`
  }, [kind, restaurant.merchantName])

  const board = waitTimes.data?.locationId === restaurant.id ? waitTimes.data : undefined
  const reason =
    kind === 'checkIn'
      ? (checkInClosedReason(restaurant, board) ?? `${restaurant.merchantName} is taking online check-ins right now.`)
      : canReserve
        ? `${restaurant.merchantName} is taking reservations.`
        : `${restaurant.merchantName} does not take reservations online.`
  const today = openingStatus(restaurant.workingHours, restaurant.timeZoneCd).currentWorkingHours
  const search = { restaurant: restaurant.locationSlug }
  const openNow = kind === 'checkIn' ? canCheckIn && board?.acceptingCheckins && !checkInClosedReason(restaurant, board) : canReserve

  return (
    <main className={`page ${css.page}`}>
      <h1 className="page-title">{restaurant.merchantName}</h1>
      {restaurant.branchName !== restaurant.merchantName && <p className={css.branch}>{restaurant.branchName}</p>}
      <section className={css.panel} aria-labelledby="closed-title">
        <h2 id="closed-title" className={css.heading}>
          {kind === 'checkIn' ? (openNow ? 'The waitlist is open' : 'Online check-in is closed') : openNow ? 'Reservations are open' : 'Reservations are closed'}
        </h2>
        <p className={css.reason} data-testid="closed-reason">
          {reason}
        </p>
        <h3 className={css.subheading}>Hours today</h3>
        {today.length === 0 ? (
          <p className={css.hours}>Closed today</p>
        ) : (
          <ul className={css.hours}>
            {today.map((session) => (
              <li key={`${session.sessionName}-${session.opensAt}`}>
                {session.sessionName}: {session.opensAt === session.closesAt ? 'open 24 hours' : `${session.opensAt}–${session.closesAt}`}
              </li>
            ))}
          </ul>
        )}
        {restaurant.phoneNumber && (
          <p className={css.hours}>
            Call the restaurant: <a href={`tel:${restaurant.phoneNumber}`}>{formatPhoneForDisplay(restaurant.phoneNumber)}</a>
          </p>
        )}
      </section>
      <ul className={css.links}>
        <li>
          <a className="button" href={pathTo('menu', { merchantType: restaurant.merchantType, merchantSlug: restaurant.locationSlug })}>
            See the menu
          </a>
        </li>
        {kind === 'checkIn' && openNow && (
          <li>
            <a className="button button--secondary" href={pathTo('checkin', {}, search)}>
              Join the waitlist
            </a>
          </li>
        )}
        {kind === 'checkIn' && canReserve && (
          <li>
            <a className="button button--secondary" href={pathTo('reservation', {}, search)}>
              Reserve a table
            </a>
          </li>
        )}
        {kind === 'reservation' && canReserve && (
          <li>
            <a className="button button--secondary" href={pathTo('reservation', {}, search)}>
              Reserve a table
            </a>
          </li>
        )}
        {kind === 'reservation' && canCheckIn && (
          <li>
            <a className="button button--secondary" href={pathTo('checkin', {}, search)}>
              Join the waitlist
            </a>
          </li>
        )}
      </ul>
    </main>
  )
}

/** /checkIn/{merchantSlug}/closed and /reservation/{merchantSlug}/closed (docs/reservations.md, "In the app"). */
export function WaitlistClosedPage({ params }: { params: Record<string, string> }) {
  const page = useStore($router)
  const kind: ClosedKind = page?.route === 'reservationClosed' ? 'reservation' : 'checkIn'
  return (
    <>
      <SiteHeader />
      <RestaurantGate slug={params.merchantSlug ?? ''} loadingLabel="Loading the restaurant">
        {(restaurant) => <ClosedScreen restaurant={restaurant} kind={kind} />}
      </RestaurantGate>
    </>
  )
}
