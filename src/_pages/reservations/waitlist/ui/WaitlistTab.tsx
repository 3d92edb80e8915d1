import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { $checkIn, $waitTimes, checkInClosedReason, describeWait, loadCheckInDetails, loadWaitTimes, readCheckInMarker, resetCheckIn, watchWaitTimes } from '@/entities/reservation'
import { $session } from '@/entities/session'
import { CheckInConfirmation, CheckInForm } from '@/features/check-in'
import type { RestaurantDetail } from '@/shared/api'
import { pathTo, redirectToPath } from '@/shared/routes'
import { Skeleton } from '@/shared/ui'
import css from './Waitlist.module.css'

/** The wait-time board and the check-in form; the confirmation instead when this device checked in within 5 minutes. */
export function WaitlistTab({ restaurant }: { restaurant: RestaurantDetail }) {
  const session = useStore($session)
  const state = useStore($checkIn)
  const waitTimes = useStore($waitTimes)
  // docs/waitlist.md, "In the app": within 5 minutes of a check-in, /checkin shows that check-in again instead of a new form.
  const [marker] = useState(() => readCheckInMarker())
  const [markerRead, setMarkerRead] = useState(!marker)

  useEffect(() => {
    if (!marker || $checkIn.get().confirmation?.reservationId === marker) return setMarkerRead(true)
    void loadCheckInDetails(marker, $session.get().status === 'signedIn').finally(() => setMarkerRead(true))
  }, [marker])

  const confirmation = state.confirmation
  const showConfirmation = Boolean(confirmation && (state.checkedIn || state.cancelled || confirmation.reservationId === marker))
  useEffect(() => (showConfirmation ? undefined : watchWaitTimes(restaurant.id)), [restaurant.id, showConfirmation])

  const board = waitTimes.data?.locationId === restaurant.id ? waitTimes.data : undefined
  const closed = checkInClosedReason(restaurant, board)
  useEffect(() => {
    if (markerRead && !showConfirmation && closed) redirectToPath(pathTo('checkInClosed', { merchantSlug: restaurant.locationSlug }))
  }, [markerRead, showConfirmation, closed, restaurant.locationSlug])

  if (!markerRead) return <Skeleton label="Loading your check-in" />
  if (confirmation && showConfirmation) {
    return (
      <div className={css.panel}>
        <CheckInConfirmation reservation={confirmation} highChairsOffered={restaurant.highChair} />
        {confirmation.status !== 'Active' && confirmation.status !== 'Seated' && (
          <button type="button" className="button" onClick={resetCheckIn}>
            Check in again
          </button>
        )}
      </div>
    )
  }

  return (
    <div className={css.columns} key={session.status}>
      <section className={css.panel} aria-labelledby="wait-board-title">
        <h2 id="wait-board-title" className={css.heading}>
          Current wait times
        </h2>
        {waitTimes.error && !waitTimes.loading && !board ? (
          <div role="alert" className={css.problem}>
            <p>{waitTimes.error}</p>
            <button type="button" className="button button--secondary" onClick={() => void loadWaitTimes(restaurant.id)}>
              Retry
            </button>
          </div>
        ) : !board ? (
          <Skeleton label="Loading the wait times" />
        ) : (
          <>
            <table className={css.board}>
              <caption className="visually-hidden">Estimated wait by party size</caption>
              <thead>
                <tr>
                  <th scope="col">Party size</th>
                  <th scope="col">Wait</th>
                  <th scope="col">Parties ahead</th>
                </tr>
              </thead>
              <tbody>
                {board.waitTimes.map((band) => (
                  <tr key={band.label}>
                    <th scope="row">{band.label}</th>
                    <td>{describeWait(band.minutes)}</td>
                    <td>{band.partiesAhead}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className={css.small}>
              {board.queueLength === 1 ? '1 party' : `${board.queueLength} parties`} waiting. Updated every 30 seconds.
              {waitTimes.error && ` ${waitTimes.error}.`}
            </p>
          </>
        )}
      </section>
      <section className={css.panel} aria-labelledby="check-in-title">
        <h2 id="check-in-title" className={css.heading}>
          Check in
        </h2>
        <CheckInForm restaurant={restaurant} />
      </section>
    </div>
  )
}
