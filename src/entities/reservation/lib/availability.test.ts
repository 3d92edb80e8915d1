import { describe, expect, it } from 'vitest'
import { checkInClosedReason, takesCheckIns, takesReservations } from './availability'

const allDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, sessionName: 'All day', opensAt: '00:00', closesAt: '00:00' }))
const lunch = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, sessionName: 'Lunch', opensAt: '11:00', closesAt: '14:00' }))
const restaurant = { merchantName: 'Empire Burger', onlineCheckin: true, disabledServices: {}, workingHours: allDay, timeZoneCd: 'America/New_York' }

describe('availability', () => {
  it('takes check-ins only with onlineCheckin and without disabledServices.isCheckin', () => {
    expect(takesCheckIns(restaurant)).toBe(true)
    expect(takesCheckIns({ ...restaurant, onlineCheckin: false })).toBe(false)
    expect(takesCheckIns({ ...restaurant, disabledServices: { isCheckin: true } })).toBe(false)
  })

  it('the reservation flag follows disabledServices.isReservation (docs/reservations.md, "Who may book, and how many")', () => {
    expect(takesReservations({ disabledServices: {} })).toBe(true)
    expect(takesReservations({ disabledServices: { isReservation: true } })).toBe(false)
  })

  it('says why the waitlist is closed: no online check-ins, closed now, or the queue is full', () => {
    expect(checkInClosedReason(restaurant)).toBeNull()
    expect(checkInClosedReason({ ...restaurant, onlineCheckin: false })).toBe('Empire Burger does not take online check-ins.')
    // 03:00 in New York: before lunch opens.
    expect(checkInClosedReason({ ...restaurant, workingHours: lunch }, undefined, new Date('2030-01-02T08:00:00Z'))).toBe('Empire Burger is closed now. Opens today at 11:00.')
    expect(checkInClosedReason(restaurant, { acceptingCheckins: false, reason: 'The waitlist is full right now.' })).toBe('The waitlist is full right now.')
  })
})
