import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm'
import { diningMinutes, HOLD_BLOCK_MINUTES, type WaitTime, type WaitTimesResponse } from '@/shared/api/contracts/reservations'
import { openingStatus, zonedClock, type WorkingSession } from '@/shared/lib/hours'
import { diningTables, locations, reservations, tableHolds, workingHours } from '../../db/schema'
import type { Executor } from '../../db/executor'

type LocationRow = typeof locations.$inferSelect
type TableRow = typeof diningTables.$inferSelect
type ReservationRow = typeof reservations.$inferSelect

const MINUTE = 60_000
/** Estimates are given to the next 5 minutes: a diner reads "about 25 minutes", not 23. */
const ROUND_TO = 5
/** A seated party past its dining time is assumed to leave within this many minutes. */
const OVERSTAY_MINUTES = 5
/** Weekday names run Sunday to Saturday (docs/waitlist.md "The wait estimate and the wait-time board"). */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

export const partySizeOf = (row: Pick<ReservationRow, 'adults' | 'kids'>) => row.adults + row.kids

/** The tables a party of `size` can sit at: it fits, and is not too small a party for the table. */
export function tablesFor(tables: TableRow[], size: number): TableRow[] {
  return tables.filter((table) => table.isActive && table.capacity >= size && table.minCapacity <= size)
}

/** Everything the estimate reads about one location at one instant. */
export type FloorState = {
  location: LocationRow
  tables: TableRow[]
  /** Active check-ins, oldest first. */
  queue: ReservationRow[]
  /** Minutes from now until each table is free for a walk-in (0 = free now). */
  busyMinutes: Map<string, number>
  sessions: WorkingSession[]
}

/** Reads the floor of `locationId`: tables, who sits where, reservations about to arrive, and the queue. */
export async function readFloor(db: Executor, locationId: string, now: Date): Promise<FloorState | null> {
  const [location] = await db.select().from(locations).where(eq(locations.id, locationId))
  if (!location) return null
  const [tables, queue, seated, sessionRows] = await Promise.all([
    db.select().from(diningTables).where(and(eq(diningTables.locationId, locationId), eq(diningTables.isActive, true))),
    db
      .select()
      .from(reservations)
      .where(and(eq(reservations.locationId, locationId), eq(reservations.kind, 'CHECKIN'), eq(reservations.status, 'Active')))
      .orderBy(asc(reservations.createdAt), asc(reservations.id)),
    db
      .select()
      .from(reservations)
      .where(and(eq(reservations.locationId, locationId), eq(reservations.status, 'Seated'))),
    db.select().from(workingHours).where(eq(workingHours.locationId, locationId)),
  ])
  const busyMinutes = new Map<string, number>(tables.map((table) => [table.id, 0]))
  for (const party of seated) {
    if (!party.tableId || !party.seatedAt) continue
    const leaves = party.seatedAt.getTime() + diningMinutes(partySizeOf(party)) * MINUTE
    const minutes = Math.max(OVERSTAY_MINUTES, Math.ceil((leaves - now.getTime()) / MINUTE))
    busyMinutes.set(party.tableId, Math.max(busyMinutes.get(party.tableId) ?? 0, minutes))
  }
  // A table reserved now or within the longest dining time is not given to a walk-in until that reservation ends.
  const longest = diningMinutes(Number.MAX_SAFE_INTEGER) * MINUTE
  const horizon = new Date(now.getTime() + longest)
  const holds = tables.length
    ? await db
        .select()
        .from(tableHolds)
        .where(
          and(
            inArray(
              tableHolds.tableId,
              tables.map((table) => table.id),
            ),
            gte(tableHolds.blockStart, new Date(now.getTime() - HOLD_BLOCK_MINUTES * MINUTE)),
            lt(tableHolds.blockStart, horizon),
          ),
        )
    : []
  const holdEnds = new Map<string, number>()
  for (const hold of holds) {
    const end = Math.ceil((hold.blockStart.getTime() - now.getTime()) / MINUTE) + HOLD_BLOCK_MINUTES
    if (end > 0) holdEnds.set(hold.tableId, Math.max(holdEnds.get(hold.tableId) ?? 0, end))
  }
  for (const [tableId, end] of holdEnds) busyMinutes.set(tableId, Math.max(busyMinutes.get(tableId) ?? 0, end))
  const sessions = sessionRows.map((row) => ({ day: row.dayOfWeek, sessionName: row.sessionName, opensAt: row.opensAt, closesAt: row.closesAt }))
  return { location, tables, queue, busyMinutes, sessions }
}

/**
 * Minutes until a party of `size` is likely seated if it joined behind `ahead`: each party ahead
 * takes the table of its size that frees up first and keeps it for its dining time (table
 * turnover), then the newcomer takes the first free one. Null when no table fits the party.
 */
export function estimateWait(floor: FloorState, size: number, ahead: ReservationRow[]): number | null {
  const own = tablesFor(floor.tables, size)
  if (!own.length) return null
  const freeAt = new Map(floor.tables.map((table) => [table.id, floor.busyMinutes.get(table.id) ?? 0]))
  for (const party of ahead) {
    const theirs = tablesFor(floor.tables, partySizeOf(party))
    if (!theirs.length) continue
    const first = theirs.reduce((best, table) => (freeAt.get(table.id)! < freeAt.get(best.id)! ? table : best))
    freeAt.set(first.id, freeAt.get(first.id)! + diningMinutes(partySizeOf(party)))
  }
  const soonest = Math.min(...own.map((table) => freeAt.get(table.id)!))
  return Math.ceil(soonest / ROUND_TO) * ROUND_TO
}

/** The parties ahead of a newcomer of `size` who compete for the same tables. */
function competing(floor: FloorState, size: number, ahead: ReservationRow[]): ReservationRow[] {
  const own = new Set(tablesFor(floor.tables, size).map((table) => table.id))
  return ahead.filter((party) => tablesFor(floor.tables, partySizeOf(party)).some((table) => own.has(table.id)))
}

/** Why a location does not take an online check-in now, in words for the diner; null when it does. */
export function checkInRefusal(floor: FloorState, now: Date): string | null {
  const { location } = floor
  if (!location.onlineCheckin || location.disabledServices.isCheckin) return `${location.branchName} does not take online check-ins.`
  const status = openingStatus(floor.sessions, location.timeZoneCd, now)
  if (!status.open) {
    const next = status.nextSession
    const today = zonedClock(now, location.timeZoneCd).date
    const when = next ? ` Check in from ${next.opensAt}${next.date === today ? ' today' : ` on ${WEEKDAYS[next.day]}`}.` : ''
    return `${location.branchName} is closed right now.${when}`
  }
  if (floor.queue.length >= location.maxOnlineCheckin) return `The waitlist at ${location.branchName} is full right now. Please try again shortly.`
  return null
}

/** POST /merchants/v2/locations/wait-times: one estimate per party-size band of the location's tables. */
export function waitTimesOf(floor: FloorState, now: Date): WaitTimesResponse {
  const sizes = [...new Set(floor.tables.map((table) => table.capacity))].sort((a, b) => a - b)
  const waitTimes: WaitTime[] = []
  let from = 1
  for (const size of sizes) {
    const minutes = estimateWait(floor, size, floor.queue)
    if (minutes !== null) {
      waitTimes.push({
        label: from === size ? `${size}` : `${from}-${size}`,
        minPartySize: from,
        maxPartySize: size,
        minutes,
        partiesAhead: competing(floor, size, floor.queue).length,
      })
    }
    from = size + 1
  }
  const reason = checkInRefusal(floor, now)
  return {
    locationId: floor.location.id,
    acceptingCheckins: reason === null,
    reason,
    queueLength: floor.queue.length,
    maxOnlineCheckin: floor.location.maxOnlineCheckin,
    maxCheckinWaitThreshold: floor.location.maxCheckinWaitThreshold,
    waitTimes,
    updatedAt: now.toISOString(),
  }
}

/** An active check-in's place in the queue (1 = next) and its estimated wait; nulls for anything else. */
export function queueStanding(floor: FloorState, checkIn: ReservationRow): { queuePosition: number | null; estimatedWaitMinutes: number | null } {
  if (checkIn.kind !== 'CHECKIN' || checkIn.status !== 'Active') return { queuePosition: null, estimatedWaitMinutes: null }
  const index = floor.queue.findIndex((party) => party.id === checkIn.id)
  if (index < 0) return { queuePosition: null, estimatedWaitMinutes: null }
  const ahead = floor.queue.slice(0, index)
  return { queuePosition: index + 1, estimatedWaitMinutes: estimateWait(floor, partySizeOf(checkIn), ahead) }
}
