import { map } from 'nanostores'
import type { Reservation } from '@/shared/api'
import { TOAST_FLOW_MS } from '@/shared/config'
import { throttleAsync } from '@/shared/lib/throttle'
import { showToast } from '@/shared/ui'
import { cancelReservation, createReservation, fetchReservation, updateReservation, type BookingForm, type ReservationChanges } from '../api/reservations-api'
import { RESERVATION_THROTTLE_MS } from '../config/limits'
import { createIdempotencyKeys } from '../lib/idempotency-keys'
import { PLEASE_TRY_AGAIN, refusalMessage } from '../lib/refusal'
import { forgetReservation, rememberReservation } from './active-reservation'

/** docs/waitlist.md, "In the app": the check-in request, its confirmation, and cancel and update with their own loading and flag. */
export type CheckInState = {
  loading: boolean
  checkedIn: boolean
  confirmation: Reservation | undefined
  error: string | undefined
  cancelling: boolean
  cancelled: boolean
  cancelError: string | undefined
  updating: boolean
  updated: boolean
  updateError: string | undefined
}

const INITIAL: CheckInState = {
  loading: false,
  checkedIn: false,
  confirmation: undefined,
  error: undefined,
  cancelling: false,
  cancelled: false,
  cancelError: undefined,
  updating: false,
  updated: false,
  updateError: undefined,
}

export const $checkIn = map<CheckInState>({ ...INITIAL })

const checkInKeys = createIdempotencyKeys('checkin')
const cancelKeys = createIdempotencyKeys('cancel')
const updateKeys = createIdempotencyKeys('update')

const toast = (message: string) => showToast(message, { tone: 'error', durationMs: TOAST_FLOW_MS })

async function requestCheckIn(form: BookingForm, withSession: boolean): Promise<Reservation | undefined> {
  const fingerprint = JSON.stringify(form)
  $checkIn.set({ ...$checkIn.get(), loading: true, checkedIn: false, error: undefined })
  try {
    const reservation = await createReservation(form, checkInKeys.keyFor(fingerprint), withSession)
    checkInKeys.settled(fingerprint)
    storeCheckIn(reservation)
    rememberReservation(reservation)
    return reservation
  } catch (error) {
    console.error('Checking in failed', error)
    // A 400 (one active check-in per phone or device) and every other refusal show the server's message.
    const message = refusalMessage(error)
    $checkIn.set({ ...$checkIn.get(), loading: false, checkedIn: false, error: message })
    toast(message)
    return undefined
  }
}

/** Checks the party in (a new request sets checkedIn false and loading: docs/waitlist.md, "In the app"); the same party within 5000 ms gets the running request. */
export const checkIn = throttleAsync(requestCheckIn, RESERVATION_THROTTLE_MS)

/** "store" (docs/waitlist.md, "In the app"): keeps a check-in as the confirmation (a live update, or one read by id). */
export function storeCheckIn(reservation: Reservation): void {
  $checkIn.set({
    ...$checkIn.get(),
    loading: false,
    checkedIn: reservation.status === 'Active' || reservation.status === 'Seated',
    confirmation: reservation,
    error: undefined,
  })
  if (reservation.status !== 'Active' && reservation.status !== 'Seated') forgetReservation(reservation.reservationId)
}

/** "details" (docs/waitlist.md, "In the app"): reads a check-in by id into the confirmation. */
export async function loadCheckInDetails(reservationId: string, signedIn: boolean): Promise<Reservation | undefined> {
  $checkIn.set({ ...$checkIn.get(), loading: true, error: undefined })
  try {
    const reservation = await fetchReservation(reservationId, signedIn)
    storeCheckIn(reservation)
    return reservation
  } catch (error) {
    console.error('Reading the check-in failed', error)
    $checkIn.set({ ...$checkIn.get(), loading: false, error: refusalMessage(error) })
    return undefined
  }
}

async function requestCancel(cancelReason: string, signedIn: boolean): Promise<Reservation | undefined> {
  const confirmation = $checkIn.get().confirmation
  if (!confirmation) return undefined
  const request = { locationId: confirmation.locationId, reservationId: confirmation.reservationId, cancelReason }
  const fingerprint = JSON.stringify(request)
  $checkIn.set({ ...$checkIn.get(), cancelling: true, cancelled: false, cancelError: undefined })
  try {
    const reservation = await cancelReservation(request, cancelKeys.keyFor(fingerprint), signedIn)
    cancelKeys.settled(fingerprint)
    storeCheckIn(reservation)
    forgetReservation(reservation.reservationId)
    $checkIn.set({ ...$checkIn.get(), cancelling: false, cancelled: true })
    return reservation
  } catch (error) {
    console.error('Cancelling the check-in failed', error)
    // "Already seated" or "already cancelled" (409 not_active) says why leaving did not work.
    const message = refusalMessage(error)
    $checkIn.set({ ...$checkIn.get(), cancelling: false, cancelError: message })
    toast(message)
    return undefined
  }
}

/** Leaves the waitlist with a reason (PUT /customer/cancel-table, docs/waitlist.md); throttled by 5000 ms. */
export const cancelCheckIn = throttleAsync(requestCancel, RESERVATION_THROTTLE_MS)

/** Changes the party of the check-in (its own loading and flag: docs/waitlist.md, "In the app"). */
export async function updateCheckIn(changes: ReservationChanges, signedIn: boolean): Promise<Reservation | undefined> {
  const confirmation = $checkIn.get().confirmation
  if (!confirmation) return undefined
  const fingerprint = JSON.stringify({ id: confirmation.reservationId, changes })
  $checkIn.set({ ...$checkIn.get(), updating: true, updated: false, updateError: undefined })
  try {
    const reservation = await updateReservation(confirmation.reservationId, changes, updateKeys.keyFor(fingerprint), signedIn)
    updateKeys.settled(fingerprint)
    storeCheckIn(reservation)
    $checkIn.set({ ...$checkIn.get(), updating: false, updated: true })
    return reservation
  } catch (error) {
    console.error('Updating the check-in failed', error)
    const message = refusalMessage(error)
    $checkIn.set({ ...$checkIn.get(), updating: false, updateError: message })
    toast(message)
    return undefined
  }
}

/** "clear" (docs/waitlist.md, "In the app"): forgets the messages and flags, keeping the confirmation. */
export function clearCheckIn(): void {
  const state = $checkIn.get()
  $checkIn.set({ ...state, loading: false, error: undefined, cancelError: undefined, updateError: undefined, cancelled: false, updated: false })
}

/** "reset" (docs/waitlist.md, "In the app"): restores the initial state. */
export function resetCheckIn(): void {
  checkInKeys.clear()
  cancelKeys.clear()
  updateKeys.clear()
  $checkIn.set({ ...INITIAL })
}
