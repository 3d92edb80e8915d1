import { RESERVATION_LEAD_MINUTES, RESERVATION_WINDOW_DAYS, ONE_ACTIVE_CHECKIN, type ReservationSlot } from '@/shared/api/contracts/reservations'
import { MONTHS, WEEKDAYS, zonedClock } from '@/shared/lib/hours'
import type { diningTables, locations, reservations } from '../../db/schema'
import { refuse } from '../../lib/errors'
import { bookableAt, holdBlocks, reservationWindow, sessionSlots, type SlotCandidate } from './slots'
import type { FloorState } from './waitlist'

/*
 * The reservation rules that need no database (docs/reservations.md): what a party may be, which
 * slot a request means, how many tables one diner may hold, which host moves are allowed. The use
 * cases load what these read and call them.
 */

export type ReservationRow = typeof reservations.$inferSelect
export type LocationRow = typeof locations.$inferSelect
export type TableRow = typeof diningTables.$inferSelect

/** Active reservations one diner may hold on one local date, across restaurants (docs/accounts.md "Limits"). */
export const RESERVATIONS_PER_DINER_PER_DAY = 2

/** The statuses a host moves a party to (PUT /merchants/{locationId}/reservations/{reservationId}/status). */
export type HostStatus = 'Seated' | 'Completed' | 'NoShow'

export const MINUTE = 60_000

export const checkinExists = () => refuse(400, 'checkin_exists', ONE_ACTIVE_CHECKIN)
export const noTableSeats = (location: LocationRow, size: number) =>
  refuse(400, 'no_table_for_party', `No table at ${location.branchName} seats a party of ${size}. Please call the restaurant.`)
export const reservationsOff = (location: LocationRow) => refuse(409, 'reservations_disabled', `${location.branchName} does not take reservations online.`)

/** A party of `size` with `kids` children and `highChairs` high chairs: at least one adult, no more chairs than children. */
export function checkParty(size: number, kids: number, highChairs: number) {
  if (kids >= size) throw refuse(400, 'invalid_request', 'Invalid request: kidzSize must be fewer than guestCount (an adult comes along).')
  if (highChairs > kids) throw refuse(400, 'invalid_request', 'Invalid request: highChair must be at most kidzSize.')
}

/** Requested section first, then the smallest table that fits, then by name: the tables to try, in order. */
export function preferred(tables: TableRow[], sectionId: string | null | undefined): TableRow[] {
  return [...tables].sort(
    (a, b) =>
      Number(b.sectionId === sectionId) - Number(a.sectionId === sectionId) ||
      a.capacity - b.capacity ||
      a.name.localeCompare(b.name, 'en', { numeric: true }),
  )
}

/** "Friday, Nov 27" and "19:30" of an instant on the location's wall clock. */
export function wallDateTime(instant: Date, timeZone: string) {
  const clock = zonedClock(instant, timeZone)
  const [, month, day] = clock.date.split('-').map(Number)
  const time = `${String(Math.floor(clock.minute / 60)).padStart(2, '0')}:${String(clock.minute % 60).padStart(2, '0')}`
  return { date: `${WEEKDAYS[clock.day]}, ${MONTHS[month! - 1]} ${day}`, time }
}

/** The slot a reservation asks for, if the generator offers it for that date; otherwise why not. */
export function chosenSlot(floor: FloorState, date: string, time: string, now: Date): SlotCandidate {
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

/**
 * The daily limit (docs/accounts.md "Limits on check-ins and reservations"): given the locations of
 * the diner's active reservations on `date`, one per restaurant and RESERVATIONS_PER_DINER_PER_DAY
 * in all.
 */
export function checkDailyLimit(held: { locationId: string }[], location: LocationRow, date: string) {
  if (held.some((row) => row.locationId === location.id)) {
    throw refuse(409, 'reservation_limit', `You already have a table at ${location.branchName} on ${date}. Change that reservation instead of booking another.`)
  }
  if (held.length >= RESERVATIONS_PER_DINER_PER_DAY) {
    throw refuse(409, 'reservation_limit', `You already hold ${held.length} reservations on ${date}, the most one diner may hold on a day. Cancel one to book another.`)
  }
}

/** Each candidate slot, available when some fitting table is free (not in `held`, keyed `tableId|blockStartMs`) for all its blocks. */
export function slotAvailability(candidates: SlotCandidate[], fitting: TableRow[], held: Set<string>, size: number): ReservationSlot[] {
  return candidates.map((slot) => {
    const blocks = holdBlocks(slot.startsAt, size)
    const available = fitting.some((table) => blocks.every((block) => !held.has(`${table.id}|${block.getTime()}`)))
    return { time: slot.time, startsAt: slot.startsAt.toISOString(), available, sessionName: slot.sessionName }
  })
}

/** A host completes a seated party, and seats or marks a no-show an active one; nothing else. */
export function checkHostMove(row: ReservationRow, status: HostStatus) {
  const allowed = status === 'Completed' ? row.status === 'Seated' : row.status === 'Active'
  if (!allowed) throw refuse(409, 'status_not_allowed', `A ${row.status.toLowerCase()} party cannot be marked ${status === 'NoShow' ? 'no-show' : status.toLowerCase()}.`)
}

/** The word for a party in messages: a check-in or a reservation. */
export const kindWord = (row: ReservationRow) => (row.kind === 'CHECKIN' ? 'check-in' : 'reservation')
