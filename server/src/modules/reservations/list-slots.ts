import { and, gte, inArray, lt } from 'drizzle-orm'
import type { z } from 'zod'
import { diningMinutes, type SlotsResponse, type slotQuery } from '@/shared/api/contracts/reservations'
import { localInstant, openingStatus } from '@/shared/lib/hours'
import type { Executor } from '../../db/executor'
import { tableHolds } from '../../db/schema'
import { refuse } from '../../lib/errors'
import { loadLocation } from './reservation'
import { MINUTE, reservationsOff, slotAvailability, type TableRow } from './rules'
import { bookableAt, holdBlocks, reservationWindow, sessionSlots, type SlotCandidate } from './slots'
import { readFloor, tablesFor } from './waitlist'

/** GET /merchants/generate-reservation-slot/{locationId}?guestCount&date: the bookable slots of a date, each free or not for the party. */
export async function listSlots(db: Executor, locationId: string, query: z.output<typeof slotQuery>, now = new Date()): Promise<SlotsResponse> {
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
  const held = await heldBlocks(db, fitting, candidates, query.guestCount)
  const status = openingStatus(floor.sessions, zone, now)
  const minuteNow = Math.floor(now.getTime() / MINUTE) * MINUTE
  const next = status.nextSession
  const nextOpens = next ? localInstant(next.date, next.opensAt, zone) : null
  return {
    locationId,
    date: query.date,
    guestCount: query.guestCount,
    timeZone: zone,
    slots: slotAvailability(candidates, fitting, held, query.guestCount),
    activeSessionEndTime: status.minutesToClose !== null ? new Date(minuteNow + status.minutesToClose * MINUTE).toISOString() : null,
    nextSession: next ? { name: next.sessionName, opensAt: (nextOpens ?? new Date(`${next.date}T${next.opensAt}:00Z`)).toISOString() } : null,
    isLastActiveSession: status.isLastActiveSession,
  }
}

/** The held blocks (`tableId|blockStartMs`) of the fitting tables between the first candidate and the last one's end. */
async function heldBlocks(db: Executor, fitting: TableRow[], candidates: SlotCandidate[], size: number): Promise<Set<string>> {
  const held = new Set<string>()
  if (!fitting.length || !candidates.length) return held
  const from = holdBlocks(candidates[0]!.startsAt, size)[0]!
  const until = new Date(candidates.at(-1)!.startsAt.getTime() + diningMinutes(size) * MINUTE)
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
  return held
}
