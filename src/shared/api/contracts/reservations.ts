import { z } from 'zod'
import { E164_PATTERN, email, emptyAsMissing, localTime, uuid } from './fields'
import { MAX_PARTY_SIZE } from './reservation-rules'

/* ---------- Check-in (the waitlist) and table reservations (docs/waitlist.md, docs/reservations.md) ---------- */

export type ReservationKind = 'CHECKIN' | 'RESERVATION'
export type ReservationStatus = 'Active' | 'Seated' | 'Completed' | 'Cancelled' | 'NoShow'

export {
  CHECKIN_MARKER_MS,
  diningMinutes,
  HOLD_BLOCK_MINUTES,
  LAST_SEATING_MINUTES,
  MAX_PARTY_SIZE,
  ONE_ACTIVE_CHECKIN,
  RESERVATION_LEAD_MINUTES,
  RESERVATION_WINDOW_DAYS,
  SLOT_INTERVAL_MINUTES,
} from './reservation-rules'

const intParam = (what: string, min: number, max: number) =>
  z.coerce
    .number(`must be ${what}`)
    .int(`must be a whole number`)
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)

/**
 * POST /customer/reservations: a check-in, or a reservation when reservationDate and
 * reservationSlot are given. Sent as query params: adultSize and restaurantSlug are
 * not sent; deviceId (empty), channelName ONLINE and seatTogether "1" are. `guestCount` is the
 * whole party, `kidzSize` how many of them are children.
 */
export const reservationParams = z
  .object({
    locationId: uuid('a location id'),
    fullName: z.string('is required').trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
    mobile: z.string('is required').regex(E164_PATTERN, 'must be a mobile number in international format, such as +14155550123'),
    email: z.preprocess(emptyAsMissing, email.optional()),
    guestCount: intParam('the number of guests', 1, MAX_PARTY_SIZE),
    kidzSize: z.preprocess(emptyAsMissing, intParam('the number of children', 0, MAX_PARTY_SIZE).default(0)),
    highChair: z.preprocess(emptyAsMissing, intParam('the number of high chairs', 0, MAX_PARTY_SIZE).default(0)),
    sectionId: z.preprocess(emptyAsMissing, uuid('a table section id').optional()),
    reservationDate: z.preprocess(emptyAsMissing, z.iso.date('must be a date such as 2026-11-22').optional()),
    reservationSlot: z.preprocess(emptyAsMissing, localTime('19:30').optional()),
    notes: z.preprocess(emptyAsMissing, z.string().trim().max(300, 'must be at most 300 characters').optional()),
    deviceId: z.string().trim().max(100, 'must be at most 100 characters').default(''),
    channelName: z.literal('ONLINE', 'must be ONLINE').default('ONLINE'),
    seatTogether: z.enum(['0', '1'], 'must be "0" or "1"').default('1'),
  })
  .refine((params) => params.kidzSize < params.guestCount, { message: 'kidzSize must be fewer than guestCount (an adult comes along)', path: ['kidzSize'] })
  .refine((params) => params.highChair <= params.kidzSize, { message: 'highChair must be at most kidzSize', path: ['highChair'] })
  .refine((params) => Boolean(params.reservationDate) === Boolean(params.reservationSlot), {
    message: 'reservationSlot and reservationDate go together: give both for a reservation, neither for a check-in',
    path: ['reservationSlot'],
  })

export type ReservationParams = z.input<typeof reservationParams>

/** PUT /customer/reservations (our addition): a new party size, guest details or notes for an active check-in or reservation. */
export const reservationUpdateRequest = z.object({
  reservationId: uuid('a reservation id'),
  guestCount: intParam('the number of guests', 1, MAX_PARTY_SIZE).optional(),
  kidzSize: intParam('the number of children', 0, MAX_PARTY_SIZE).optional(),
  highChair: intParam('the number of high chairs', 0, MAX_PARTY_SIZE).optional(),
  notes: z.string().trim().max(300).optional(),
})

/** POST /customer/reservationId/v2 */
export const reservationLookupRequest = z.object({ reservationId: uuid('a reservation id') })

/** PUT /customer/cancel-table?user=customer */
export const cancelReservationRequest = z.object({
  locationId: uuid('a location id'),
  reservationId: uuid('a reservation id'),
  cancelReason: z.string('is required').trim().min(1, 'is required').max(300, 'must be at most 300 characters'),
})

/** POST /merchants/v2/locations/wait-times and POST /merchants/locations/reservations/table-details/v2 */
export const locationIdRequest = z.object({ locationId: uuid('a location id') })

/** GET merchants/generate-reservation-slot/{locationId}?guestCount&date */
export const slotQuery = z.object({
  guestCount: intParam('the number of guests', 1, MAX_PARTY_SIZE),
  date: z.iso.date('must be a date such as 2026-11-22'),
})

/**
 * POST /merchants/{locationId}/reservations with a staff token: what
 * the host types for a phone booking or a walk-in. `staffId` is accepted and ignored (the token
 * says who); without reservationDate and reservationSlot it puts the party on the waitlist.
 */
export const staffReservationRequest = z.object({
  fullName: z.string('is required').trim().min(1, 'is required').max(80),
  mobile: z.string('is required').regex(E164_PATTERN, 'must be a mobile number in international format'),
  email: z.preprocess(emptyAsMissing, z.email('must be an email address').optional()),
  guestCount: intParam('the number of guests', 1, MAX_PARTY_SIZE),
  kidzSize: intParam('the number of children', 0, MAX_PARTY_SIZE).default(0),
  highChair: intParam('the number of high chairs', 0, MAX_PARTY_SIZE).default(0),
  sectionId: z.preprocess(emptyAsMissing, uuid('a table section id').optional()),
  reservationDate: z.preprocess(emptyAsMissing, z.iso.date('must be a date such as 2026-11-22').optional()),
  reservationSlot: z.preprocess(emptyAsMissing, localTime('19:30').optional()),
  notes: z.string().trim().max(300).optional(),
  staffId: z.unknown().optional(),
})

/**
 * PUT /merchants/{locationId}/reservations/{reservationId}/status with a staff token (our
 * addition): the host seats a party (a check-in gets a free table), completes it, or marks a no-show.
 */
export const hostStatusRequest = z.object({ status: z.enum(['Seated', 'Completed', 'NoShow'], 'must be Seated, Completed or NoShow') })

/** A check-in or reservation as its owner sees it. */
export type Reservation = {
  reservationId: string
  /** The check-in's id under the name clients have always read; the same id. */
  checkInId: string
  kind: ReservationKind
  status: ReservationStatus
  /** True while a check-in is Active or Seated. */
  checkedIn: boolean
  locationId: string
  branchName: string
  merchantName: string
  merchantType: string
  locationSlug: string
  timeZone: string
  fullName: string
  phone: string
  email: string | null
  guestCount: number
  adults: number
  kids: number
  highChairs: number
  sectionId: string | null
  sectionName: string | null
  tableName: string | null
  /** A reservation's local date and slot; null for a check-in. */
  reservationDate: string | null
  reservationSlot: string | null
  /** ISO instants of a reservation's slot and of when its table is free again. */
  slotStart: string | null
  slotEnd: string | null
  /** An active check-in's place in the queue (1 = next); null otherwise. */
  queuePosition: number | null
  /** An active check-in's estimated wait in minutes; null otherwise. */
  estimatedWaitMinutes: number | null
  notes: string | null
  cancelReason: string | null
  channel: 'ONLINE' | 'STAFF'
  cancellationPolicy: string
  createdAt: string
  updatedAt: string
}

/** One party-size band of the wait-time board. */
export type WaitTime = {
  /** "1-2", "3-4" … from the table sizes of the location. */
  label: string
  minPartySize: number
  maxPartySize: number
  /** Estimated minutes until a table of that size is likely free for a party joining now. */
  minutes: number
  /** Active check-ins ahead that need a table of that size. */
  partiesAhead: number
}

export type WaitTimesResponse = {
  locationId: string
  /** Online check-in is possible now: the location takes check-ins, is open, and the queue is below maxOnlineCheckin. */
  acceptingCheckins: boolean
  /** Why not, in words for the diner, when not accepting. */
  reason: string | null
  queueLength: number
  maxOnlineCheckin: number
  maxCheckinWaitThreshold: number
  waitTimes: WaitTime[]
  updatedAt: string
}

export type ReservationSlot = {
  /** HH:mm on the location's wall clock. */
  time: string
  /** The ISO instant it means. */
  startsAt: string
  /** A table for the party is free for the whole dining time. */
  available: boolean
  /** The working-hours session it belongs to ("Dinner"). */
  sessionName: string
}

export type SlotsResponse = {
  locationId: string
  date: string
  guestCount: number
  timeZone: string
  slots: ReservationSlot[]
  /** The end of the session open now (ISO), the next session, and whether the one open now is the day's last. */
  activeSessionEndTime: string | null
  /** The next session to open after now: its name and the ISO instant it opens. */
  nextSession: { name: string; opensAt: string } | null
  isLastActiveSession: boolean
}

export type TableDetailsResponse = {
  locationId: string
  highChair: boolean
  sections: { id: string; name: string; tables: { id: string; name: string; capacity: number; minCapacity: number }[] }[]
}

/** Server-Sent Events of GET /customer/reservations/{reservationId}/events: the reservation again whenever its queue moves. */
export type ReservationEvent = { type: 'reservation'; reservation: Reservation }
