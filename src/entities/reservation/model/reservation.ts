import type { Reservation, SlotsResponse, TableDetailsResponse } from '@/shared/api'
import { TOAST_FLOW_MS } from '@/shared/config'
import { createRequestState } from '@/shared/lib/request'
import { throttleAsync } from '@/shared/lib/throttle'
import { showToast } from '@/shared/ui'
import { cancelReservation, createReservation, fetchReservation, fetchSlots, fetchTableDetails, type BookingForm } from '../api/reservations-api'
import { RESERVATION_THROTTLE_MS } from '../config/limits'
import { createIdempotencyKeys } from '../lib/idempotency-keys'
import { isNotFound, PLEASE_TRY_AGAIN, refusalMessage, RESERVATION_NOT_FOUND, SLOTS_FAILED } from '../lib/refusal'
import { forgetReservation, rememberReservation } from './active-reservation'

/** A booked table and when it was booked (docs/reservations.md, "In the app": the reservation keeps a timestamp). */
export type Booking = { reservation: Reservation; bookedAt: number }

const booking = createRequestState<Booking>()
/** A reservation (docs/reservations.md, "In the app"): its own loading, success and failure flags, plus the timestamp. */
export const $booking = booking.$state

const lookup = createRequestState<Reservation>()
/** A reservation read by id (POST /customer/reservationId/v2, docs/reservations.md). */
export const $reservationLookup = lookup.$state

const cancelling = createRequestState<Reservation>()
export const $reservationCancel = cancelling.$state

const slots = createRequestState<SlotsResponse>()
/** "session fetch" (docs/reservations.md, "In the app"): the day's slots with the location's sessions. */
export const $slots = slots.$state

const sections = createRequestState<TableDetailsResponse>()
export const $tableSections = sections.$state

const bookKeys = createIdempotencyKeys('reserve')
const cancelKeys = createIdempotencyKeys('cancel')

const toast = (message: string) => showToast(message, { tone: 'error', durationMs: TOAST_FLOW_MS })

async function book(form: BookingForm, withSession: boolean): Promise<Booking | undefined> {
  const fingerprint = JSON.stringify(form)
  const booked = await booking.run(
    async () => ({ reservation: await createReservation(form, bookKeys.keyFor(fingerprint), withSession), bookedAt: Date.now() }),
    (error) => {
      console.error('Booking the table failed', error)
      // A taken slot, reservations switched off, the day's limit: the diner can act on the reason.
      const message = refusalMessage(error)
      toast(message)
      return message
    },
  )
  if (booked) {
    bookKeys.settled(fingerprint)
    rememberReservation(booked.reservation)
    lookup.reset()
  }
  return booked
}

/** Books the slot (a reservation); the same booking within 5000 ms gets the running request (docs/app.md, "Throttles"). */
export const bookTable = throttleAsync(book, RESERVATION_THROTTLE_MS)

/** Reads a check-in or reservation by id; not found (no Retry can help), the server's reason, or "Please Try Again". */
export function loadReservation(reservationId: string, signedIn: boolean): Promise<Reservation | undefined> {
  if (lookup.$state.get().data?.reservationId !== reservationId) lookup.reset()
  return lookup.run(
    () => fetchReservation(reservationId, signedIn),
    (error) => {
      console.error('Reading the reservation failed', error)
      return isNotFound(error) ? RESERVATION_NOT_FOUND : refusalMessage(error)
    },
  )
}

/** Keeps a newer copy of the reservation on screen (a live update). */
export function storeReservation(reservation: Reservation): void {
  lookup.$state.set({ loading: false, success: true, data: reservation, error: undefined })
  if (reservation.status !== 'Active' && reservation.status !== 'Seated') forgetReservation(reservation.reservationId)
}

async function cancel(reservation: Reservation, cancelReason: string, signedIn: boolean): Promise<Reservation | undefined> {
  const request = { locationId: reservation.locationId, reservationId: reservation.reservationId, cancelReason }
  const fingerprint = JSON.stringify(request)
  const cancelled = await cancelling.run(
    () => cancelReservation(request, cancelKeys.keyFor(fingerprint), signedIn),
    (error) => {
      console.error('Cancelling the reservation failed', error)
      const message = refusalMessage(error)
      toast(message)
      return message
    },
  )
  if (cancelled) {
    cancelKeys.settled(fingerprint)
    storeReservation(cancelled)
    forgetReservation(cancelled.reservationId)
  }
  return cancelled
}

/** Cancels with a reason (PUT /customer/cancel-table, docs/reservations.md); throttled by 5000 ms. */
export const cancelTableReservation = throttleAsync(cancel, RESERVATION_THROTTLE_MS)

/** The slots of a day for a party; the server's reason for a refusal, else "Error". */
export function loadSlots(locationId: string, guestCount: number, date: string): Promise<SlotsResponse | undefined> {
  return slots.run(
    () => fetchSlots(locationId, guestCount, date),
    (error) => {
      console.error('Loading the slots failed', error)
      return refusalMessage(error, SLOTS_FAILED)
    },
  )
}

/**
 * The first of `dates` (in order) on which the party can reserve a time, or undefined when none can
 * or a day could not be read: late in the day today has no times left, and the reserve screen moves
 * on to the day that has them instead of stopping at "none" (docs/decisions.md).
 */
export async function firstDayWithTimes(locationId: string, guestCount: number, dates: readonly string[]): Promise<string | undefined> {
  for (const date of dates) {
    try {
      const day = await fetchSlots(locationId, guestCount, date)
      if (day.slots.some((slot) => slot.available)) return date
    } catch (error) {
      console.error('Looking for a day with times failed', error)
      return undefined
    }
  }
  return undefined
}

export function loadTableSections(locationId: string): Promise<TableDetailsResponse | undefined> {
  if (sections.$state.get().data?.locationId === locationId) return Promise.resolve(sections.$state.get().data)
  return sections.run(
    () => fetchTableDetails(locationId),
    (error) => {
      console.error('Loading the table sections failed', error)
      return PLEASE_TRY_AGAIN
    },
  )
}

export function resetReservation(): void {
  booking.reset()
  cancelling.reset()
  slots.reset()
  bookKeys.clear()
  cancelKeys.clear()
}
