import { and, eq, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { diningMinutes, type Reservation, type reservationParams, type staffReservationRequest } from '@/shared/api/contracts/reservations'
import type { Transaction } from '../../db/executor'
import { customers, reservations, tableSections } from '../../db/schema'
import type { Caller } from '../../domain/caller'
import { databaseErrorOf, refuse } from '../../lib/errors'
import type { SmsProvider } from '../../providers/sms'
import { loadLocation, notifyQueue, present } from './reservation'
import {
  checkDailyLimit,
  checkinExists,
  checkParty,
  chosenSlot,
  MINUTE,
  noTableSeats,
  preferred,
  reservationsOff,
  wallDateTime,
  type LocationRow,
  type ReservationRow,
  type TableRow,
} from './rules'
import { holdTable } from './table-holds'
import { checkInRefusal, estimateWait, readFloor, tablesFor, type FloorState } from './waitlist'

/** A diner's booking or check-in (query of POST /customer/reservations) or a host's (POST /merchants/{locationId}/reservations). */
export type NewReservation = z.output<typeof reservationParams> | (z.output<typeof staffReservationRequest> & { deviceId?: string; seatTogether?: string })

/** The partial unique indexes that keep one active check-in per phone and per device. */
const ACTIVE_CHECKIN_INDEXES = ['reservations_active_checkin_phone_uq', 'reservations_active_checkin_device_uq']

/** The row both kinds start from, and what the two branches below read of it. */
type Party = { location: LocationRow; floor: FloorState; size: number; fitting: TableRow[]; row: typeof reservations.$inferInsert }

/**
 * POST /customer/reservations and POST /merchants/{locationId}/reservations: a reservation when
 * the request names a date and slot, otherwise a check-in to the waitlist (docs/reservations.md).
 * `sms` writes with `tx`, so a refused booking texts nobody.
 */
export async function book(tx: Transaction, sms: SmsProvider, caller: Caller, request: NewReservation, now: Date): Promise<Reservation> {
  const isReservation = Boolean(request.reservationDate && request.reservationSlot)
  const customerId = await checkContact(tx, caller, request.mobile, isReservation ? 'book the table' : 'check in')
  const party = await newParty(tx, caller, customerId, request, now)
  return isReservation ? reserve(tx, sms, caller, party, request, now) : checkIn(tx, sms, caller, party, request, now)
}

/**
 * Whose number `mobile` may be (docs/accounts.md "Guests"): a signed-in diner's own verified
 * mobile, or the phone a guest proved by a code in this session (their guest token); staff book
 * for anyone. The diner's customer id (null for a guest or staff).
 */
async function checkContact(tx: Transaction, caller: Caller, mobile: string, what: string): Promise<string | null> {
  if (caller.staff) return null
  if (caller.customerId) {
    const [customer] = await tx
      .select({ id: customers.id, mobilePhone: customers.mobilePhone, mobileVerifiedAt: customers.mobileVerifiedAt })
      .from(customers)
      .where(eq(customers.id, caller.customerId))
    if (!customer) throw refuse(401, 'unauthenticated', 'Please sign in to continue.')
    if (customer.mobilePhone !== mobile || !customer.mobileVerifiedAt) {
      throw refuse(403, 'mobile_not_verified', `Please use your own mobile number, the one verified on your account, to ${what}.`)
    }
    return customer.id
  }
  if (caller.guest?.phone !== mobile) {
    throw refuse(403, 'mobile_not_verified', `Please verify your mobile number with the code we text you, then ${what}.`)
  }
  return null
}

/** The location, its floor, and the row a party of the request would be; refuses a party or section that cannot be. */
async function newParty(tx: Transaction, caller: Caller, customerId: string | null, request: NewReservation, now: Date): Promise<Party> {
  const location = await loadLocation(tx, caller.staff?.locationId ?? (request as { locationId: string }).locationId)
  const floor = (await readFloor(tx, location.id, now))!
  const size = request.guestCount
  const kids = request.kidzSize ?? 0
  const highChairs = request.highChair ?? 0
  checkParty(size, kids, highChairs)
  if (request.sectionId) {
    const [section] = await tx
      .select({ id: tableSections.id })
      .from(tableSections)
      .where(and(eq(tableSections.id, request.sectionId), eq(tableSections.locationId, location.id)))
    if (!section) throw refuse(400, 'section_not_found', `This table section is not one of ${location.branchName}'s.`)
  }
  const row = {
    locationId: location.id,
    customerId,
    fullName: request.fullName,
    phone: request.mobile,
    email: request.email ?? null,
    adults: size - kids,
    kids,
    highChairs,
    sectionId: request.sectionId ?? null,
    channel: caller.staff ? 'STAFF' : 'ONLINE',
    staffId: caller.staff?.id ?? null,
    deviceId: caller.staff ? '' : (request.deviceId ?? ''),
    seatTogether: (request.seatTogether ?? '1') === '1',
    notes: request.notes || null,
    createdAt: now,
    updatedAt: now,
  } satisfies Omit<typeof reservations.$inferInsert, 'kind'>
  return { location, floor, size, fitting: tablesFor(floor.tables, size), row: { ...row, kind: 'CHECKIN' } }
}

/** A place on the waitlist: one active check-in per phone and device, while the restaurant takes them and the wait is bearable. */
async function checkIn(tx: Transaction, sms: SmsProvider, caller: Caller, party: Party, request: NewReservation, now: Date): Promise<Reservation> {
  const { location, floor, size, fitting } = party
  const deviceId = party.row.deviceId ?? ''
  const [active] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.kind, 'CHECKIN'),
        eq(reservations.status, 'Active'),
        deviceId ? or(eq(reservations.phone, request.mobile), eq(reservations.deviceId, deviceId)) : eq(reservations.phone, request.mobile),
      ),
    )
    .limit(1)
  // A walk-in the host seats at once may come without a phone (docs/host-stand.md "Walk-ins").
  if (active && request.mobile) throw checkinExists()
  if (!caller.staff) {
    const refusal = checkInRefusal(floor, now)
    if (refusal) throw refuse(409, 'checkin_unavailable', refusal)
  }
  if (!fitting.length) throw noTableSeats(location, size)
  const wait = estimateWait(floor, size, floor.queue)
  if (!caller.staff && wait !== null && wait > location.maxCheckinWaitThreshold) {
    throw refuse(
      409,
      'wait_too_long',
      `The wait at ${location.branchName} is over ${location.maxCheckinWaitThreshold} minutes right now. Please try again later or reserve a table.`,
    )
  }
  let row: ReservationRow
  try {
    // In a savepoint: on PostgreSQL a failed statement would otherwise abort the whole transaction.
    row = await tx.transaction(async (savepoint) => (await savepoint.insert(reservations).values({ ...party.row, quotedWaitMinutes: wait }).returning())[0]!)
  } catch (error) {
    const failure = databaseErrorOf(error)
    if (failure?.code === '23505' && (failure.constraint === '' || ACTIVE_CHECKIN_INDEXES.includes(failure.constraint))) throw checkinExists()
    throw error
  }
  await notifyQueue(tx, location.id)
  const reservation = await present(tx, row, now)
  if (row.phone) await sms.send(row.phone, `You're on the waitlist at ${location.branchName}: number ${reservation.queuePosition ?? 1}. We'll text you when your table is ready.`)
  return reservation
}

/** A table at a slot the restaurant offers, within the diner's daily limit, held for the party's dining time. */
async function reserve(tx: Transaction, sms: SmsProvider, caller: Caller, party: Party, request: NewReservation, now: Date): Promise<Reservation> {
  const { location, floor, size, fitting } = party
  const date = request.reservationDate!
  if (location.disabledServices.isReservation && !caller.staff) throw reservationsOff(location)
  const slot = chosenSlot(floor, date, request.reservationSlot!, now)
  if (!fitting.length) throw noTableSeats(location, size)
  if (!caller.staff) await lockDailyLimit(tx, { customerId: party.row.customerId ?? null, phone: request.mobile }, location, date)
  const slotEnd = new Date(slot.startsAt.getTime() + diningMinutes(size) * MINUTE)
  const [row] = await tx
    .insert(reservations)
    .values({ ...party.row, kind: 'RESERVATION', reservationDate: date, reservationSlot: slot.time, slotStart: slot.startsAt, slotEnd })
    .returning()
  const table = await holdTable(tx, row!.id, preferred(fitting, request.sectionId), slot.startsAt, size)
  if (!table) throw refuse(409, 'slot_taken', `No table for ${size} is free at ${slot.time} any more. Please choose another time.`)
  const [booked] = await tx.update(reservations).set({ tableId: table.id }).where(eq(reservations.id, row!.id)).returning()
  // The host stand's timeline shows it at once (docs/host-stand.md "Live").
  await notifyQueue(tx, location.id)
  const when = wallDateTime(slot.startsAt, location.timeZoneCd)
  await sms.send(booked!.phone, `Your table for ${size} at ${location.branchName} is booked for ${when.date} at ${when.time}. Reservation ${booked!.id.slice(0, 8)}.`)
  return present(tx, booked!, now)
}

/**
 * Reads the diner's active reservations of `date` (by customer id or phone, counting both) and
 * applies the daily limit. The advisory lock on the phone and date makes parallel bookings of one
 * diner take turns, so the count holds on PostgreSQL too; it lasts until the transaction ends.
 */
async function lockDailyLimit(tx: Transaction, diner: { customerId: string | null; phone: string }, location: LocationRow, date: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reservations:${diner.phone}:${date}`}))`)
  const held = await tx
    .select({ locationId: reservations.locationId })
    .from(reservations)
    .where(
      and(
        eq(reservations.kind, 'RESERVATION'),
        eq(reservations.status, 'Active'),
        eq(reservations.reservationDate, date),
        diner.customerId ? or(eq(reservations.phone, diner.phone), eq(reservations.customerId, diner.customerId)) : eq(reservations.phone, diner.phone),
      ),
    )
  checkDailyLimit(held, location, date)
}
