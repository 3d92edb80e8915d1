import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  diningMinutes,
  HOLD_BLOCK_MINUTES,
  ONE_ACTIVE_CHECKIN,
  RESERVATION_LEAD_MINUTES,
  RESERVATION_WINDOW_DAYS,
  type cancelReservationRequest,
  type Reservation,
  type ReservationSlot,
  type reservationParams,
  type reservationUpdateRequest,
  type SlotsResponse,
  type slotQuery,
  type staffReservationRequest,
  type TableDetailsResponse,
  type WaitTimesResponse,
} from '@/shared/api/contracts/reservations'
import { localInstant, MONTHS, openingStatus, WEEKDAYS, zonedClock } from '@/shared/lib/hours'
import { customers, diningTables, locations, merchants, reservations, tableHolds, tableSections } from '../../db/schema'
import { notFound, refuse } from '../../lib/errors'
import type { SmsProvider } from '../../providers/sms'
import { bookableAt, holdBlocks, reservationWindow, sessionSlots } from './slots'
import { checkInRefusal, estimateWait, partySizeOf, queueStanding, readFloor, tablesFor, waitTimesOf, type FloorState } from './waitlist'
import type { Executor, Transaction } from '../../db/executor'

type ReservationRow = typeof reservations.$inferSelect
type LocationRow = typeof locations.$inferSelect
type TableRow = typeof diningTables.$inferSelect
type NewReservation = z.output<typeof reservationParams> | (z.output<typeof staffReservationRequest> & { deviceId?: string; seatTogether?: string })

/**
 * Who is asking: a signed-in customer, a guest (with `guest` when a code proved their phone in
 * this session), or a location's staff member.
 */
export type Caller = { customerId?: string; guest?: { id: string; phone: string }; staff?: { id: string; locationId: string } }

/** Active reservations one diner may hold on one local date, across restaurants (docs/accounts.md "Limits"). */
export const RESERVATIONS_PER_DINER_PER_DAY = 2

/** The statuses a host moves a party to (PUT /merchants/{locationId}/reservations/{reservationId}/status). */
export type HostStatus = 'Seated' | 'Completed' | 'NoShow'

const MINUTE = 60_000
/** PostgreSQL's unique_violation, raised by PGlite and PostgreSQL alike. */
const UNIQUE_VIOLATION = '23505'
const ACTIVE_CHECKIN_INDEXES = ['reservations_active_checkin_phone_uq', 'reservations_active_checkin_device_uq']

const checkinExists = () => refuse(400, 'checkin_exists', ONE_ACTIVE_CHECKIN)
const noTableSeats = (location: LocationRow, size: number) =>
  refuse(400, 'no_table_for_party', `No table at ${location.branchName} seats a party of ${size}. Please call the restaurant.`)
const reservationsOff = (location: LocationRow) => refuse(409, 'reservations_disabled', `${location.branchName} does not take reservations online.`)

/** Thrown inside a savepoint when a table is already held for one of the blocks: the savepoint rolls back, the next table is tried. */
class TableTaken extends Error {}

function uniqueViolationOf(error: unknown): string | null {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint, constraint_name: constraintName } = cause as { code?: unknown; constraint?: unknown; constraint_name?: unknown }
    if (code === UNIQUE_VIOLATION) return String(constraint ?? constraintName ?? '')
  }
  return null
}

/** Delivered on commit to every open live-queue stream of the location (DESIGN §6). */
export async function notifyQueue(tx: Executor, locationId: string) {
  await tx.execute(sql`select pg_notify('waitlist', ${JSON.stringify({ locationId })})`)
}

/** Requested section first, then the smallest table that fits, then by name: the tables to try, in order. */
function preferred(tables: TableRow[], sectionId: string | null | undefined): TableRow[] {
  return [...tables].sort(
    (a, b) =>
      Number(b.sectionId === sectionId) - Number(a.sectionId === sectionId) ||
      a.capacity - b.capacity ||
      a.name.localeCompare(b.name, 'en', { numeric: true }),
  )
}

/**
 * Holds the first of `tables` that is free for every block a party of `size` takes from `start`.
 * Each attempt runs in a savepoint; the table_holds primary key decides a race, so two parallel
 * bookings of the last table cannot both get it. Null when none is free.
 */
export async function holdTable(tx: Transaction, reservationId: string, tables: TableRow[], start: Date, size: number): Promise<TableRow | null> {
  const blocks = holdBlocks(start, size)
  if (!tables.length) return null
  const taken = await tx
    .selectDistinct({ tableId: tableHolds.tableId })
    .from(tableHolds)
    .where(
      and(
        inArray(
          tableHolds.tableId,
          tables.map((table) => table.id),
        ),
        inArray(tableHolds.blockStart, blocks),
      ),
    )
  const busy = new Set(taken.map((row) => row.tableId))
  for (const table of tables.filter((candidate) => !busy.has(candidate.id))) {
    try {
      await tx.transaction(async (savepoint) => {
        const held = await savepoint
          .insert(tableHolds)
          .values(blocks.map((blockStart) => ({ tableId: table.id, blockStart, reservationId })))
          .onConflictDoNothing()
          .returning()
        if (held.length < blocks.length) throw new TableTaken()
      })
      return table
    } catch (error) {
      if (!(error instanceof TableTaken)) throw error
    }
  }
  return null
}

/** Frees a reservation's table from `from` on (all of it without `from`). */
export async function releaseHolds(tx: Executor, reservationId: string, from?: Date) {
  const blockOfNow = from ? new Date(Math.floor(from.getTime() / (HOLD_BLOCK_MINUTES * MINUTE)) * HOLD_BLOCK_MINUTES * MINUTE) : null
  await tx
    .delete(tableHolds)
    .where(blockOfNow ? and(eq(tableHolds.reservationId, reservationId), gte(tableHolds.blockStart, blockOfNow)) : eq(tableHolds.reservationId, reservationId))
}

/** "Friday, Nov 27" and "19:30" of an instant on the location's wall clock. */
function wallDateTime(instant: Date, timeZone: string) {
  const clock = zonedClock(instant, timeZone)
  const [, month, day] = clock.date.split('-').map(Number)
  const time = `${String(Math.floor(clock.minute / 60)).padStart(2, '0')}:${String(clock.minute % 60).padStart(2, '0')}`
  return { date: `${WEEKDAYS[clock.day]}, ${MONTHS[month! - 1]} ${day}`, time }
}

/**
 * Seats an active check-in at a table that is free now (none seated there, no reservation due):
 * requested section first, then the smallest that fits. The table is held for the party's dining
 * time so a reservation cannot be booked over it. False when no suitable table is free.
 */
export async function seatCheckIn(tx: Transaction, floor: FloorState, party: ReservationRow, now: Date): Promise<boolean> {
  const size = partySizeOf(party)
  const free = tablesFor(floor.tables, size).filter((table) => (floor.busyMinutes.get(table.id) ?? 0) === 0)
  const table = await holdTable(tx, party.id, preferred(free, party.sectionId), now, size)
  if (!table) return false
  await tx.update(reservations).set({ status: 'Seated', tableId: table.id, seatedAt: now, updatedAt: now }).where(eq(reservations.id, party.id))
  floor.busyMinutes.set(table.id, diningMinutes(size))
  return true
}

/** Check-ins, reservations, slots and the wait-time board (SPEC §4 "Check-in", "Wait times and reservation", §7). */
export function createReservationService({ sms }: { sms: (executor: Executor) => SmsProvider }) {
  async function loadLocation(db: Executor, locationId: string): Promise<LocationRow> {
    const [location] = await db.select().from(locations).where(and(eq(locations.id, locationId), eq(locations.isActive, true)))
    if (!location) throw notFound('The restaurant')
    return location
  }

  /** The reservation of `reservationId` if the caller may see it: a customer's only by that customer, a guest's by whoever holds its id. */
  async function loadOwned(db: Executor, caller: Caller, reservationId: string, { lock = false } = {}): Promise<ReservationRow> {
    const query = db.select().from(reservations).where(eq(reservations.id, reservationId))
    const [row] = lock ? await query.for('update') : await query
    if (!row) throw notFound('The reservation')
    if (caller.staff) {
      if (row.locationId !== caller.staff.locationId) throw notFound('The reservation')
    } else if (row.customerId !== null && row.customerId !== caller.customerId) {
      throw notFound('The reservation')
    }
    return row
  }

  async function present(db: Executor, row: ReservationRow, now = new Date(), floor?: FloorState | null): Promise<Reservation> {
    const [place] = await db
      .select({ location: locations, merchantName: merchants.name, merchantType: merchants.merchantType })
      .from(locations)
      .innerJoin(merchants, eq(merchants.id, locations.merchantId))
      .where(eq(locations.id, row.locationId))
    const [section] = row.sectionId ? await db.select({ name: tableSections.name }).from(tableSections).where(eq(tableSections.id, row.sectionId)) : []
    const [table] = row.tableId ? await db.select({ name: diningTables.name }).from(diningTables).where(eq(diningTables.id, row.tableId)) : []
    const waiting = row.kind === 'CHECKIN' && row.status === 'Active'
    const queueFloor = waiting ? (floor ?? (await readFloor(db, row.locationId, now))) : null
    const standing = queueFloor ? queueStanding(queueFloor, row) : { queuePosition: null, estimatedWaitMinutes: null }
    const size = partySizeOf(row)
    return {
      reservationId: row.id,
      checkInId: row.id,
      kind: row.kind,
      status: row.status,
      checkedIn: row.kind === 'CHECKIN' && (row.status === 'Active' || row.status === 'Seated'),
      locationId: row.locationId,
      branchName: place?.location.branchName ?? '',
      merchantName: place?.merchantName ?? '',
      merchantType: place?.merchantType ?? '',
      locationSlug: place?.location.locationSlug ?? '',
      timeZone: place?.location.timeZoneCd ?? 'UTC',
      fullName: row.fullName,
      phone: row.phone,
      email: row.email,
      guestCount: size,
      adults: row.adults,
      kids: row.kids,
      highChairs: row.highChairs,
      sectionId: row.sectionId,
      sectionName: section?.name ?? null,
      tableName: table?.name ?? null,
      reservationDate: row.reservationDate,
      reservationSlot: row.reservationSlot,
      slotStart: row.slotStart?.toISOString() ?? null,
      slotEnd: row.slotEnd?.toISOString() ?? null,
      ...standing,
      notes: row.notes,
      cancelReason: row.cancelReason,
      channel: row.channel === 'STAFF' ? 'STAFF' : 'ONLINE',
      cancellationPolicy: place?.location.cancellationPolicy ?? '',
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
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

  /**
   * At most RESERVATIONS_PER_DINER_PER_DAY active reservations per diner (their customer id or
   * their phone, counting both) on one local date, and one per restaurant. The advisory lock on
   * the phone and date makes parallel bookings of one diner take turns, so the count holds on
   * PostgreSQL too; it lasts until the request's transaction ends.
   */
  async function checkDailyLimit(tx: Transaction, diner: { customerId: string | null; phone: string }, location: LocationRow, date: string) {
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
    if (held.some((row) => row.locationId === location.id)) {
      throw refuse(409, 'reservation_limit', `You already have a table at ${location.branchName} on ${date}. Change that reservation instead of booking another.`)
    }
    if (held.length >= RESERVATIONS_PER_DINER_PER_DAY) {
      throw refuse(409, 'reservation_limit', `You already hold ${held.length} reservations on ${date}, the most one diner may hold on a day. Cancel one to book another.`)
    }
  }

  /** The slot a reservation asks for, if the generator offers it for that date; otherwise why not. */
  async function chosenSlot(floor: FloorState, date: string, time: string, now: Date) {
    const { location } = floor
    const zone = location.timeZoneCd
    const { first, last } = reservationWindow(now, zone)
    if (date < first) throw refuse(400, 'slot_passed', `${date} has passed. Please choose today or a later date.`)
    if (date > last) throw refuse(400, 'beyond_reservation_window', `${location.branchName} takes reservations up to ${RESERVATION_WINDOW_DAYS} days ahead, until ${last}.`)
    const slot = sessionSlots(floor.sessions, date, zone).find((candidate) => candidate.time === time)
    if (!slot) {
      throw refuse(400, 'slot_unavailable', `${location.branchName} does not seat reservations at ${time} on ${date}. Please choose one of the times offered.`)
    }
    if (slot.startsAt.getTime() <= now.getTime()) throw refuse(400, 'slot_passed', 'This time has passed. Please choose a later time.')
    if (!bookableAt(slot, now)) {
      throw refuse(400, 'slot_too_soon', `Tables are reserved at least ${RESERVATION_LEAD_MINUTES} minutes ahead. Please choose a later time.`)
    }
    return slot
  }

  async function create(tx: Transaction, caller: Caller, request: NewReservation, now: Date): Promise<Reservation> {
    const isReservation = Boolean(request.reservationDate && request.reservationSlot)
    const customerId = await checkContact(tx, caller, request.mobile, isReservation ? 'book the table' : 'check in')
    const location = await loadLocation(tx, caller.staff?.locationId ?? (request as { locationId: string }).locationId)
    const floor = (await readFloor(tx, location.id, now))!
    const size = request.guestCount
    const kids = request.kidzSize ?? 0
    const highChairs = request.highChair ?? 0
    if (kids >= size) throw refuse(400, 'invalid_request', 'Invalid request: kidzSize must be fewer than guestCount (an adult comes along).')
    if (highChairs > kids) throw refuse(400, 'invalid_request', 'Invalid request: highChair must be at most kidzSize.')
    if (request.sectionId) {
      const [section] = await tx
        .select({ id: tableSections.id })
        .from(tableSections)
        .where(and(eq(tableSections.id, request.sectionId), eq(tableSections.locationId, location.id)))
      if (!section) throw refuse(400, 'section_not_found', `This table section is not one of ${location.branchName}'s.`)
    }
    const fitting = tablesFor(floor.tables, size)
    const deviceId = caller.staff ? '' : (request.deviceId ?? '')
    const base = {
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
      deviceId,
      seatTogether: (request.seatTogether ?? '1') === '1',
      notes: request.notes || null,
      createdAt: now,
      updatedAt: now,
    }

    if (!isReservation) {
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
      if (active) throw checkinExists()
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
        row = await tx.transaction(async (savepoint) => (await savepoint.insert(reservations).values({ ...base, kind: 'CHECKIN' }).returning())[0]!)
      } catch (error) {
        const constraint = uniqueViolationOf(error)
        if (constraint !== null && (constraint === '' || ACTIVE_CHECKIN_INDEXES.includes(constraint))) throw checkinExists()
        throw error
      }
      await notifyQueue(tx, location.id)
      const reservation = await present(tx, row, now)
      await sms(tx).send(
        row.phone,
        `You're on the waitlist at ${location.branchName}: number ${reservation.queuePosition ?? 1}. We'll text you when your table is ready.`,
      )
      return reservation
    }

    if (location.disabledServices.isReservation && !caller.staff) throw reservationsOff(location)
    const slot = await chosenSlot(floor, request.reservationDate!, request.reservationSlot!, now)
    if (!fitting.length) throw noTableSeats(location, size)
    if (!caller.staff) await checkDailyLimit(tx, { customerId, phone: request.mobile }, location, request.reservationDate!)
    const slotEnd = new Date(slot.startsAt.getTime() + diningMinutes(size) * MINUTE)
    const [row] = await tx
      .insert(reservations)
      .values({ ...base, kind: 'RESERVATION', reservationDate: request.reservationDate!, reservationSlot: slot.time, slotStart: slot.startsAt, slotEnd })
      .returning()
    const table = await holdTable(tx, row!.id, preferred(fitting, request.sectionId), slot.startsAt, size)
    if (!table) throw refuse(409, 'slot_taken', `No table for ${size} is free at ${slot.time} any more. Please choose another time.`)
    const [booked] = await tx.update(reservations).set({ tableId: table.id }).where(eq(reservations.id, row!.id)).returning()
    const when = wallDateTime(slot.startsAt, location.timeZoneCd)
    await sms(tx).send(
      booked!.phone,
      `Your table for ${size} at ${location.branchName} is booked for ${when.date} at ${when.time}. Reservation ${booked!.id.slice(0, 8)}.`,
    )
    return present(tx, booked!, now)
  }

  return {
    present,
    create,

    /** POST /customer/reservationId/v2 */
    async read(db: Executor, caller: Caller, reservationId: string, now = new Date()): Promise<Reservation> {
      return present(db, await loadOwned(db, caller, reservationId), now)
    },

    /** The reservation's location for the live stream, with the same ownership rule as the read. */
    async ownedLocation(db: Executor, caller: Caller, reservationId: string): Promise<string> {
      return (await loadOwned(db, caller, reservationId)).locationId
    },

    /** PUT /customer/cancel-table?user=customer: Cancelled with the reason, the table freed. */
    async cancel(tx: Transaction, caller: Caller, request: z.output<typeof cancelReservationRequest>, now = new Date()): Promise<Reservation> {
      const row = await loadOwned(tx, caller, request.reservationId, { lock: true })
      if (row.locationId !== request.locationId) throw notFound('The reservation')
      if (row.status !== 'Active') throw refuse(409, 'not_active', `This ${row.kind === 'CHECKIN' ? 'check-in' : 'reservation'} is already ${row.status === 'NoShow' ? 'closed' : row.status.toLowerCase()}.`)
      const [cancelled] = await tx
        .update(reservations)
        .set({ status: 'Cancelled', cancelReason: request.cancelReason, cancelledAt: now, updatedAt: now })
        .where(eq(reservations.id, row.id))
        .returning()
      await releaseHolds(tx, row.id)
      await notifyQueue(tx, row.locationId)
      const reservation = await present(tx, cancelled!, now)
      await sms(tx).send(
        row.phone,
        `Your ${row.kind === 'CHECKIN' ? 'place on the waitlist' : 'reservation'} at ${reservation.branchName} is cancelled. We hope to see you another time.`,
      )
      return reservation
    },

    /** PUT /customer/reservations (our addition): party size, children, high chairs or notes of an active one. */
    async update(tx: Transaction, caller: Caller, request: z.output<typeof reservationUpdateRequest>, now = new Date()): Promise<Reservation> {
      const row = await loadOwned(tx, caller, request.reservationId, { lock: true })
      if (row.status !== 'Active') throw refuse(409, 'not_active', `Only an active ${row.kind === 'CHECKIN' ? 'check-in' : 'reservation'} can be changed.`)
      const size = request.guestCount ?? partySizeOf(row)
      const kids = request.kidzSize ?? Math.min(row.kids, size - 1)
      const highChairs = request.highChair ?? Math.min(row.highChairs, kids)
      if (kids >= size) throw refuse(400, 'invalid_request', 'Invalid request: kidzSize must be fewer than guestCount (an adult comes along).')
      if (highChairs > kids) throw refuse(400, 'invalid_request', 'Invalid request: highChair must be at most kidzSize.')
      const location = await loadLocation(tx, row.locationId)
      const floor = (await readFloor(tx, row.locationId, now))!
      const fitting = tablesFor(floor.tables, size)
      if (!fitting.length) throw noTableSeats(location, size)
      const changes: Partial<ReservationRow> = { adults: size - kids, kids, highChairs, updatedAt: now }
      if (request.notes !== undefined) changes.notes = request.notes || null
      if (row.kind === 'RESERVATION' && row.slotStart && size !== partySizeOf(row)) {
        await releaseHolds(tx, row.id)
        const table = await holdTable(tx, row.id, preferred(fitting, row.sectionId), row.slotStart, size)
        // Thrown inside the request's transaction: the old table and party size stay as they were.
        if (!table) throw refuse(409, 'slot_taken', `No table for ${size} is free at ${row.reservationSlot} any more. Your reservation is unchanged.`)
        changes.tableId = table.id
        changes.slotEnd = new Date(row.slotStart.getTime() + diningMinutes(size) * MINUTE)
      }
      const [updated] = await tx.update(reservations).set(changes).where(eq(reservations.id, row.id)).returning()
      await notifyQueue(tx, row.locationId)
      return present(tx, updated!, now)
    },

    /** GET /merchants/generate-reservation-slot/{locationId}?guestCount&date */
    async slots(db: Executor, locationId: string, query: z.output<typeof slotQuery>, now = new Date()): Promise<SlotsResponse> {
      const location = await loadLocation(db, locationId)
      if (location.disabledServices.isReservation) throw reservationsOff(location)
      const zone = location.timeZoneCd
      const { first, last } = reservationWindow(now, zone)
      if (query.date < first || query.date > last) {
        throw refuse(400, 'beyond_reservation_window', `${location.branchName} takes reservations from ${first} to ${last}. Please choose a date in that range.`)
      }
      const floor = (await readFloor(db, locationId, now))!
      const fitting = tablesFor(floor.tables, query.guestCount)
      const candidates = sessionSlots(floor.sessions, query.date, zone).filter((slot) => bookableAt(slot, now))
      const held = new Set<string>()
      if (fitting.length && candidates.length) {
        const from = holdBlocks(candidates[0]!.startsAt, query.guestCount)[0]!
        const until = new Date(candidates.at(-1)!.startsAt.getTime() + diningMinutes(query.guestCount) * MINUTE)
        const rows = await db
          .select()
          .from(tableHolds)
          .where(
            and(
              inArray(
                tableHolds.tableId,
                fitting.map((table) => table.id),
              ),
              gte(tableHolds.blockStart, from),
              lt(tableHolds.blockStart, until),
            ),
          )
        for (const hold of rows) held.add(`${hold.tableId}|${hold.blockStart.getTime()}`)
      }
      const slots: ReservationSlot[] = candidates.map((slot) => {
        const blocks = holdBlocks(slot.startsAt, query.guestCount)
        const available = fitting.some((table) => blocks.every((block) => !held.has(`${table.id}|${block.getTime()}`)))
        return { time: slot.time, startsAt: slot.startsAt.toISOString(), available, sessionName: slot.sessionName }
      })
      const status = openingStatus(floor.sessions, zone, now)
      const minuteNow = Math.floor(now.getTime() / MINUTE) * MINUTE
      const next = status.nextSession
      const nextOpens = next ? localInstant(next.date, next.opensAt, zone) : null
      return {
        locationId,
        date: query.date,
        guestCount: query.guestCount,
        timeZone: zone,
        slots,
        activeSessionEndTime: status.minutesToClose !== null ? new Date(minuteNow + status.minutesToClose * MINUTE).toISOString() : null,
        nextSession: next ? { name: next.sessionName, opensAt: (nextOpens ?? new Date(`${next.date}T${next.opensAt}:00Z`)).toISOString() } : null,
        isLastActiveSession: status.isLastActiveSession,
      }
    },

    /** POST /merchants/v2/locations/wait-times */
    async waitTimes(db: Executor, locationId: string, now = new Date()): Promise<WaitTimesResponse> {
      await loadLocation(db, locationId)
      return waitTimesOf((await readFloor(db, locationId, now))!, now)
    },

    /** POST /merchants/locations/reservations/table-details/v2: sections and their active tables. */
    async tableDetails(db: Executor, locationId: string): Promise<TableDetailsResponse> {
      const location = await loadLocation(db, locationId)
      const sections = await db.select().from(tableSections).where(eq(tableSections.locationId, locationId)).orderBy(asc(tableSections.sortOrder), asc(tableSections.name))
      const tables = await db
        .select()
        .from(diningTables)
        .where(and(eq(diningTables.locationId, locationId), eq(diningTables.isActive, true)))
      const byName = (a: TableRow, b: TableRow) => a.name.localeCompare(b.name, 'en', { numeric: true })
      return {
        locationId,
        highChair: location.highChair,
        sections: sections
          .map((section) => ({
            id: section.id,
            name: section.name,
            tables: tables
              .filter((table) => table.sectionId === section.id)
              .sort(byName)
              .map((table) => ({ id: table.id, name: table.name, capacity: table.capacity, minCapacity: table.minCapacity })),
          }))
          .filter((section) => section.tables.length > 0),
      }
    },

    /** PUT /merchants/{locationId}/reservations/{reservationId}/status: the host seats, completes or marks a no-show. */
    async setStatus(tx: Transaction, caller: Caller, reservationId: string, status: HostStatus, now = new Date()): Promise<Reservation> {
      const row = await loadOwned(tx, caller, reservationId, { lock: true })
      const allowed = status === 'Completed' ? row.status === 'Seated' : row.status === 'Active'
      if (!allowed) throw refuse(409, 'status_not_allowed', `A ${row.status.toLowerCase()} party cannot be marked ${status === 'NoShow' ? 'no-show' : status.toLowerCase()}.`)
      if (status === 'Seated' && row.kind === 'CHECKIN') {
        const floor = (await readFloor(tx, row.locationId, now))!
        if (!(await seatCheckIn(tx, floor, row, now))) {
          throw refuse(409, 'no_free_table', `No table for ${partySizeOf(row)} is free right now.`)
        }
      } else {
        const stamp = status === 'Seated' ? { seatedAt: now } : status === 'Completed' ? { completedAt: now } : {}
        await tx
          .update(reservations)
          .set({ status, ...stamp, updatedAt: now })
          .where(eq(reservations.id, row.id))
        if (status !== 'Seated') await releaseHolds(tx, row.id, now)
      }
      await notifyQueue(tx, row.locationId)
      const [updated] = await tx.select().from(reservations).where(eq(reservations.id, row.id))
      return present(tx, updated!, now)
    },
  }
}

export type ReservationService = ReturnType<typeof createReservationService>
