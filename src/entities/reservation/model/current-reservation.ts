import { atom } from 'nanostores'
import { ApiRefusal, type Reservation } from '@/shared/api'
import { fetchReservation } from '../api/reservations-api'
import { $currentReservationId, forgetReservation, readCurrentReservationId } from './active-reservation'
import { watchReservation } from './live'

/** The diner's current check-in or reservation while it is Active, for the floating status widget. */
export const $currentReservation = atom<Reservation | null>(null)

function keep(reservation: Reservation): void {
  if (reservation.status === 'Active') {
    $currentReservation.set(reservation)
    return
  }
  $currentReservation.set(null)
  forgetReservation(reservation.reservationId)
}

/** Reads the stored reservation and follows it live until it is no longer Active; returns the stop function. */
export function followCurrentReservation(signedIn: boolean): () => void {
  const id = $currentReservationId.get() ?? readCurrentReservationId()
  if (!id) {
    $currentReservation.set(null)
    return () => {}
  }
  let stopWatching: (() => void) | undefined
  let stopped = false
  fetchReservation(id, signedIn).then(
    (reservation) => {
      if (stopped) return
      keep(reservation)
      if (reservation.status === 'Active') stopWatching = watchReservation(id, signedIn, keep)
    },
    (error: unknown) => {
      console.error('Reading the current reservation failed', error)
      // Gone or not this diner's: nothing to show; a network failure keeps the id for the next visit.
      if (error instanceof ApiRefusal && [400, 403, 404].includes(error.status)) forgetReservation(id)
    },
  )
  return () => {
    stopped = true
    stopWatching?.()
  }
}
