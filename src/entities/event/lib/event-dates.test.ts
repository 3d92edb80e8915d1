import { describe, expect, it } from 'vitest'
import type { EventDateSlots } from '@/shared/api'
import { dayChipLabel, isOrderableDate, slotsOn } from './event-dates'

const book: EventDateSlots[] = [
  { date: '2030-12-24', orderable: true, slots: [{ time: '11:00', available: false, remaining: 0 }, { time: '11:30', available: true, remaining: 2 }] },
  { date: '2030-12-25', orderable: false, slots: [{ time: '11:00', available: false, remaining: 2 }] },
]

describe('event dates', () => {
  it('labels a date as a day chip in its own calendar', () => {
    expect(dayChipLabel('2030-12-24')).toBe('Tue 24 Dec')
  })

  it('finds the slots of a date, and none for another date', () => {
    expect(slotsOn(book, '2030-12-24').map((slot) => slot.time)).toEqual(['11:00', '11:30'])
    expect(slotsOn(book, '2030-12-26')).toEqual([])
    expect(slotsOn(undefined, '2030-12-24')).toEqual([])
  })

  it('knows which dates can still be ordered for', () => {
    expect(isOrderableDate(book, '2030-12-24')).toBe(true)
    expect(isOrderableDate(book, '2030-12-25')).toBe(false)
    expect(isOrderableDate(book, '2031-01-01')).toBe(false)
  })
})
