import { call, type ReservationParams } from '@/shared/api'

// Every error body rejects as ApiRefusal: the screens show the server's reason for any 4xx (docs/reservations.md, "In the app").

/** What the booking form holds (docs/reservations.md, "The party"): adultSize and restaurantSlug are the form's own and never sent. */
export type BookingForm = {
  locationId: string
  restaurantSlug: string
  fullName: string
  mobile: string
  email?: string
  adultSize: number
  kidzSize: number
  highChair: number
  sectionId?: string
  /** A reservation's date and slot; neither for a check-in. */
  reservationDate?: string
  reservationSlot?: string
  notes?: string
}

/** docs/reservations.md, "The party": adultSize and restaurantSlug dropped; deviceId "", channelName ONLINE and seatTogether "1" added. */
export function toReservationQuery(form: BookingForm): ReservationParams {
  const { adultSize, restaurantSlug: _slug, locationId, fullName, mobile, ...rest } = form
  const optional: Record<string, string> = {}
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined && value !== null && value !== '') optional[key] = String(value)
  }
  return { ...optional, locationId, fullName, mobile, guestCount: String(adultSize + rest.kidzSize), deviceId: '', channelName: 'ONLINE', seatTogether: '1' }
}

/**
 * POST /customer/reservations with the payload as query params: a check-in, or a reservation with date and slot.
 * `withSession` sends the session's credential: the access token, or the guest token that proves the number.
 */
export const createReservation = (form: BookingForm, idempotencyKey: string, withSession: boolean) =>
  call('POST /customer/reservations', { query: toReservationQuery(form), auth: withSession, headers: { 'Idempotency-Key': idempotencyKey } })

export type ReservationChanges = { guestCount?: number; kidzSize?: number; highChair?: number; notes?: string }

/** PUT /customer/reservations: a new party size or notes for an active check-in or reservation. */
export const updateReservation = (reservationId: string, changes: ReservationChanges, idempotencyKey: string, signedIn: boolean) =>
  call('PUT /customer/reservations', { body: { reservationId, ...changes }, auth: signedIn, headers: { 'Idempotency-Key': idempotencyKey } })

/** PUT /customer/cancel-table?user=customer */
export const cancelReservation = (request: { locationId: string; reservationId: string; cancelReason: string }, idempotencyKey: string, signedIn: boolean) =>
  call('PUT /customer/cancel-table', { query: { user: 'customer' }, body: request, auth: signedIn, headers: { 'Idempotency-Key': idempotencyKey } })

export const fetchReservation = (reservationId: string, signedIn: boolean) =>
  call('POST /customer/reservationId/v2', { body: { reservationId }, auth: signedIn })

export const fetchWaitTimes = (locationId: string) => call('POST /merchants/v2/locations/wait-times', { body: { locationId }, encrypted: true })

/** The answer is ciphertext, decoded by the client. */
export const fetchSlots = (locationId: string, guestCount: number, date: string) =>
  call('GET /merchants/generate-reservation-slot/:locationId', { params: { locationId }, query: { guestCount, date }, encrypted: true })

/** The sections a diner may prefer. */
export const fetchTableDetails = (locationId: string) =>
  call('POST /merchants/locations/reservations/table-details/v2', { body: { locationId }, encrypted: true })

/** GET …/events: Server-Sent Events of one reservation (read with openEventStream); in the endpoint map for its types and document. */
export const reservationEventsPath = (reservationId: string) => `/customer/reservations/${encodeURIComponent(reservationId)}/events`
