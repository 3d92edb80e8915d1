import { describe, expect, it } from 'vitest'
import { formatEventDate, isPastDate, parseEventDate } from './event-date'

describe('event dates', () => {
  it('accepts real calendar dates written YYYY-MM-DD only', () => {
    expect(parseEventDate('2026-12-24')).toBe('2026-12-24')
    expect(parseEventDate('2028-02-29')).toBe('2028-02-29')
    for (const bad of ['2027-02-29', '2026-13-01', '2026-12-32', '24-12-2026', '2026-1-5', 'tomorrow', '', '2026-12-24T10:00']) {
      expect(parseEventDate(bad), bad).toBeNull()
    }
  })

  it('reads out the date with full weekday and short month names', () => {
    expect(formatEventDate('2026-12-24')).toBe('Thursday, 24 Dec 2026')
    expect(formatEventDate('2027-01-03')).toBe('Sunday, 3 Jan 2027')
  })

  it('knows a date is over by the restaurant’s own calendar', () => {
    const instant = new Date('2026-05-01T03:00:00Z') // still 30 April in San Francisco
    expect(isPastDate('2026-04-30', 'America/Los_Angeles', instant)).toBe(false)
    expect(isPastDate('2026-04-30', 'Asia/Kolkata', instant)).toBe(true)
    expect(isPastDate('2026-04-29', 'America/Los_Angeles', instant)).toBe(true)
  })
})
