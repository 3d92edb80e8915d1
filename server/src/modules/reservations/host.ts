import { and, asc, eq, lte, not } from 'drizzle-orm'
import { diningMinutes } from '@/shared/api/contracts/reservations'
import type { Database } from '../../db/client'
import type { Transaction } from '../../db/executor'
import { reservations } from '../../db/schema'
import { staffOnShiftSql } from '../../domain/staff-on-shift'
import { ApiError } from '../../lib/errors'
import { completeParty, seatParty } from './host-status'
import { notifyQueue } from './reservation'
import type { ReservationRow } from './rules'
import { partySizeOf } from './waitlist'

/** Parties moved per tick; the rest wait for the next one. */
const BATCH_SIZE = 200
/** A check-in waits at least this many (scaled) minutes before the host calls it: the diner sees the queue before the table. */
export const HOST_CALL_AFTER_MINUTES = 10

export type HostMove = { reservationId: string; to: 'Seated' | 'Completed' }
export type HostOptions = { stepSeconds?: number }

/**
 * The sandbox host, so a demo waitlist moves (docs/waitlist.md "Sandbox host"): in one transaction it completes seated
 * parties whose dining time is over (`diningMinutes` × `stepSeconds` seconds: with a step of 1 s a
 * party of 2 dines for 75 s), seats reservations whose slot has begun, and seats waiting check-ins
 * in queue order, once they have waited HOST_CALL_AFTER_MINUTES (scaled), wherever a suitable table
 * is free (a party no free table fits does not hold up a
 * smaller one behind it). Rows are taken FOR UPDATE SKIP LOCKED, so two instances never move the
 * same party twice. A location with staff on shift is left to its staff. It moves parties with the host stand's own functions (seatParty, completeParty),
 * so it keeps the same rules: a party it cannot seat now waits for a later tick.
 */
export async function runHostTick(db: Database, now: Date, { stepSeconds = 20 }: HostOptions = {}): Promise<HostMove[]> {
  return db.transaction(async (tx) => {
    const moves: HostMove[] = []
    const changed = new Set<string>()
    // A location with staff on shift (or the simulators turned off) is run by its own host (docs/staff.md "On shift").
    const unattended = not(staffOnShiftSql(reservations.locationId, now))

    const seated = await tx
      .select()
      .from(reservations)
      .where(and(eq(reservations.status, 'Seated'), unattended))
      .orderBy(asc(reservations.seatedAt), asc(reservations.id))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true })
    for (const party of seated) {
      if (!party.seatedAt || party.seatedAt.getTime() + diningMinutes(partySizeOf(party)) * stepSeconds * 1000 > now.getTime()) continue
      await completeParty(tx, party, now)
      moves.push({ reservationId: party.id, to: 'Completed' })
      changed.add(party.locationId)
    }

    const arriving = await tx
      .select()
      .from(reservations)
      .where(and(eq(reservations.kind, 'RESERVATION'), eq(reservations.status, 'Active'), lte(reservations.slotStart, now), unattended))
      .orderBy(asc(reservations.slotStart), asc(reservations.id))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true })
    for (const party of arriving) {
      if (!(await trySeat(tx, party, now))) continue
      moves.push({ reservationId: party.id, to: 'Seated' })
      changed.add(party.locationId)
    }

    const waiting = await tx
      .select()
      .from(reservations)
      .where(and(eq(reservations.kind, 'CHECKIN'), eq(reservations.status, 'Active'), unattended))
      .orderBy(asc(reservations.createdAt), asc(reservations.id))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true })
    const called = now.getTime() - HOST_CALL_AFTER_MINUTES * stepSeconds * 1000
    for (const party of waiting.filter((candidate) => candidate.createdAt.getTime() <= called)) {
      if (!(await trySeat(tx, party, now))) continue
      moves.push({ reservationId: party.id, to: 'Seated' })
      changed.add(party.locationId)
    }

    // Delivered on commit: every open live-queue stream of these locations re-reads its position.
    for (const locationId of changed) await notifyQueue(tx, locationId)
    return moves
  })
}

/** Seats `party` at the best free table; false (and nothing changed) when the host stand's rules refuse it now. */
async function trySeat(tx: Transaction, party: ReservationRow, now: Date): Promise<boolean> {
  try {
    await seatParty(tx, party, now)
    return true
  } catch (error) {
    if (error instanceof ApiError) return false
    throw error
  }
}
