import { z } from 'zod'
import { defineEndpoints } from './endpoint'
import { emptyAsMissing, localDate, localTime, optionalField, phone, requiredText, uuid } from './fields'
import { HOST_CANCEL_REASONS, type HostCancelReason } from './host-stand-rules'
import { MAX_PARTY_SIZE } from './reservation-rules'
import { reservationKind, reservationStatus } from './reservations'

/* ---------- The host stand: today's timeline, seating, the table map (docs/host-stand.md) ---------- */

export { HELD_AHEAD_MINUTES, HOST_CANCEL_REASONS, type HostCancelReason } from './host-stand-rules'
export const hostCancelReason = z.enum(Object.keys(HOST_CANCEL_REASONS) as [HostCancelReason, ...HostCancelReason[]], 'must be one of the listed reasons')

const instant = z.iso.datetime({ offset: true })
const partySize = z.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(MAX_PARTY_SIZE, `must be at most ${MAX_PARTY_SIZE}`)
const childCount = z.number().int('must be a whole number').min(0).max(MAX_PARTY_SIZE).default(0)

/** One party of the day: a check-in or a reservation, as the host reads it. */
export const hostParty = z
  .strictObject({
    reservationId: z.uuid(),
    kind: reservationKind,
    status: reservationStatus,
    fullName: z.string(),
    phone: z.string().meta({ description: 'E.164; empty for a walk-in seated without one.' }),
    guestCount: z.number().int(),
    kids: z.number().int(),
    highChairs: z.number().int(),
    time: instant.meta({ description: "The timeline's order: a reservation's slot, a check-in's arrival." }),
    reservationSlot: z.string().nullable().meta({ description: 'HH:mm on the location’s clock; null for a check-in.' }),
    late: z.boolean().meta({ description: 'An Active reservation whose slot has begun.' }),
    quotedWaitMinutes: z.number().int().nullable().meta({ description: 'The wait the check-in was told when it joined.' }),
    waitedMinutes: z.number().int().nullable().meta({ description: "A check-in's wait so far (Active) or until it was seated." }),
    queuePosition: z.number().int().nullable(),
    estimatedWaitMinutes: z.number().int().nullable(),
    requestedSectionName: z.string().nullable(),
    tableId: z.uuid().nullable(),
    tableName: z.string().nullable(),
    seatedAt: instant.nullable(),
    completedAt: instant.nullable(),
    notes: z.string().nullable(),
    cancelCode: hostCancelReason.nullable(),
    cancelReason: z.string().nullable(),
    channel: z.enum(['ONLINE', 'STAFF']),
  })
  .meta({ id: 'HostParty' })

export const tableState = z.enum(['free', 'held', 'seated'])

/** A table of the map: who sits there since when, or who it is held for. */
export const hostTable = z
  .strictObject({
    tableId: z.uuid(),
    name: z.string(),
    capacity: z.number().int(),
    minCapacity: z.number().int(),
    state: tableState,
    occupant: z
      .strictObject({ reservationId: z.uuid(), fullName: z.string(), guestCount: z.number().int(), seatedAt: instant, minutesSeated: z.number().int() })
      .nullable(),
    heldFor: z
      .strictObject({ reservationId: z.uuid(), fullName: z.string(), guestCount: z.number().int(), at: instant })
      .nullable()
      .meta({ description: 'The reservation due at this table within HELD_AHEAD_MINUTES (or late), when nobody sits there.' }),
  })
  .meta({ id: 'HostTable' })

export const hostBoard = z
  .strictObject({
    locationId: z.uuid(),
    branchName: z.string(),
    timeZone: z.string(),
    date: z.string().meta({ description: "Today on the location's calendar." }),
    now: instant,
    parties: z.array(hostParty).meta({ description: 'Today’s check-ins and reservations, and every party still waiting or seated, by time.' }),
    sections: z.array(z.strictObject({ id: z.uuid(), name: z.string(), tables: z.array(hostTable) })),
  })
  .meta({ id: 'HostBoard' })

/** A table the party could sit at now, best first. */
export const tableSuggestion = z
  .strictObject({
    tableId: z.uuid(),
    name: z.string(),
    sectionId: z.uuid(),
    sectionName: z.string(),
    capacity: z.number().int(),
    reservedAt: instant.nullable().meta({ description: 'Another reservation holds it from then, before the party would be done.' }),
  })
  .meta({ id: 'TableSuggestion' })

export const tableSuggestions = z
  .strictObject({ reservationId: z.uuid(), guestCount: z.number().int(), tables: z.array(tableSuggestion) })
  .meta({ id: 'TableSuggestions' })

export const hostEvent = z.strictObject({ type: z.literal('host'), board: hostBoard }).meta({ id: 'HostEvent' })

export const hostLocationParams = z.object({ locationId: uuid('a location id') })
export const hostPartyParams = z.object({ locationId: uuid('a location id'), reservationId: uuid('a reservation id') })

export const seatRequest = z.object({ tableId: optionalField(uuid('a table id')) })
export const hostCancelRequest = z
  .object({ reason: hostCancelReason, note: z.preprocess(emptyAsMissing, z.string().trim().max(300, 'must be at most 300 characters').optional()) })
  .refine((request) => request.reason !== 'other' || Boolean(request.note), { message: 'say why when the reason is Other', path: ['note'] })

/** A walk-in: on the waitlist (a phone to text them), or seated at once (at `tableId`, or the best free table). */
export const walkInRequest = z
  .object({
    fullName: optionalField(requiredText(80)),
    mobile: optionalField(phone('must be a mobile number in international format, such as +14155550123')),
    guestCount: partySize,
    kidzSize: childCount,
    sectionId: optionalField(uuid('a table section id')),
    notes: optionalField(z.string().trim().max(300, 'must be at most 300 characters')),
    seatNow: z.boolean().default(false),
    tableId: optionalField(uuid('a table id')),
  })
  .refine((request) => request.kidzSize < request.guestCount, { message: 'must be fewer than the party (an adult comes along)', path: ['kidzSize'] })
  .refine((request) => request.seatNow || Boolean(request.mobile), { message: 'is needed to text the party when their table is ready', path: ['mobile'] })
  .refine((request) => request.seatNow || Boolean(request.fullName), { message: 'is required on the waitlist', path: ['fullName'] })
  .refine((request) => request.seatNow || !request.tableId, { message: 'goes with seatNow', path: ['tableId'] })

/** A reservation taken on the phone (the staff booking of docs/reservations.md "Host and staff"). */
export const phoneReservationRequest = z
  .object({
    fullName: requiredText(80),
    mobile: phone('must be a mobile number in international format, such as +14155550123'),
    email: optionalField(z.email('must be an email address')),
    guestCount: partySize,
    kidzSize: childCount,
    highChair: childCount,
    sectionId: optionalField(uuid('a table section id')),
    reservationDate: localDate,
    reservationSlot: localTime('19:30'),
    notes: optionalField(z.string().trim().max(300, 'must be at most 300 characters')),
  })
  .refine((request) => request.kidzSize < request.guestCount, { message: 'must be fewer than the party (an adult comes along)', path: ['kidzSize'] })
  .refine((request) => request.highChair <= request.kidzSize, { message: 'must be at most the children', path: ['highChair'] })

export type HostParty = z.output<typeof hostParty>
export type HostTable = z.output<typeof hostTable>
export type HostBoard = z.output<typeof hostBoard>
export type TableSuggestion = z.output<typeof tableSuggestion>
export type TableSuggestions = z.output<typeof tableSuggestions>
export type HostEvent = z.output<typeof hostEvent>
export type WalkInRequest = z.input<typeof walkInRequest>
export type PhoneReservationRequest = z.input<typeof phoneReservationRequest>

const IDEMPOTENCY_ERRORS = ['invalid_idempotency_key', 'idempotency_in_progress', 'idempotency_key_reused'] as const
/** Why a seating is refused (docs/host-stand.md "Seating"). */
const SEAT_ERRORS = ['not_found', 'status_not_allowed', 'table_not_found', 'table_too_small', 'table_occupied', 'table_held', 'no_free_table'] as const
const BOOKING_ERRORS = [
  'section_not_found',
  'checkin_exists',
  'no_table_for_party',
  'slot_passed',
  'slot_too_soon',
  'slot_unavailable',
  'slot_taken',
  'beyond_reservation_window',
  'reservation_limit',
] as const

/** The host stand (docs/host-stand.md): staff of the location only, plain JSON. */
export const hostStandEndpoints = defineEndpoints({
  'GET /staff/:locationId/host': {
    auth: 'staff',
    roles: ['host'],
    wire: 'json',
    tag: 'host-stand',
    summary: 'Today’s timeline (waitlist and reservations) and the table map by section',
    params: hostLocationParams,
    response: hostBoard,
    errors: ['not_found'],
  },
  'GET /staff/:locationId/host/events': {
    auth: 'staff',
    roles: ['host'],
    wire: 'json',
    tag: 'host-stand',
    summary: 'The host stand, live: Server-Sent Events',
    description: 'Opens with the board, then sends it again (`event: host`) whenever the location’s queue or tables change; comment lines keep a quiet stream open.',
    params: hostLocationParams,
    response: hostEvent,
    stream: { event: 'host' },
    errors: ['not_found'],
    cache: 'default',
  },
  'GET /staff/:locationId/host/parties/:reservationId/tables': {
    auth: 'staff',
    roles: ['host'],
    wire: 'json',
    tag: 'host-stand',
    summary: 'The tables a waiting party could sit at now, best first: smallest that fits, then its section',
    params: hostPartyParams,
    response: tableSuggestions,
    errors: ['not_found', 'status_not_allowed'],
  },
  'POST /staff/:locationId/host/parties/:reservationId/seat': {
    auth: 'staff',
    roles: ['host'],
    wire: 'json',
    tag: 'host-stand',
    summary: 'Seat a waiting party at a table (or the best free one)',
    params: hostPartyParams,
    body: seatRequest,
    response: hostParty,
    errors: [...SEAT_ERRORS, ...IDEMPOTENCY_ERRORS],
  },
  'POST /staff/:locationId/host/parties/:reservationId/complete': {
    auth: 'staff',
    roles: ['host'],
    wire: 'json',
    tag: 'host-stand',
    summary: 'A seated party has left: Completed, its table free',
    params: hostPartyParams,
    response: hostParty,
    errors: ['not_found', 'status_not_allowed', ...IDEMPOTENCY_ERRORS],
  },
  'POST /staff/:locationId/host/parties/:reservationId/no-show': {
    auth: 'staff',
    roles: ['host'],
    wire: 'json',
    tag: 'host-stand',
    summary: 'Mark a party that did not come a no-show',
    params: hostPartyParams,
    response: hostParty,
    errors: ['not_found', 'status_not_allowed', 'not_due_yet', ...IDEMPOTENCY_ERRORS],
  },
  'POST /staff/:locationId/host/parties/:reservationId/cancel': {
    auth: 'staff',
    roles: ['host'],
    wire: 'json',
    tag: 'host-stand',
    summary: 'Cancel a waiting party with a reason (the fixed list, and a note)',
    params: hostPartyParams,
    body: hostCancelRequest,
    response: hostParty,
    errors: ['not_found', 'not_active', ...IDEMPOTENCY_ERRORS],
  },
  'POST /staff/:locationId/host/walk-ins': {
    auth: 'staff',
    roles: ['host'],
    wire: 'json',
    tag: 'host-stand',
    summary: 'A walk-in: joins the waitlist, or is seated at once',
    params: hostLocationParams,
    body: walkInRequest,
    response: hostParty,
    statuses: [201],
    errors: [...BOOKING_ERRORS, ...SEAT_ERRORS, ...IDEMPOTENCY_ERRORS],
  },
  'POST /staff/:locationId/host/reservations': {
    auth: 'staff',
    roles: ['host'],
    wire: 'json',
    tag: 'host-stand',
    summary: 'A reservation taken on the phone',
    params: hostLocationParams,
    body: phoneReservationRequest,
    response: hostParty,
    statuses: [201],
    errors: ['not_found', ...BOOKING_ERRORS, ...IDEMPOTENCY_ERRORS],
  },
} as const)
