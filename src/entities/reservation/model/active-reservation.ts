import { atom } from 'nanostores'
import type { Reservation } from '@/shared/api'
import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import { CHECKIN_MARKER_MS } from '@/shared/api'

/** docs/reservations.md, "In the app": the floating reservation status widget, visible until hidden (and again for a new check-in or reservation). */
export const $reservationWidget = atom<{ visible: boolean }>({ visible: true })

export function showReservationWidget(): void {
  $reservationWidget.set({ visible: true })
}

export function hideReservationWidget(): void {
  $reservationWidget.set({ visible: false })
}

/** The id of the diner's current check-in or reservation (docs/waitlist.md, "In the app"). */
export function readCurrentReservationId(): string | undefined {
  const id = secureStorage.get<string>(STORAGE_KEYS.checkInReservationId)
  return typeof id === 'string' && id ? id : undefined
}

/** The stored id as a store, so the widget follows a new check-in or reservation at once. */
export const $currentReservationId = atom<string | undefined>(readCurrentReservationId())

/** The check-in made on this device less than 5 minutes ago (the local check-in marker: docs/waitlist.md, "In the app"), else undefined. */
export function readCheckInMarker(now = Date.now()): string | undefined {
  const expiry = secureStorage.get<number>(STORAGE_KEYS.reservationExpiry)
  if (typeof expiry !== 'number' || expiry <= now) {
    if (expiry !== undefined) secureStorage.remove(STORAGE_KEYS.reservationExpiry)
    return undefined
  }
  return readCurrentReservationId()
}

/** Keeps a new check-in or reservation as the current one; a check-in also sets the 5-minute marker. */
export function rememberReservation(reservation: Reservation, now = Date.now()): void {
  secureStorage.set(STORAGE_KEYS.checkInReservationId, reservation.reservationId)
  if (reservation.kind === 'CHECKIN') secureStorage.set(STORAGE_KEYS.reservationExpiry, now + CHECKIN_MARKER_MS)
  else secureStorage.remove(STORAGE_KEYS.reservationExpiry)
  $currentReservationId.set(reservation.reservationId)
  showReservationWidget()
}

/** Forgets the current reservation when it is this one (it ended or was cancelled). */
export function forgetReservation(reservationId: string): void {
  if (readCurrentReservationId() !== reservationId) return
  secureStorage.remove(STORAGE_KEYS.checkInReservationId)
  secureStorage.remove(STORAGE_KEYS.reservationExpiry)
  $currentReservationId.set(undefined)
}

/** The table of /table/{tableId}/checkin (docs/waitlist.md, "In the app"). */
export function rememberCheckInTable(tableId: string): void {
  secureStorage.set(STORAGE_KEYS.checkInTableId, tableId)
}
