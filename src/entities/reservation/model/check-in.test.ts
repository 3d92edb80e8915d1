// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRefusal, ONE_ACTIVE_CHECKIN, type Reservation } from '@/shared/api'
import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import { $toasts } from '@/shared/ui'
import { cancelReservation, createReservation, updateReservation, type BookingForm } from '../api/reservations-api'
import { $currentReservationId, readCheckInMarker } from './active-reservation'
import { $checkIn, cancelCheckIn, checkIn, clearCheckIn, resetCheckIn, updateCheckIn } from './check-in'

vi.mock('../api/reservations-api', async (original) => ({
  ...(await original<typeof import('../api/reservations-api')>()),
  createReservation: vi.fn(),
  cancelReservation: vi.fn(),
  updateReservation: vi.fn(),
}))

const form: BookingForm = {
  locationId: 'loc-1',
  restaurantSlug: 'empire-burger',
  fullName: 'Ada Guest',
  mobile: '+14155550100',
  adultSize: 2,
  kidzSize: 0,
  highChair: 0,
}
const checkInOf = (change: Partial<Reservation> = {}): Reservation =>
  ({ reservationId: 'r-1', checkInId: 'r-1', kind: 'CHECKIN', status: 'Active', checkedIn: true, locationId: 'loc-1', queuePosition: 2, ...change }) as Reservation

let clock = Date.UTC(2030, 0, 1)
beforeEach(() => {
  vi.resetAllMocks()
  vi.useFakeTimers()
  clock += 60_000
  vi.setSystemTime(clock)
  localStorage.clear()
  resetCheckIn()
  $toasts.set([])
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.useRealTimers())

describe('check-in state (docs/waitlist.md, "In the app")', () => {
  it('a new request sets checkedIn false and loading; success sets checkedIn and keeps the confirmation', async () => {
    $checkIn.setKey('checkedIn', true)
    let answer: (reservation: Reservation) => void = () => {}
    vi.mocked(createReservation).mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const pending = checkIn(form, false)
    expect($checkIn.get()).toMatchObject({ loading: true, checkedIn: false })
    answer(checkInOf())
    await pending
    expect($checkIn.get()).toMatchObject({ loading: false, checkedIn: true, confirmation: { reservationId: 'r-1' }, error: undefined })
    expect(vi.mocked(createReservation).mock.calls[0]![2]).toBe(false)
  })

  it('keeps a 5-minute marker and the current id in storage (docs/waitlist.md, "In the app")', async () => {
    vi.mocked(createReservation).mockResolvedValue(checkInOf())
    await checkIn(form, false)
    expect(secureStorage.get(STORAGE_KEYS.checkInReservationId)).toBe('r-1')
    expect($currentReservationId.get()).toBe('r-1')
    expect(readCheckInMarker(clock + 5 * 60_000 - 1)).toBe('r-1')
    expect(readCheckInMarker(clock + 5 * 60_000)).toBeUndefined()
    expect(secureStorage.get(STORAGE_KEYS.reservationExpiry)).toBeUndefined()
  })

  it('shows the server message of a 400 word for word, as a 1500 ms toast too', async () => {
    vi.mocked(createReservation).mockRejectedValue(new ApiRefusal({ status: 400, message: ONE_ACTIVE_CHECKIN, code: 'active_checkin' }))
    await checkIn(form, false)
    expect($checkIn.get()).toMatchObject({ loading: false, checkedIn: false, error: ONE_ACTIVE_CHECKIN })
    expect($toasts.get().map((toast) => toast.message)).toEqual([ONE_ACTIVE_CHECKIN])
    vi.advanceTimersByTime(1_500)
    expect($toasts.get()).toEqual([])
  })

  it('says "Please Try Again" when the server gave no message (network failure)', async () => {
    vi.mocked(createReservation).mockRejectedValue(new TypeError('Failed to fetch'))
    await checkIn(form, false)
    expect($checkIn.get().error).toBe('Please Try Again')
  })

  it('sends one check-in within 5000 ms, and retries with the same Idempotency-Key', async () => {
    vi.mocked(createReservation).mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(checkInOf())
    await Promise.all([checkIn(form, false), checkIn(form, false)])
    expect(createReservation).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(5_000)
    await checkIn(form, false)
    expect(createReservation).toHaveBeenCalledTimes(2)
    const [first, second] = vi.mocked(createReservation).mock.calls
    expect(second![1]).toBe(first![1])
  })

  it('cancel has its own loading and flag, and forgets the stored check-in', async () => {
    vi.mocked(createReservation).mockResolvedValue(checkInOf())
    await checkIn(form, false)
    let answer: (reservation: Reservation) => void = () => {}
    vi.mocked(cancelReservation).mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const pending = cancelCheckIn('Plans changed', false)
    expect($checkIn.get()).toMatchObject({ cancelling: true, cancelled: false, loading: false })
    answer(checkInOf({ status: 'Cancelled', checkedIn: false, cancelReason: 'Plans changed' }))
    await pending
    expect(cancelReservation).toHaveBeenCalledWith({ locationId: 'loc-1', reservationId: 'r-1', cancelReason: 'Plans changed' }, expect.any(String), false)
    expect($checkIn.get()).toMatchObject({ cancelling: false, cancelled: true, checkedIn: false })
    expect(secureStorage.get(STORAGE_KEYS.checkInReservationId)).toBeUndefined()
  })

  it('a failed cancel says "Please Try Again" and keeps the check-in', async () => {
    vi.mocked(createReservation).mockResolvedValue(checkInOf())
    await checkIn(form, false)
    vi.mocked(cancelReservation).mockRejectedValue(new ApiRefusal({ status: 500, message: 'nope', code: 'internal' }))
    await cancelCheckIn('Plans changed', false)
    expect($checkIn.get()).toMatchObject({ cancelling: false, cancelled: false, cancelError: 'Please Try Again', checkedIn: true })
  })

  it('a check-in, a cancel or a party change refused for a reason the diner can act on shows that reason (409 checkin_unavailable, not_active, slot_taken)', async () => {
    const closed = new ApiRefusal({ status: 409, message: 'Empire Burger is not taking online check-ins right now: the wait is over 60 minutes.', code: 'checkin_unavailable' })
    vi.mocked(createReservation).mockRejectedValueOnce(closed)
    await checkIn(form, false)
    expect($checkIn.get().error).toBe(closed.message)
    expect($toasts.get().at(-1)?.message).toBe(closed.message)
    vi.advanceTimersByTime(5_000)
    vi.mocked(createReservation).mockResolvedValue(checkInOf())
    await checkIn(form, false)
    const seated = new ApiRefusal({ status: 409, message: 'This check-in is already seated.', code: 'not_active' })
    vi.mocked(cancelReservation).mockRejectedValueOnce(seated)
    await cancelCheckIn('Plans changed', false)
    expect($checkIn.get()).toMatchObject({ cancelError: seated.message, checkedIn: true })
    const full = new ApiRefusal({ status: 409, message: 'No table for 6 is free at 19:00 any more. Your reservation is unchanged.', code: 'slot_taken' })
    vi.mocked(updateReservation).mockRejectedValueOnce(full)
    await updateCheckIn({ guestCount: 6 }, false)
    expect($checkIn.get().updateError).toBe(full.message)
  })

  it('update has its own loading and flag; clear forgets the flags and reset restores the initial state', async () => {
    vi.mocked(createReservation).mockResolvedValue(checkInOf())
    await checkIn(form, false)
    vi.mocked(updateReservation).mockResolvedValue(checkInOf({ guestCount: 4 }))
    const pending = updateCheckIn({ guestCount: 4 }, true)
    expect($checkIn.get()).toMatchObject({ updating: true, updated: false })
    await pending
    expect(updateReservation).toHaveBeenCalledWith('r-1', { guestCount: 4 }, expect.any(String), true)
    expect($checkIn.get()).toMatchObject({ updating: false, updated: true, confirmation: { guestCount: 4 } })
    clearCheckIn()
    expect($checkIn.get()).toMatchObject({ updated: false, confirmation: { guestCount: 4 } })
    resetCheckIn()
    expect($checkIn.get()).toMatchObject({ checkedIn: false, confirmation: undefined, loading: false })
  })
})
