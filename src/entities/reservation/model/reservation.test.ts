// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRefusal, type Reservation, type SlotsResponse } from '@/shared/api'
import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import { $toasts } from '@/shared/ui'
import { cancelReservation, createReservation, fetchReservation, fetchSlots, fetchWaitTimes, type BookingForm } from '../api/reservations-api'
import { RESERVATION_NOT_FOUND } from '../lib/refusal'
import { $booking, $reservationCancel, $reservationLookup, $slots, bookTable, cancelTableReservation, firstDayWithTimes, loadReservation, loadSlots, resetReservation } from './reservation'
import { $waitTimes, loadWaitTimes, watchWaitTimes } from './wait-times'

vi.mock('../api/reservations-api', async (original) => ({
  ...(await original<typeof import('../api/reservations-api')>()),
  createReservation: vi.fn(),
  cancelReservation: vi.fn(),
  fetchReservation: vi.fn(),
  fetchSlots: vi.fn(),
  fetchWaitTimes: vi.fn(),
}))

const form: BookingForm = {
  locationId: 'loc-1',
  restaurantSlug: 'olive-tree-soma',
  fullName: 'Ada Diner',
  mobile: '+14155550100',
  adultSize: 4,
  kidzSize: 0,
  highChair: 0,
  reservationDate: '2030-01-02',
  reservationSlot: '19:30',
}
const booked = { reservationId: 'r-9', kind: 'RESERVATION', status: 'Active', locationId: 'loc-1' } as Reservation

let clock = Date.UTC(2030, 0, 1)
beforeEach(() => {
  vi.resetAllMocks()
  vi.useFakeTimers()
  clock += 60_000
  vi.setSystemTime(clock)
  localStorage.clear()
  resetReservation()
  $toasts.set([])
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.useRealTimers())

describe('reservation state (docs/reservations.md, "In the app")', () => {
  it('books with its own flags and a timestamp, and keeps the id for the status widget without a check-in marker', async () => {
    vi.mocked(createReservation).mockResolvedValue(booked)
    const pending = bookTable(form, true)
    expect($booking.get()).toMatchObject({ loading: true, success: false })
    await pending
    expect($booking.get()).toMatchObject({ loading: false, success: true, data: { reservation: booked, bookedAt: clock } })
    expect(secureStorage.get(STORAGE_KEYS.checkInReservationId)).toBe('r-9')
    expect(secureStorage.get(STORAGE_KEYS.reservationExpiry)).toBeUndefined()
  })

  it('every refusal the diner can act on shows the server’s reason, 409s included: a taken slot, reservations switched off, the daily limit, another number, too many tries', async () => {
    const refusals = [
      new ApiRefusal({ status: 409, message: 'No table for 4 is free at 19:30 any more. Please choose another time.', code: 'slot_taken' }),
      new ApiRefusal({ status: 409, message: 'Olive Tree does not take reservations online.', code: 'reservations_disabled' }),
      new ApiRefusal({ status: 409, message: 'You already have a table at Olive Tree on 2030-01-02. Change that reservation instead of booking another.', code: 'reservation_limit' }),
      new ApiRefusal({ status: 403, message: 'Please use your own mobile number, the one verified on your account, to book the table.', code: 'mobile_not_verified' }),
      new ApiRefusal({ status: 400, message: 'Tables are reserved at least 30 minutes ahead. Please choose a later time.', code: 'slot_too_soon' }),
      new ApiRefusal({ status: 429, message: 'Too many bookings from this device. Try again in 5 minutes.', code: 'rate_limited' }),
    ]
    for (const refusal of refusals) {
      vi.mocked(createReservation).mockRejectedValueOnce(refusal)
      await bookTable(form, true)
      expect($booking.get().error, refusal.code).toBe(refusal.message)
      expect($toasts.get().at(-1)?.message).toBe(refusal.message)
      vi.advanceTimersByTime(5_000)
    }
  })

  it('a failure without a reason (the network, a 5xx) says "Please Try Again"', async () => {
    vi.mocked(createReservation).mockRejectedValueOnce(new ApiRefusal({ status: 500, message: 'Internal error', code: 'internal' }))
    await bookTable(form, true)
    expect($booking.get().error).toBe('Please Try Again')
    vi.advanceTimersByTime(5_000)
    vi.mocked(createReservation).mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await bookTable(form, true)
    expect($booking.get().error).toBe('Please Try Again')
    expect($toasts.get().at(-1)?.message).toBe('Please Try Again')
  })

  it('a lookup of an unknown reservation says it was not found; a network failure "Please Try Again"', async () => {
    vi.mocked(fetchReservation).mockRejectedValueOnce(new ApiRefusal({ status: 404, message: 'The reservation was not found.', code: 'not_found' }))
    await loadReservation('r-9', false)
    expect($reservationLookup.get().error).toBe(RESERVATION_NOT_FOUND)
    vi.mocked(fetchReservation).mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await loadReservation('r-9', false)
    expect($reservationLookup.get().error).toBe('Please Try Again')
  })

  it('a cancel refused because the table is no longer active says so (409 not_active); a network failure "Please Try Again"', async () => {
    vi.mocked(cancelReservation).mockRejectedValueOnce(new ApiRefusal({ status: 409, message: 'This reservation is already seated.', code: 'not_active' }))
    await cancelTableReservation(booked, 'Sick', false)
    expect($reservationCancel.get().error).toBe('This reservation is already seated.')
    vi.advanceTimersByTime(5_000)
    vi.mocked(cancelReservation).mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await cancelTableReservation(booked, 'Sick', false)
    expect($reservationCancel.get().error).toBe('Please Try Again')
  })

  it('a cancel shows the cancelled reservation and forgets the stored id', async () => {
    secureStorage.set(STORAGE_KEYS.checkInReservationId, 'r-9')
    vi.mocked(cancelReservation).mockResolvedValue({ ...booked, status: 'Cancelled', cancelReason: 'Sick' })
    await cancelTableReservation(booked, 'Sick', true)
    expect(cancelReservation).toHaveBeenCalledWith({ locationId: 'loc-1', reservationId: 'r-9', cancelReason: 'Sick' }, expect.stringMatching(/^cancel-/), true)
    expect($reservationLookup.get().data).toMatchObject({ status: 'Cancelled' })
    expect(secureStorage.get(STORAGE_KEYS.checkInReservationId)).toBeUndefined()
  })

  it('a failed slot lookup says "Error", a refused one the server’s reason', async () => {
    vi.mocked(fetchSlots).mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await loadSlots('loc-1', 4, '2030-01-02')
    expect($slots.get().error).toBe('Error')
    vi.mocked(fetchSlots).mockRejectedValueOnce(new ApiRefusal({ status: 400, message: 'Olive Tree takes reservations up to 30 days ahead, until 2030-01-31.', code: 'beyond_reservation_window' }))
    await loadSlots('loc-1', 4, '2030-03-02')
    expect($slots.get().error).toBe('Olive Tree takes reservations up to 30 days ahead, until 2030-01-31.')
  })

  it('late in the day, the first later day with a free time is found: days without times and fully booked days are passed over', async () => {
    const slot = (time: string, available: boolean) => ({ time, startsAt: `2030-01-01T${time}:00Z`, available, sessionName: 'Dinner' })
    const day = (date: string, slots: ReturnType<typeof slot>[]) =>
      ({ locationId: 'loc-1', date, guestCount: 2, timeZone: 'UTC', slots, activeSessionEndTime: null, nextSession: null, isLastActiveSession: false }) as SlotsResponse
    vi.mocked(fetchSlots).mockImplementation(async (_location, _guests, date) =>
      date === '2030-01-02' ? day(date, []) : date === '2030-01-03' ? day(date, [slot('19:00', false)]) : day(date, [slot('18:00', false), slot('18:30', true)]),
    )
    expect(await firstDayWithTimes('loc-1', 2, ['2030-01-02', '2030-01-03', '2030-01-04', '2030-01-05'])).toBe('2030-01-04')
    expect(vi.mocked(fetchSlots).mock.calls.map((call) => call[2])).toEqual(['2030-01-02', '2030-01-03', '2030-01-04'])
  })

  it('no later day with a free time, or a day that cannot be read, finds none (the screen says so instead of guessing)', async () => {
    vi.mocked(fetchSlots).mockResolvedValue({ slots: [] } as unknown as SlotsResponse)
    expect(await firstDayWithTimes('loc-1', 2, ['2030-01-02', '2030-01-03'])).toBeUndefined()
    vi.mocked(fetchSlots).mockRejectedValueOnce(new TypeError('Failed to fetch'))
    expect(await firstDayWithTimes('loc-1', 2, ['2030-01-02', '2030-01-03'])).toBeUndefined()
  })
})

describe('wait times (docs/waitlist.md, "In the app")', () => {
  it('fails with "WaitTimes couldn\'t be loaded"', async () => {
    vi.mocked(fetchWaitTimes).mockRejectedValue(new TypeError('Failed to fetch'))
    await loadWaitTimes('loc-1')
    expect($waitTimes.get().error).toBe("WaitTimes couldn't be loaded")
  })

  it('is read again every 30 s until stopped', async () => {
    vi.mocked(fetchWaitTimes).mockResolvedValue({ locationId: 'loc-1' } as never)
    const stop = watchWaitTimes('loc-1')
    expect(fetchWaitTimes).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(fetchWaitTimes).toHaveBeenCalledTimes(2)
    stop()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetchWaitTimes).toHaveBeenCalledTimes(2)
  })
})
