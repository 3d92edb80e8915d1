import { call, type HostCancelReason, type PhoneReservationRequest, type WalkInRequest } from '@/shared/api'

/** How a staff call is sent: `call` signed with the staff session (staff-session's `staffCall`). */
export type StaffSend = typeof call

/** A fresh Idempotency-Key per tap: a retried request (the client's own retry of a 503) never seats or books twice. */
const once = () => ({ 'Idempotency-Key': `host-${crypto.randomUUID()}` })

/** The host stand's calls (docs/host-stand.md) for one location, each sent with `send`. */
export function createHostApi(locationId: string, send: StaffSend) {
  const party = (reservationId: string) => ({ locationId, reservationId })
  return {
    board: () => send('GET /staff/:locationId/host', { params: { locationId } }),
    tables: (reservationId: string) => send('GET /staff/:locationId/host/parties/:reservationId/tables', { params: party(reservationId) }),
    seat: (reservationId: string, tableId?: string) => send('POST /staff/:locationId/host/parties/:reservationId/seat', { params: party(reservationId), body: { tableId }, headers: once() }),
    complete: (reservationId: string) => send('POST /staff/:locationId/host/parties/:reservationId/complete', { params: party(reservationId), headers: once() }),
    noShow: (reservationId: string) => send('POST /staff/:locationId/host/parties/:reservationId/no-show', { params: party(reservationId), headers: once() }),
    cancel: (reservationId: string, reason: HostCancelReason, note: string) =>
      send('POST /staff/:locationId/host/parties/:reservationId/cancel', { params: party(reservationId), body: { reason, note }, headers: once() }),
    walkIn: (body: WalkInRequest) => send('POST /staff/:locationId/host/walk-ins', { params: { locationId }, body, headers: once() }),
    phoneReservation: (body: PhoneReservationRequest) => send('POST /staff/:locationId/host/reservations', { params: { locationId }, body, headers: once() }),
    /** The times the restaurant offers a party on a day (the diners' own slot list). */
    slots: (date: string, guestCount: number) =>
      call('GET /merchants/generate-reservation-slot/:locationId', { params: { locationId }, query: { date, guestCount }, encrypted: true }),
  }
}

export type HostApi = ReturnType<typeof createHostApi>
