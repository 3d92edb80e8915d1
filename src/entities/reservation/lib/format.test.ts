import { describe, expect, it } from 'vitest'
import type { Reservation } from '@/shared/api'
import { describeParty, describeWait, reservableDates, reservationHeadline } from './format'

const base = { merchantName: 'Olive Tree', guestCount: 4, kids: 0, highChairs: 0, timeZone: 'America/Los_Angeles' } as Reservation

describe('reservation wording', () => {
  it('the widget line names the queue place or the table and its time on the restaurant clock', () => {
    expect(reservationHeadline({ ...base, merchantName: 'Empire Burger', kind: 'CHECKIN', queuePosition: 2 })).toBe('Waitlist: #2 at Empire Burger')
    // 2030-01-05 is a Saturday; 03:30 UTC is 19:30 the evening before in San Francisco.
    expect(reservationHeadline({ ...base, kind: 'RESERVATION', slotStart: '2030-01-06T03:30:00Z' })).toBe('Table for 4, Sat 19:30 at Olive Tree')
  })

  it('describes a party and a wait', () => {
    expect(describeParty({ guestCount: 3, kids: 1, highChairs: 1 })).toBe('3 guests (1 child, 1 high chair)')
    expect(describeParty({ guestCount: 1, kids: 0, highChairs: 0 })).toBe('1 guest')
    expect(describeWait(0)).toBe('no wait')
    expect(describeWait(25)).toBe('about 25 minutes')
    expect(describeWait(90)).toBe('about 1 hour 30 minutes')
  })

  it('offers today and the following days, across a month end', () => {
    const dates = reservableDates('2030-01-30', 30)
    expect(dates).toHaveLength(30)
    expect(dates.slice(0, 3)).toEqual(['2030-01-30', '2030-01-31', '2030-02-01'])
  })
})
