import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $currentReservation, $currentReservationId, $reservationWidget, followCurrentReservation, hideReservationWidget, reservationHeadline } from '@/entities/reservation'
import { $session } from '@/entities/session'
import { pathTo } from '@/shared/routes'
import css from './ReservationStatus.module.css'

/** docs/reservations.md, "In the app": the floating reservation status, shown while the diner's check-in or reservation is Active, until hidden. */
export function ReservationStatus() {
  const id = useStore($currentReservationId)
  const session = useStore($session)
  const reservation = useStore($currentReservation)
  const widget = useStore($reservationWidget)
  const signedIn = session.status === 'signedIn'

  useEffect(() => followCurrentReservation(signedIn), [id, signedIn])

  if (!widget.visible || !reservation || reservation.reservationId !== id || reservation.status !== 'Active') return null
  return (
    <>
      {/* Room at the end of the page, so the floating status never covers its last lines. */}
      <div className={css.spacer} aria-hidden="true" />
      <aside className={css.widget} aria-label="Your reservation status">
        <a className={css.link} href={pathTo('reservationDetail', { reservationId: reservation.reservationId })} data-testid="reservation-widget">
          {reservationHeadline(reservation)}
        </a>
        <button type="button" className={css.hide} onClick={hideReservationWidget}>
          Hide
        </button>
      </aside>
    </>
  )
}
