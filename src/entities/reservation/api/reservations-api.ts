import { api, isErrorBody, thrownErrorBody } from '@/shared/api'
import type { Reservation, SlotsResponse, TableDetailsResponse, WaitTimesResponse } from '@/shared/api'

/** The server refused a reservation call; `message` is the server's, for the diner (docs/reservations.md, "In the app"). */
export class ReservationRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message)
    this.name = 'ReservationRefused'
  }
}

function accept<T>(answer: T | { status: number; message: string; code: string }): T {
  if (isErrorBody(answer)) throw new ReservationRefused(answer.message, answer.status, answer.code)
  return answer
}

/** Re-thrown failures (404, 422, 429 …) that carry an error body become refusals too. */
async function call<T>(request: () => Promise<T | { status: number; message: string; code: string }>): Promise<T> {
  try {
    return accept(await request())
  } catch (error) {
    const body = thrownErrorBody(error)
    if (body) throw new ReservationRefused(body.message, body.status, body.code)
    throw error
  }
}

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
export function toReservationQuery(form: BookingForm): Record<string, string> {
  const { adultSize, restaurantSlug: _slug, ...rest } = form
  const query: Record<string, string> = {}
  for (const [key, value] of Object.entries({ ...rest, guestCount: adultSize + rest.kidzSize })) {
    if (value !== undefined && value !== null && value !== '') query[key] = String(value)
  }
  return { ...query, deviceId: '', channelName: 'ONLINE', seatTogether: '1' }
}

/**
 * POST /customer/reservations with the payload as query params: a check-in, or a reservation with date and slot.
 * `withSession` sends the session's credential: the access token, or the guest token that proves the number.
 */
export function createReservation(form: BookingForm, idempotencyKey: string, withSession: boolean): Promise<Reservation> {
  return call(() =>
    api.post<Reservation>('/customer/reservations', undefined, {
      query: toReservationQuery(form),
      auth: withSession,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  )
}

export type ReservationChanges = { guestCount?: number; kidzSize?: number; highChair?: number; notes?: string }

/** PUT /customer/reservations: a new party size or notes for an active check-in or reservation. */
export function updateReservation(reservationId: string, changes: ReservationChanges, idempotencyKey: string, signedIn: boolean): Promise<Reservation> {
  return call(() =>
    api.put<Reservation>('/customer/reservations', { reservationId, ...changes }, { auth: signedIn, headers: { 'Idempotency-Key': idempotencyKey } }),
  )
}

/** PUT /customer/cancel-table?user=customer */
export function cancelReservation(
  request: { locationId: string; reservationId: string; cancelReason: string },
  idempotencyKey: string,
  signedIn: boolean,
): Promise<Reservation> {
  return call(() =>
    api.put<Reservation>('/customer/cancel-table', request, {
      query: { user: 'customer' },
      auth: signedIn,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  )
}

/** POST /customer/reservationId/v2 */
export function fetchReservation(reservationId: string, signedIn: boolean): Promise<Reservation> {
  return call(() => api.post<Reservation>('/customer/reservationId/v2', { reservationId }, { auth: signedIn }))
}

/** POST /merchants/v2/locations/wait-times (encrypted) */
export function fetchWaitTimes(locationId: string): Promise<WaitTimesResponse> {
  return call(() => api.post<WaitTimesResponse>('/merchants/v2/locations/wait-times', { locationId }, { encrypted: true }))
}

/** GET merchants/generate-reservation-slot/{locationId}?guestCount&date (the answer is ciphertext, decoded by the client). */
export function fetchSlots(locationId: string, guestCount: number, date: string): Promise<SlotsResponse> {
  return call(() => api.get<SlotsResponse>(`/merchants/generate-reservation-slot/${encodeURIComponent(locationId)}`, { query: { guestCount, date } }))
}

/** POST /merchants/locations/reservations/table-details/v2 (encrypted): the sections a diner may prefer. */
export function fetchTableDetails(locationId: string): Promise<TableDetailsResponse> {
  return call(() => api.post<TableDetailsResponse>('/merchants/locations/reservations/table-details/v2', { locationId }, { encrypted: true }))
}

/** GET /customer/reservations/{reservationId}/events: Server-Sent Events, `event: reservation`. */
/** GET …/events: Server-Sent Events of one reservation (read with openEventStream). */
export const reservationEventsPath = (reservationId: string) => `/customer/reservations/${encodeURIComponent(reservationId)}/events`
