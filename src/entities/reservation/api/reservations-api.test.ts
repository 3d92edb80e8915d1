import { describe, expect, it } from 'vitest'
import { toReservationQuery, type BookingForm } from './reservations-api'

const form: BookingForm = {
  locationId: '0b7d6f2e-8f55-4c52-9b1a-2f8f5d5b7a10',
  restaurantSlug: 'empire-burger',
  fullName: 'Ada Guest',
  mobile: '+14155550100',
  adultSize: 3,
  kidzSize: 1,
  highChair: 1,
}

describe('toReservationQuery (POST /customer/reservations: docs/reservations.md, "The party")', () => {
  it('drops adultSize and restaurantSlug and adds deviceId "", channelName ONLINE and seatTogether "1"', () => {
    const query = toReservationQuery(form)
    expect(query).not.toHaveProperty('adultSize')
    expect(query).not.toHaveProperty('restaurantSlug')
    expect(query).toMatchObject({ deviceId: '', channelName: 'ONLINE', seatTogether: '1' })
  })

  it('sends the whole party as guestCount, children included, and leaves out empty fields', () => {
    const query = toReservationQuery({ ...form, email: undefined, notes: '', reservationDate: '2030-01-02', reservationSlot: '19:30' })
    expect(query).toEqual({
      locationId: form.locationId,
      fullName: 'Ada Guest',
      mobile: '+14155550100',
      guestCount: '4',
      kidzSize: '1',
      highChair: '1',
      reservationDate: '2030-01-02',
      reservationSlot: '19:30',
      deviceId: '',
      channelName: 'ONLINE',
      seatTogether: '1',
    })
  })
})
