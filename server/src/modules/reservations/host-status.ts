import { eq } from 'drizzle-orm'
import type { Reservation } from '@/shared/api/contracts/reservations'
import type { Transaction } from '../../db/executor'
import { reservations } from '../../db/schema'
import type { Caller } from '../../domain/caller'
import { refuse } from '../../lib/errors'
import { loadOwned, notifyQueue, present } from './reservation'
import { checkHostMove, type HostStatus } from './rules'
import { releaseHolds, seatCheckIn } from './table-holds'
import { partySizeOf, readFloor } from './waitlist'

/** PUT /merchants/{locationId}/reservations/{reservationId}/status: the host seats, completes or marks a no-show. */
export async function setHostStatus(tx: Transaction, caller: Caller, reservationId: string, status: HostStatus, now = new Date()): Promise<Reservation> {
  const row = await loadOwned(tx, caller, reservationId, { lock: true })
  checkHostMove(row, status)
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
}
