import type { Reservation } from '@/shared/api/contracts/reservations'
import type { Executor } from '../../db/executor'
import type { Caller } from '../../domain/caller'
import { loadOwned, present } from './reservation'

/** POST /customer/reservationId/v2: one reservation or check-in the caller may see, with its queue standing. */
export async function readReservation(db: Executor, caller: Caller, reservationId: string, now = new Date()): Promise<Reservation> {
  return present(db, await loadOwned(db, caller, reservationId), now)
}

/** The reservation's location, for its live stream: the same ownership rule as the read, checked before the stream starts. */
export async function reservationLocation(db: Executor, caller: Caller, reservationId: string): Promise<string> {
  return (await loadOwned(db, caller, reservationId)).locationId
}
