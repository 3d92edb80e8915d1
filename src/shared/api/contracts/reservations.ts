import { z } from 'zod'
import { defineEndpoints } from './endpoint'
import { E164_PATTERN, email, emptyAsMissing, localTime, uuid } from './fields'
import { MAX_PARTY_SIZE } from './reservation-rules'

/* ---------- Check-in (the waitlist) and table reservations (docs/waitlist.md, docs/reservations.md) ---------- */

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

const instant = z.iso.datetime({ offset: true })

export const reservationKind = z.enum(['CHECKIN', 'RESERVATION'])
export const reservationStatus = z.enum(['Active', 'Seated', 'Completed', 'Cancelled', 'NoShow'])

/** A check-in or reservation as its owner sees it. */
export const reservation = z
  .strictObject({
    reservationId: z.uuid(),
    checkInId: z.uuid().meta({ description: "The check-in's id under the name clients have always read; the same id." }),
    kind: reservationKind,
    status: reservationStatus,
    checkedIn: z.boolean().meta({ description: 'True while a check-in is Active or Seated.' }),
    locationId: z.uuid(),
    branchName: z.string(),
    merchantName: z.string(),
    merchantType: z.string(),
    locationSlug: z.string(),
    timeZone: z.string(),
    fullName: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    guestCount: z.number().int(),
    adults: z.number().int(),
    kids: z.number().int(),
    highChairs: z.number().int(),
    sectionId: z.uuid().nullable(),
    sectionName: z.string().nullable(),
    tableName: z.string().nullable(),
    reservationDate: z.string().nullable().meta({ description: "A reservation's local date; null for a check-in." }),
    reservationSlot: z.string().nullable().meta({ description: "A reservation's local slot (HH:mm); null for a check-in." }),
    slotStart: instant.nullable().meta({ description: "The instant of a reservation's slot." }),
    slotEnd: instant.nullable().meta({ description: 'When its table is free again.' }),
    queuePosition: z.number().int().nullable().meta({ description: "An active check-in's place in the queue (1 = next); null otherwise." }),
    estimatedWaitMinutes: z.number().int().nullable().meta({ description: "An active check-in's estimated wait in minutes; null otherwise." }),
    notes: z.string().nullable(),
    cancelReason: z.string().nullable(),
    channel: z.enum(['ONLINE', 'STAFF']),
    cancellationPolicy: z.string(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Reservation', description: 'A check-in or reservation as its owner sees it.' })

/** One party-size band of the wait-time board. */
export const waitTime = z
  .strictObject({
    label: z.string().meta({ description: '"1-2", "3-4" … from the table sizes of the location.' }),
    minPartySize: z.number().int(),
    maxPartySize: z.number().int(),
    minutes: z.number().int().meta({ description: 'Estimated minutes until a table of that size is likely free for a party joining now.' }),
    partiesAhead: z.number().int().meta({ description: 'Active check-ins ahead that need a table of that size.' }),
  })
  .meta({ id: 'WaitTime' })

export const waitTimesResponse = z
  .strictObject({
    locationId: z.uuid(),
    acceptingCheckins: z
      .boolean()
      .meta({ description: 'Online check-in is possible now: the location takes check-ins, is open, and the queue is below maxOnlineCheckin.' }),
    reason: z.string().nullable().meta({ description: 'Why not, in words for the diner, when not accepting.' }),
    queueLength: z.number().int(),
    maxOnlineCheckin: z.number().int(),
    maxCheckinWaitThreshold: z.number().int(),
    waitTimes: z.array(waitTime),
    updatedAt: instant,
  })
  .meta({ id: 'WaitTimesResponse' })

export const reservationSlot = z
  .strictObject({
    time: z.string().meta({ description: "HH:mm on the location's wall clock." }),
    startsAt: instant.meta({ description: 'The instant it means.' }),
    available: z.boolean().meta({ description: 'A table for the party is free for the whole dining time.' }),
    sessionName: z.string().meta({ description: 'The working-hours session it belongs to ("Dinner").' }),
  })
  .meta({ id: 'ReservationSlot' })

export const slotsResponse = z
  .strictObject({
    locationId: z.uuid(),
    date: z.string(),
    guestCount: z.number().int(),
    timeZone: z.string(),
    slots: z.array(reservationSlot),
    activeSessionEndTime: instant.nullable().meta({ description: 'The end of the session open now.' }),
    nextSession: z
      .strictObject({ name: z.string(), opensAt: instant })
      .nullable()
      .meta({ description: 'The next session to open after now: its name and the instant it opens.' }),
    isLastActiveSession: z.boolean().meta({ description: "Whether the session open now is the day's last." }),
  })
  .meta({ id: 'SlotsResponse' })

export const tableDetailsResponse = z
  .strictObject({
    locationId: z.uuid(),
    highChair: z.boolean(),
    sections: z.array(
      z.strictObject({
        id: z.uuid(),
        name: z.string(),
        tables: z.array(z.strictObject({ id: z.uuid(), name: z.string(), capacity: z.number().int(), minCapacity: z.number().int() })),
      }),
    ),
  })
  .meta({ id: 'TableDetailsResponse' })

/** Server-Sent Events of GET /customer/reservations/{reservationId}/events: the reservation again whenever its queue moves. */
export const reservationEvent = z
  .strictObject({ type: z.literal('reservation'), reservation })
  .meta({ id: 'ReservationEvent', description: 'The data of each `event: reservation` of the stream: the reservation again whenever its queue moves.' })

export type ReservationKind = z.output<typeof reservationKind>
export type ReservationStatus = z.output<typeof reservationStatus>
export type Reservation = z.output<typeof reservation>
export type WaitTime = z.output<typeof waitTime>
export type WaitTimesResponse = z.output<typeof waitTimesResponse>
export type ReservationSlot = z.output<typeof reservationSlot>
export type SlotsResponse = z.output<typeof slotsResponse>
export type TableDetailsResponse = z.output<typeof tableDetailsResponse>
export type ReservationEvent = z.output<typeof reservationEvent>

/** A location of the path (the staff routes and the slot list). */
export const locationParam = z.object({ locationId: uuid('a location id') })
/** PUT /merchants/{locationId}/reservations/{reservationId}/status */
export const hostStatusParams = z.object({ locationId: uuid('a location id'), reservationId: uuid('a reservation id') })
/** PUT /customer/cancel-table?user=customer: the app sends `user`, the server reads nothing of it. */
export const cancelTableQuery = z.object({ user: z.string().optional() })

/** What Idempotency-Key can answer (docs/operations.md "Idempotency-Key"). */
const IDEMPOTENCY_ERRORS = ['invalid_idempotency_key', 'idempotency_in_progress', 'idempotency_key_reused'] as const
/** Every refusal of taking a booking (docs/reservations.md, docs/waitlist.md). */
const BOOKING_ERRORS = [
  'not_found',
  'mobile_not_verified',
  'section_not_found',
  'checkin_exists',
  'checkin_unavailable',
  'wait_too_long',
  'no_table_for_party',
  'reservations_disabled',
  'slot_passed',
  'slot_too_soon',
  'slot_unavailable',
  'slot_taken',
  'beyond_reservation_window',
  'reservation_limit',
  ...IDEMPOTENCY_ERRORS,
] as const

/** Check-in, reservations, slots, the wait-time board, the host's calls and the live queue (docs/reservations.md, docs/waitlist.md). */
export const reservationEndpoints = defineEndpoints({
  'POST /customer/reservations': {
    auth: 'optional',
    wire: 'json',
    tag: 'reservations',
    summary: 'Check in to the waitlist, or reserve a table (with reservationDate and reservationSlot)',
    description:
      'The booking is sent as query parameters. A guest token proves a guest’s phone; a customer books with the number verified on the account. Idempotency-Key makes a retry safe.',
    query: reservationParams,
    response: reservation,
    statuses: [201],
    errors: BOOKING_ERRORS,
  },
  'PUT /customer/reservations': {
    auth: 'optional',
    wire: 'json',
    tag: 'reservations',
    summary: 'Change the party size, children, high chairs or notes of an active check-in or reservation',
    body: reservationUpdateRequest,
    response: reservation,
    errors: ['not_found', 'not_active', 'slot_taken', 'no_table_for_party', ...IDEMPOTENCY_ERRORS],
  },
  'POST /customer/reservationId/v2': {
    auth: 'optional',
    wire: 'json',
    tag: 'reservations',
    summary: 'Read a check-in or reservation, with its place in the queue',
    body: reservationLookupRequest,
    response: reservation,
    errors: ['not_found'],
  },
  'PUT /customer/cancel-table': {
    auth: 'optional',
    wire: 'json',
    tag: 'reservations',
    summary: 'Cancel a check-in or reservation, with a reason',
    query: cancelTableQuery,
    body: cancelReservationRequest,
    response: reservation,
    errors: ['not_found', 'not_active', ...IDEMPOTENCY_ERRORS],
  },
  'GET /merchants/generate-reservation-slot/:locationId': {
    auth: 'none',
    wire: 'encrypted',
    tag: 'reservations',
    summary: 'The reservation slots of a day for a party, and which are free',
    params: locationParam,
    query: slotQuery,
    response: slotsResponse,
    errors: ['not_found', 'reservations_disabled', 'beyond_reservation_window'],
  },
  'POST /merchants/v2/locations/wait-times': {
    auth: 'none',
    wire: 'encrypted',
    tag: 'reservations',
    summary: 'The wait-time board of a location: whether it takes check-ins now, and the wait by party size',
    body: locationIdRequest,
    response: waitTimesResponse,
    errors: ['not_found'],
  },
  'POST /merchants/locations/reservations/table-details/v2': {
    auth: 'none',
    wire: 'encrypted',
    tag: 'reservations',
    summary: 'The table sections of a location a diner may prefer',
    body: locationIdRequest,
    response: tableDetailsResponse,
    errors: ['not_found'],
  },
  'POST /merchants/:locationId/reservations': {
    auth: 'staff',
    roles: ['host'],
    wire: 'encrypted',
    tag: 'reservations',
    summary: 'The host books a table or puts a walk-in on the waitlist',
    description: 'A staff token of the path’s location; without reservationDate and reservationSlot the party joins the waitlist.',
    params: locationParam,
    body: staffReservationRequest,
    response: reservation,
    statuses: [201],
    errors: BOOKING_ERRORS,
  },
  'PUT /merchants/:locationId/reservations/:reservationId/status': {
    auth: 'staff',
    roles: ['host'],
    wire: 'encrypted',
    tag: 'reservations',
    summary: 'The host seats a party, completes it or marks a no-show',
    params: hostStatusParams,
    body: hostStatusRequest,
    response: reservation,
    errors: ['not_found', 'no_free_table', 'status_not_allowed', ...IDEMPOTENCY_ERRORS],
  },
  'GET /customer/reservations/:reservationId/events': {
    auth: 'optional',
    wire: 'json',
    tag: 'reservations',
    summary: 'The live queue of a check-in or reservation: Server-Sent Events',
    description:
      'Opens with the reservation, then sends it again (`event: reservation`) whenever its queue moves, and closes once it is no longer Active; comment lines keep a quiet stream open (docs/operations.md "Live streams"). Refused with 404 before the stream starts.',
    params: reservationLookupRequest,
    response: reservationEvent,
    stream: { event: 'reservation' },
    errors: ['not_found'],
    // The stream sets its own headers.
    cache: 'default',
  },
} as const)
