import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import {
  $checkIn,
  CancelForm,
  cancelCheckIn,
  fitParty,
  PartyFields,
  QueuePosition,
  ReservationCard,
  storeCheckIn,
  updateCheckIn,
  watchReservation,
  type Party,
} from '@/entities/reservation'
import { $session } from '@/entities/session'
import type { Reservation } from '@/shared/api'
import { pathTo } from '@/shared/routes'
import css from './CheckIn.module.css'

/** The check-in's confirmation: the live place in the queue, the wait, and changing the party or leaving. */
export function CheckInConfirmation({ reservation, highChairsOffered, showDetailsLink = true }: { reservation: Reservation; highChairsOffered: boolean; showDetailsLink?: boolean }) {
  const session = useStore($session)
  const state = useStore($checkIn)
  const signedIn = session.status === 'signedIn'
  const active = reservation.status === 'Active'
  const [party, setParty] = useState<Party>(() => ({ adults: reservation.adults, kids: reservation.kids, highChairs: reservation.highChairs }))
  const [editing, setEditing] = useState(false)

  useEffect(() => {
    if (!active) return
    return watchReservation(reservation.reservationId, signedIn, storeCheckIn)
  }, [reservation.reservationId, active, signedIn])

  const saveParty = async () => {
    const fitted = fitParty(party, highChairsOffered)
    const saved = await updateCheckIn({ guestCount: fitted.adults + fitted.kids, kidzSize: fitted.kids, highChair: fitted.highChairs }, signedIn)
    if (saved) setEditing(false)
  }

  return (
    <div className={css.confirmation}>
      <h2 className={css.title}>{active ? 'You are on the waitlist' : reservation.status === 'Seated' ? 'Your table is ready' : `Check-in ${reservation.status.toLowerCase()}`}</h2>
      <QueuePosition reservation={reservation} />
      <ReservationCard reservation={reservation} headingLevel={3}>
        {active && (
          <div className={css.update}>
            {editing ? (
              <>
                <PartyFields party={party} highChairsOffered={highChairsOffered} onChange={setParty} />
                {state.updateError && (
                  <p className={css.error} role="alert">
                    {state.updateError}
                  </p>
                )}
                <div className={css.actions}>
                  <button type="button" className="button" onClick={() => void saveParty()} disabled={state.updating}>
                    {state.updating ? 'Saving…' : 'Save party size'}
                  </button>
                  <button type="button" className="button button--secondary" onClick={() => setEditing(false)} disabled={state.updating}>
                    Don’t change
                  </button>
                </div>
              </>
            ) : (
              <div className={css.actions}>
                <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
                  Change party size
                </button>
              </div>
            )}
            <CancelForm actionLabel="Leave the waitlist" busy={state.cancelling} error={state.cancelError} onConfirm={(reason) => void cancelCheckIn(reason, signedIn)} />
          </div>
        )}
      </ReservationCard>
      {showDetailsLink && (
        <div className={css.actions}>
          <a href={pathTo('reservationDetail', { reservationId: reservation.reservationId })}>See this check-in on its own page</a>
        </div>
      )}
    </div>
  )
}
