import { openEventStream, type Reservation } from '@/shared/api'
import { fetchReservation, reservationEventsPath } from '../api/reservations-api'
import { RESERVATION_POLL_MS } from '../config/limits'

/** The event's data is the Reservation, or `{type, reservation}` (ReservationEvent); either is read. */
export function parseReservationEvent(text: string): Reservation | undefined {
  try {
    const parsed = JSON.parse(text) as Reservation | { reservation?: Reservation }
    const reservation = 'reservation' in parsed && parsed.reservation ? parsed.reservation : (parsed as Reservation)
    return typeof reservation?.reservationId === 'string' ? reservation : undefined
  } catch (error) {
    console.error('An unreadable reservation event', error)
    return undefined
  }
}

/**
 * Follows a reservation while it is Active: Server-Sent Events (read over fetch, so a signed-in
 * diner's token goes along), else a read every 20 s when the stream cannot be had. Stops by itself
 * once the reservation is no longer Active; the returned function stops it earlier (on unmount).
 */
export function watchReservation(reservationId: string, signedIn: boolean, onReservation: (reservation: Reservation) => void): () => void {
  let stopped = false
  let timer: ReturnType<typeof setInterval> | undefined

  const deliver = (reservation: Reservation) => {
    if (stopped || reservation.reservationId !== reservationId) return
    onReservation(reservation)
    if (reservation.status !== 'Active') stop()
  }
  const poll = () => {
    if (timer || stopped) return
    timer = setInterval(() => {
      fetchReservation(reservationId, signedIn).then(deliver, (error: unknown) => console.error('Reading the reservation failed', error))
    }, RESERVATION_POLL_MS)
  }
  const closeStream = openEventStream(reservationEventsPath(reservationId), {
    auth: signedIn,
    onEvent: ({ event, data }) => {
      if (event !== 'reservation') return
      const reservation = parseReservationEvent(data)
      if (reservation) deliver(reservation)
    },
    // The stream ends when the reservation does; if it could not be had (a proxy, a lost connection), read on a timer.
    onClosed: poll,
  })
  function stop() {
    stopped = true
    closeStream()
    if (timer) clearInterval(timer)
  }
  return stop
}
