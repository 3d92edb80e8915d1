import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { HOLD_BLOCK_MINUTES } from '@/shared/api/contracts/reservations'
import { HELD_AHEAD_MINUTES, type HostBoard, type HostParty, type HostTable, type TableSuggestions } from '@/shared/api/contracts/host-stand'
import { addDays, localInstant, zonedClock } from '@/shared/lib/hours'
import type { Executor } from '../../db/executor'
import { diningTables, reservations, tableHolds, tableSections } from '../../db/schema'
import type { Caller } from '../../domain/caller'
import { refuse } from '../../lib/errors'
import { tableChoices } from '../reservations/host-status'
import { loadLocation, loadOwned } from '../reservations/reservation'
import type { ReservationRow } from '../reservations/rules'
import { partySizeOf, queueStanding, readFloor, type FloorState } from '../reservations/waitlist'

const MINUTE = 60_000

/** The timeline's order: a reservation by its slot, a check-in by when it joined (the index reservations_location_day_done_idx). */
const timeOf = sql`coalesce(${reservations.slotStart}, ${reservations.createdAt})`
/** An instant compared with `timeOf`: raw SQL maps no column, so the driver is handed text, not a Date. */
const instantOf = (at: Date) => sql`${at.toISOString()}::timestamptz`
const timeOfRow = (row: ReservationRow) => row.slotStart ?? row.createdAt

type Names = { tables: Map<string, string>; sections: Map<string, string> }

/** One party as the host reads it (docs/host-stand.md "The timeline"). */
export function hostPartyOf(row: ReservationRow, names: Names, floor: FloorState | null, now: Date): HostParty {
  const waiting = row.kind === 'CHECKIN' && row.status === 'Active'
  const standing = waiting && floor ? queueStanding(floor, row) : { queuePosition: null, estimatedWaitMinutes: null }
  const waitedUntil = row.kind !== 'CHECKIN' ? null : row.seatedAt ?? (waiting ? now : null)
  return {
    reservationId: row.id,
    kind: row.kind,
    status: row.status,
    fullName: row.fullName,
    phone: row.phone,
    guestCount: partySizeOf(row),
    kids: row.kids,
    highChairs: row.highChairs,
    time: timeOfRow(row).toISOString(),
    reservationSlot: row.reservationSlot,
    late: row.kind === 'RESERVATION' && row.status === 'Active' && Boolean(row.slotStart && row.slotStart.getTime() <= now.getTime()),
    quotedWaitMinutes: row.quotedWaitMinutes,
    waitedMinutes: waitedUntil ? Math.max(0, Math.floor((waitedUntil.getTime() - row.createdAt.getTime()) / MINUTE)) : null,
    ...standing,
    requestedSectionName: row.sectionId ? (names.sections.get(row.sectionId) ?? null) : null,
    tableId: row.tableId,
    tableName: row.tableId ? (names.tables.get(row.tableId) ?? null) : null,
    seatedAt: row.seatedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    notes: row.notes,
    cancelCode: (row.cancelCode as HostParty['cancelCode']) ?? null,
    cancelReason: row.cancelReason,
    channel: row.channel === 'STAFF' ? 'STAFF' : 'ONLINE',
  }
}

async function namesOf(db: Executor, locationId: string) {
  const [sections, tables] = await Promise.all([
    db.select().from(tableSections).where(eq(tableSections.locationId, locationId)).orderBy(asc(tableSections.sortOrder), asc(tableSections.name)),
    db.select().from(diningTables).where(eq(diningTables.locationId, locationId)),
  ])
  const names: Names = { tables: new Map(tables.map((table) => [table.id, table.name])), sections: new Map(sections.map((section) => [section.id, section.name])) }
  return { sections, tables, names }
}

const FINISHED = ['Completed', 'Cancelled', 'NoShow'] as const

/**
 * The day's parties by time: the live ones (waiting or seated) by reservations_live_idx, keeping
 * every waiting check-in, every seated party and the day's reservations, and the day's finished
 * ones by reservations_location_day_done_idx, so neither read walks the location's history.
 */
async function partiesOfDay(db: Executor, locationId: string, from: Date, to: Date): Promise<ReservationRow[]> {
  const [live, finished] = await Promise.all([
    db
      .select()
      .from(reservations)
      .where(and(eq(reservations.locationId, locationId), inArray(reservations.status, ['Active', 'Seated']))),
    db
      .select()
      .from(reservations)
      .where(and(eq(reservations.locationId, locationId), inArray(reservations.status, [...FINISHED]), gte(timeOf, instantOf(from)), lt(timeOf, instantOf(to)))),
  ])
  const inDay = (row: ReservationRow) => timeOfRow(row).getTime() >= from.getTime() && timeOfRow(row).getTime() < to.getTime()
  return [...live.filter((row) => row.kind === 'CHECKIN' || row.status === 'Seated' || inDay(row)), ...finished].sort(
    (a, b) => timeOfRow(a).getTime() - timeOfRow(b).getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}

/** The local day of `now` at the location, as instants [from, to). */
function dayOf(now: Date, timeZone: string) {
  const date = zonedClock(now, timeZone).date
  const from = localInstant(date, '00:00', timeZone) ?? new Date(now.getTime() - 12 * 60 * MINUTE)
  const to = localInstant(addDays(date, 1), '00:00', timeZone) ?? new Date(now.getTime() + 12 * 60 * MINUTE)
  return { date, from, to }
}

/**
 * GET /staff/{locationId}/host: today's check-ins and reservations by time, with every party still
 * waiting or seated from before, and the table map by section (docs/host-stand.md).
 */
export async function readHostBoard(db: Executor, locationId: string, now: Date): Promise<HostBoard> {
  const location = await loadLocation(db, locationId)
  const { date, from, to } = dayOf(now, location.timeZoneCd)
  const blockOfNow = new Date(Math.floor(now.getTime() / (HOLD_BLOCK_MINUTES * MINUTE)) * HOLD_BLOCK_MINUTES * MINUTE)
  const [{ sections, tables, names }, rows, floor] = await Promise.all([
    namesOf(db, locationId),
    partiesOfDay(db, locationId, from, to),
    readFloor(db, locationId, now),
  ])
  const active = tables.filter((table) => table.isActive)
  const holds = active.length
    ? await db
        .select({ tableId: tableHolds.tableId, blockStart: tableHolds.blockStart, party: reservations })
        .from(tableHolds)
        .innerJoin(reservations, eq(reservations.id, tableHolds.reservationId))
        .where(
          and(
            inArray(
              tableHolds.tableId,
              active.map((table) => table.id),
            ),
            gte(tableHolds.blockStart, blockOfNow),
            lt(tableHolds.blockStart, new Date(now.getTime() + HELD_AHEAD_MINUTES * MINUTE)),
            eq(reservations.status, 'Active'),
          ),
        )
        .orderBy(asc(tableHolds.blockStart))
    : []
  const seatedAt = new Map(rows.filter((row) => row.status === 'Seated' && row.tableId).map((row) => [row.tableId!, row]))
  const heldFor = new Map<string, ReservationRow>()
  for (const hold of holds) if (!heldFor.has(hold.tableId)) heldFor.set(hold.tableId, hold.party)

  const tileOf = (table: (typeof tables)[number]): HostTable => {
    const occupant = seatedAt.get(table.id)
    const held = occupant ? undefined : heldFor.get(table.id)
    return {
      tableId: table.id,
      name: table.name,
      capacity: table.capacity,
      minCapacity: table.minCapacity,
      state: occupant ? 'seated' : held ? 'held' : 'free',
      occupant:
        occupant && occupant.seatedAt
          ? {
              reservationId: occupant.id,
              fullName: occupant.fullName,
              guestCount: partySizeOf(occupant),
              seatedAt: occupant.seatedAt.toISOString(),
              minutesSeated: Math.max(0, Math.floor((now.getTime() - occupant.seatedAt.getTime()) / MINUTE)),
            }
          : null,
      heldFor: held ? { reservationId: held.id, fullName: held.fullName, guestCount: partySizeOf(held), at: timeOfRow(held).toISOString() } : null,
    }
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en', { numeric: true })
  return {
    locationId,
    branchName: location.branchName,
    timeZone: location.timeZoneCd,
    date,
    now: now.toISOString(),
    parties: rows.map((row) => hostPartyOf(row, names, floor, now)),
    sections: sections
      .map((section) => ({ id: section.id, name: section.name, tables: active.filter((table) => table.sectionId === section.id).sort(byName).map(tileOf) }))
      .filter((section) => section.tables.length > 0),
  }
}

/** One party after a host's move, as the timeline shows it. */
export async function readHostParty(db: Executor, row: ReservationRow, now: Date): Promise<HostParty> {
  const { names } = await namesOf(db, row.locationId)
  const floor = row.kind === 'CHECKIN' && row.status === 'Active' ? await readFloor(db, row.locationId, now) : null
  return hostPartyOf(row, names, floor, now)
}

/** GET /staff/{locationId}/host/parties/{reservationId}/tables: where a waiting party could sit now, best first. */
export async function suggestTables(db: Executor, caller: Caller, reservationId: string, now: Date): Promise<TableSuggestions> {
  const party = await loadOwned(db, caller, reservationId)
  if (party.status !== 'Active') throw refuse(409, 'status_not_allowed', `A ${party.status.toLowerCase()} party cannot be seated.`)
  const choices = await tableChoices(db, party, now)
  return {
    reservationId: party.id,
    guestCount: partySizeOf(party),
    tables: choices.map((choice) => ({
      tableId: choice.id,
      name: choice.name,
      sectionId: choice.sectionId,
      sectionName: choice.sectionName,
      capacity: choice.capacity,
      reservedAt: choice.reservedAt?.toISOString() ?? null,
    })),
  }
}
