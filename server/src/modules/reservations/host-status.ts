import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { Reservation } from '@/shared/api/contracts/reservations'
import type { Executor, Transaction } from '../../db/executor'
import { diningTables, reservations, tableHolds, tableSections } from '../../db/schema'
import type { Caller } from '../../domain/caller'
import { ApiError, databaseErrorOf, refuse } from '../../lib/errors'
import { loadOwned, notifyQueue, present } from './reservation'
import { checkHostMove, MINUTE, type HostStatus, type ReservationRow, type TableRow } from './rules'
import { holdBlocks } from './slots'
import { releaseHolds } from './table-holds'
import { partySizeOf } from './waitlist'

/*
 * The host's moves of a party (docs/host-stand.md "Seating", docs/reservations.md "Host and
 * staff"): seat, complete, no-show. The host stand's endpoints, the older staff status call and the
 * sandbox host (host.ts) all move parties through these functions.
 */

/** A table a party could sit at now, and when another reservation takes it back (null: free for the party's whole dining time). */
export type TableChoice = TableRow & { sectionName: string; reservedAt: Date | null }

/** The unique index that seats one party per table (migration 0018). */
const SEATED_TABLE_INDEX = 'reservations_seated_table_uq'

/**
 * The tables `party` could be seated at now, best first: its own reserved table, then the tables
 * that fit and are free for its whole dining time, each group by the smallest that fits, then the
 * party's section, then by name. A table somebody sits at, or that another reservation holds in the
 * current block, is left out; one held later within the dining time carries `reservedAt`.
 */
export async function tableChoices(db: Executor, party: ReservationRow, now: Date): Promise<TableChoice[]> {
  const size = partySizeOf(party)
  const tables = await db
    .select({ table: diningTables, sectionName: tableSections.name })
    .from(diningTables)
    .innerJoin(tableSections, eq(tableSections.id, diningTables.sectionId))
    .where(and(eq(diningTables.locationId, party.locationId), eq(diningTables.isActive, true)))
  const large = tables.filter(({ table }) => table.capacity >= size)
  if (!large.length) return []
  const ids = large.map(({ table }) => table.id)
  const blocks = holdBlocks(now, size)
  const [seated, holds] = await Promise.all([
    db
      .select({ tableId: reservations.tableId })
      .from(reservations)
      // By reservations_live_idx (location, status); a party seated without a table is dropped below.
      .where(and(eq(reservations.locationId, party.locationId), eq(reservations.status, 'Seated'))),
    db
      .select()
      .from(tableHolds)
      .where(and(inArray(tableHolds.tableId, ids), inArray(tableHolds.blockStart, blocks), ne(tableHolds.reservationId, party.id)))
      .orderBy(asc(tableHolds.blockStart)),
  ])
  const occupied = new Set(seated.flatMap((row) => (row.tableId ? [row.tableId] : [])))
  const firstHold = new Map<string, Date>()
  for (const hold of holds) if (!firstHold.has(hold.tableId)) firstHold.set(hold.tableId, hold.blockStart)
  const current = blocks[0]!.getTime()
  const own = (table: TableRow) => party.kind === 'RESERVATION' && party.tableId === table.id
  const fits = (choice: TableChoice) => choice.reservedAt === null && choice.minCapacity <= size
  return large
    .filter(({ table }) => !occupied.has(table.id) && firstHold.get(table.id)?.getTime() !== current)
    .map(({ table, sectionName }) => ({ ...table, sectionName, reservedAt: firstHold.get(table.id) ?? null }))
    .sort(
      (a, b) =>
        Number(own(b)) - Number(own(a)) ||
        Number(fits(b)) - Number(fits(a)) ||
        a.capacity - b.capacity ||
        Number(b.sectionId === party.sectionId) - Number(a.sectionId === party.sectionId) ||
        a.name.localeCompare(b.name, 'en', { numeric: true }),
    )
}

/** Who sits at `tableId` now, if anyone. */
async function occupantOf(db: Executor, tableId: string) {
  const [row] = await db
    .select({ fullName: reservations.fullName, adults: reservations.adults, kids: reservations.kids })
    .from(reservations)
    .where(and(eq(reservations.tableId, tableId), eq(reservations.status, 'Seated')))
  return row ?? null
}

const tableOccupied = (name: string, occupant: { fullName: string; adults: number; kids: number } | null) =>
  refuse(409, 'table_occupied', occupant ? `${name} is taken: ${occupant.fullName}, party of ${partySizeOf(occupant)}, sits there.` : `${name} is taken.`)

/**
 * Seats an Active party (docs/host-stand.md "Seating"): at `tableId` when the host chose one, else
 * at the best choice that fits for the whole dining time (a reservation at its own table when
 * free). The table is held from now for the party's dining time, up to the next reservation of it.
 * Refusals: `table_not_found`, `table_too_small`, `table_occupied`, `table_held` (another
 * reservation is due there now), `no_free_table`. Two seatings of one table cannot both succeed:
 * the current hold block and the unique index of seated tables decide, on PGlite and PostgreSQL.
 * Runs in a savepoint, so a refusal leaves `tx` usable (the sandbox host goes on to the next party).
 */
export async function seatParty(tx: Transaction, party: ReservationRow, now: Date, tableId?: string): Promise<ReservationRow> {
  checkHostMove(party, 'Seated')
  const size = partySizeOf(party)
  let chosenName = ''
  try {
    return await tx.transaction(async (savepoint) => {
      let table: TableChoice | undefined
      const choices = await tableChoices(savepoint, party, now)
      if (tableId) {
        const [row] = await savepoint
          .select()
          .from(diningTables)
          .where(and(eq(diningTables.id, tableId), eq(diningTables.locationId, party.locationId), eq(diningTables.isActive, true)))
        if (!row) throw refuse(404, 'table_not_found', 'This table is not one of this restaurant’s.')
        chosenName = row.name
        if (row.capacity < size) throw refuse(409, 'table_too_small', `${row.name} seats ${row.capacity}; this party is ${size}.`)
        table = choices.find((choice) => choice.id === row.id)
        if (!table) {
          const occupant = await occupantOf(savepoint, row.id)
          if (occupant) throw tableOccupied(row.name, occupant)
          throw refuse(409, 'table_held', `${row.name} is held for a reservation that is due now. Please choose another table.`)
        }
      } else {
        table = choices.find((choice) => (party.kind === 'RESERVATION' && choice.id === party.tableId) || (choice.reservedAt === null && choice.minCapacity <= size))
        if (!table) throw refuse(409, 'no_free_table', `No table for ${size} is free right now.`)
        chosenName = table.name
      }
      await releaseHolds(savepoint, party.id, now)
      const until = table.reservedAt?.getTime() ?? Number.POSITIVE_INFINITY
      const blocks = holdBlocks(now, size).filter((block) => block.getTime() < until)
      const held = await savepoint
        .insert(tableHolds)
        .values(blocks.map((blockStart) => ({ tableId: table.id, blockStart, reservationId: party.id })))
        .onConflictDoNothing()
        .returning()
      // Another seating took a block of this table since we looked: it is theirs.
      if (held.length < blocks.length) throw tableOccupied(table.name, await occupantOf(savepoint, table.id))
      const [seated] = await savepoint
        .update(reservations)
        .set({ status: 'Seated', tableId: table.id, seatedAt: now, updatedAt: now })
        .where(eq(reservations.id, party.id))
        .returning()
      return seated!
    })
  } catch (error) {
    if (error instanceof ApiError) throw error
    const failure = databaseErrorOf(error)
    if (failure?.code === '23505' && (failure.constraint === '' || failure.constraint === SEATED_TABLE_INDEX)) {
      throw tableOccupied(chosenName || 'This table', tableId ? await occupantOf(tx, tableId) : null)
    }
    throw error
  }
}

/** A seated party has left: Completed, and its table free from now. */
export async function completeParty(tx: Transaction, party: ReservationRow, now: Date): Promise<ReservationRow> {
  checkHostMove(party, 'Completed')
  const [done] = await tx.update(reservations).set({ status: 'Completed', completedAt: now, updatedAt: now }).where(eq(reservations.id, party.id)).returning()
  await releaseHolds(tx, party.id, now)
  return done!
}

/** A party that did not come; a reservation only once its slot has begun (`not_due_yet`). */
export async function markNoShow(tx: Transaction, party: ReservationRow, now: Date): Promise<ReservationRow> {
  checkHostMove(party, 'NoShow')
  if (party.kind === 'RESERVATION' && party.slotStart && party.slotStart.getTime() > now.getTime()) {
    const minutes = Math.ceil((party.slotStart.getTime() - now.getTime()) / MINUTE)
    throw refuse(409, 'not_due_yet', `This reservation is not due for ${minutes} more minutes; it can be marked a no-show once its time has come.`)
  }
  const [closed] = await tx.update(reservations).set({ status: 'NoShow', updatedAt: now }).where(eq(reservations.id, party.id)).returning()
  await releaseHolds(tx, party.id)
  return closed!
}

/** Moves the caller's party to `status` (the table of `tableId` when seating) and wakes the location's live streams. */
export async function moveParty(tx: Transaction, caller: Caller, reservationId: string, status: HostStatus, now: Date, tableId?: string): Promise<ReservationRow> {
  const row = await loadOwned(tx, caller, reservationId, { lock: true })
  const moved =
    status === 'Seated' ? await seatParty(tx, row, now, tableId) : status === 'Completed' ? await completeParty(tx, row, now) : await markNoShow(tx, row, now)
  await notifyQueue(tx, row.locationId)
  return moved
}

/** PUT /merchants/{locationId}/reservations/{reservationId}/status: the host seats (the best free table), completes or marks a no-show. */
export async function setHostStatus(tx: Transaction, caller: Caller, reservationId: string, status: HostStatus, now = new Date()): Promise<Reservation> {
  return present(tx, await moveParty(tx, caller, reservationId, status, now), now)
}
