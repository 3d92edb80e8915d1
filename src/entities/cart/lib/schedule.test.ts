import { describe, expect, it } from 'vitest'
import { canOrderNow, scheduleDates, timeSlots, type ScheduleRules } from './schedule'

const weekdays = [1, 2, 3, 4, 5].flatMap((day) => [
  { day, sessionName: 'Lunch', opensAt: '11:30', closesAt: '14:30' },
  { day, sessionName: 'Dinner', opensAt: '17:00', closesAt: '22:00' },
])

const soma: ScheduleRules = {
  timeZone: 'America/Los_Angeles',
  workingHours: weekdays,
  scheduledDelivery: true,
  scheduledDeliveryDurationInDays: 3,
  scheduledDeliveryCutOffTime: '21:00',
  pickupCutoff: 15,
  etaMinutes: 20,
}

// 02:00 UTC on Wednesday 11 March is 19:00 on Tuesday 10 March in San Francisco.
const tuesdayEvening = new Date('2026-03-11T02:00:00Z')

describe('schedule dates and slots', () => {
  it('counts days in the location’s time zone, not UTC', () => {
    expect(scheduleDates(soma, tuesdayEvening)).toEqual(['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'])
    expect(scheduleDates({ ...soma, scheduledDelivery: false }, tuesdayEvening)).toEqual(['2026-03-10'])
  })

  it('gives 15-minute slots from now + ETA to the cut-off time, within the sessions', () => {
    expect(timeSlots(soma, '2026-03-10', tuesdayEvening)).toEqual(['19:30', '19:45', '20:00', '20:15', '20:30', '20:45', '21:00'])
    const wednesday = timeSlots(soma, '2026-03-11', tuesdayEvening)
    expect(wednesday[0]).toBe('11:30')
    expect(wednesday).toContain('14:15')
    expect(wednesday).not.toContain('14:30')
    expect(wednesday).not.toContain('16:45')
    expect(wednesday.at(-1)).toBe('21:00')
    expect(wednesday).toHaveLength(12 + 17)
    expect(timeSlots({ ...soma, scheduledDeliveryCutOffTime: null }, '2026-03-11', tuesdayEvening).at(-1)).toBe('21:45')
  })

  it('has no slots on a closed day or a past date, and leaves out a day with none', () => {
    expect(timeSlots(soma, '2026-03-14', tuesdayEvening)).toEqual([])
    expect(timeSlots(soma, '2026-03-09', tuesdayEvening)).toEqual([])
    const friday = new Date('2026-03-13T19:00:00Z')
    expect(scheduleDates(soma, friday)).toEqual(['2026-03-13', '2026-03-16'])
  })

  it('covers a session past midnight on both days', () => {
    const lateBar: ScheduleRules = { ...soma, workingHours: [{ day: 5, sessionName: 'Night', opensAt: '20:00', closesAt: '02:00' }], scheduledDeliveryCutOffTime: null }
    expect(timeSlots(lateBar, '2026-03-13', tuesdayEvening).at(-1)).toBe('23:45')
    expect(timeSlots(lateBar, '2026-03-14', tuesdayEvening)).toEqual(['00:00', '00:15', '00:30', '00:45', '01:00', '01:15', '01:30', '01:45'])
  })

  it('offers "as soon as possible" while open and before the pickup cut-off', () => {
    expect(canOrderNow(soma, tuesdayEvening)).toBe(true)
    expect(canOrderNow(soma, new Date('2026-03-11T04:50:00Z'))).toBe(false)
    expect(canOrderNow(soma, new Date('2026-03-10T23:00:00Z'))).toBe(false)
  })
})
