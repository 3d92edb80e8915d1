import { describe, expect, it } from 'vitest'
import type { ScheduleRules } from '@/entities/cart'
import { nextTimes } from './next-times'

const lunchOnly: ScheduleRules = {
  timeZone: 'America/New_York',
  workingHours: [1, 2, 3, 4, 5].map((day) => ({ day, sessionName: 'Lunch', opensAt: '11:30', closesAt: '14:30' })),
  scheduledDelivery: true,
  scheduledDeliveryDurationInDays: 2,
  scheduledDeliveryCutOffTime: null,
  pickupCutoff: 15,
  etaMinutes: 20,
}

describe('next times of a closed restaurant', () => {
  it('"As soon as possible" is replaced by the next times it opens: at 23:00 on Monday in New York, Tuesday from 11:30', () => {
    // 04:00 UTC on Tuesday 10 March 2026 is 23:00 on Monday 9 March in New York.
    expect(nextTimes(lunchOnly, new Date('2026-03-10T03:00:00Z'))).toEqual([
      { date: '2026-03-10', slot: '11:30' },
      { date: '2026-03-10', slot: '11:45' },
      { date: '2026-03-10', slot: '12:00' },
    ])
  })

  it('continues on the next day it opens when today has fewer slots left, and is empty when there is none to order for', () => {
    // 17:50 UTC is 13:50 on Friday 13 March in New York (EDT): 14:15 is the last slot (ETA 20 min), then Monday after the weekend.
    expect(nextTimes({ ...lunchOnly, scheduledDeliveryDurationInDays: 3 }, new Date('2026-03-13T17:50:00Z'), 2)).toEqual([
      { date: '2026-03-13', slot: '14:15' },
      { date: '2026-03-16', slot: '11:30' },
    ])
    // Saturday noon, scheduling off: closed today and nothing later to order for.
    expect(nextTimes({ ...lunchOnly, scheduledDelivery: false }, new Date('2026-03-14T16:00:00Z'))).toEqual([])
  })
})
