import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import {
  $checkIn,
  $reservationCancel,
  $reservationLookup,
  $tableSections,
  CancelForm,
  cancelTableReservation,
  loadReservation,
  loadTableSections,
  ReservationCard,
  storeCheckIn,
  storeReservation,
  watchReservation,
} from '@/entities/reservation'
import { $session } from '@/entities/session'
import { CheckInConfirmation } from '@/features/check-in'
import { pathTo } from '@/shared/routes'
import { Spinner } from '@/shared/ui'
import { SiteHeader } from '@/widgets/site-header'
import css from './ReservationDetail.module.css'

/** /reservation/{reservationId}: a reservation's details and cancelling it; a check-in's live confirmation. */
export function ReservationDetailPage({ params }: { params: Record<string, string> }) {
  const reservationId = params.reservationId ?? ''
  const session = useStore($session)
  const lookup = useStore($reservationLookup)
  const cancel = useStore($reservationCancel)
  const checkIn = useStore($checkIn)
  const sections = useStore($tableSections)
  const signedIn = session.status === 'signedIn'

  useEffect(() => {
    void loadReservation(reservationId, signedIn).then((found) => {
      if (found?.kind === 'CHECKIN') {
        storeCheckIn(found)
        void loadTableSections(found.locationId)
      }
    })
  }, [reservationId, signedIn])

  const reservation = lookup.data?.reservationId === reservationId ? lookup.data : undefined
  const isReservation = reservation?.kind === 'RESERVATION'
  const active = reservation?.status === 'Active'

  useEffect(() => {
    if (!isReservation || !active) return
    return watchReservation(reservationId, signedIn, storeReservation)
  }, [reservationId, isReservation, active, signedIn])

  useEffect(() => {
    document.title = `${reservation?.kind === 'CHECKIN' ? 'Your check-in' : 'Your reservation'} | Tablefront`
  }, [reservation?.kind])

  const liveCheckIn = checkIn.confirmation?.reservationId === reservationId ? checkIn.confirmation : undefined

  return (
    <>
      <SiteHeader />
      <main className={`page ${css.page}`}>
        <h1 className="page-title">{reservation?.kind === 'CHECKIN' ? 'Your check-in' : 'Your reservation'}</h1>
        {!reservation && lookup.error && !lookup.loading ? (
          <div role="alert" className={css.problem}>
            <p>{lookup.error}</p>
            <button type="button" className="button button--secondary" onClick={() => void loadReservation(reservationId, signedIn)}>
              Retry
            </button>
          </div>
        ) : !reservation ? (
          <Spinner label="Loading the reservation" />
        ) : reservation.kind === 'CHECKIN' ? (
          <CheckInConfirmation reservation={liveCheckIn ?? reservation} highChairsOffered={sections.data?.locationId === reservation.locationId && sections.data.highChair} showDetailsLink={false} />
        ) : (
          <ReservationCard reservation={reservation} showPolicy>
            {active && (
              <CancelForm
                actionLabel="Cancel reservation"
                busy={cancel.loading}
                error={cancel.error}
                onConfirm={(reason) => void cancelTableReservation(reservation, reason, signedIn)}
              />
            )}
          </ReservationCard>
        )}
        {reservation && (
          <p className={css.links}>
            <a href={pathTo('menu', { merchantType: reservation.merchantType, merchantSlug: reservation.locationSlug })}>{reservation.merchantName} menu</a>
          </p>
        )}
      </main>
    </>
  )
}
