import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { diningMinutes, type Reservation, type reservationUpdateRequest } from '@/shared/api/contracts/reservations'
import type { Transaction } from '../../db/executor'
import { reservations } from '../../db/schema'
import type { Caller } from '../../domain/caller'
import { refuse } from '../../lib/errors'
import { loadLocation, loadOwned, notifyQueue, present } from './reservation'
import { checkParty, kindWord, MINUTE, noTableSeats, preferred, type ReservationRow } from './rules'
import { holdTable, releaseHolds } from './table-holds'
import { partySizeOf, readFloor, tablesFor } from './waitlist'

/**
 * PUT /customer/reservations: party size, children, high chairs or notes of an active one. A
 * reservation whose party grows or shrinks is moved to a table that fits at the same slot, or
 * stays as it was.
 */
export async function change(tx: Transaction, caller: Caller, request: z.output<typeof reservationUpdateRequest>, now = new Date()): Promise<Reservation> {
  const row = await loadOwned(tx, caller, request.reservationId, { lock: true })
  if (row.status !== 'Active') throw refuse(409, 'not_active', `Only an active ${kindWord(row)} can be changed.`)
  const size = request.guestCount ?? partySizeOf(row)
  const kids = request.kidzSize ?? Math.min(row.kids, size - 1)
  const highChairs = request.highChair ?? Math.min(row.highChairs, kids)
  checkParty(size, kids, highChairs)
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
}
