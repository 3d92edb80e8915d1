import { describe, expect, it } from 'vitest'
import { intlClock, localInstant, openingStatus, temporalClock, type WorkingSession, zonedClock } from './hours'

const everyDay = (opensAt: string, closesAt: string, sessionName = 'All day'): WorkingSession[] =>
  Array.from({ length: 7 }, (_, day) => ({ day, sessionName, opensAt, closesAt }))

// 2026-11-22 is a Sunday.
const at = (iso: string) => new Date(iso)

describe('zonedClock', () => {
  it('reads the wall clock in the location time zone', () => {
    expect(zonedClock(at('2026-11-22T18:30:00Z'), 'Asia/Kolkata')).toEqual({ date: '2026-11-23', day: 1, minute: 0 })
    expect(zonedClock(at('2026-11-22T18:30:00Z'), 'America/Los_Angeles')).toEqual({ date: '2026-11-22', day: 0, minute: 630 })
  })
})

describe('openingStatus', () => {
  it('is open inside a session and says when it ends', () => {
    const status = openingStatus(everyDay('09:00', '22:00'), 'America/New_York', at('2026-11-22T17:00:00Z'))
    expect(status.open).toBe(1)
    expect(status.activeSessionEndTime).toBe('22:00')
    expect(status.isLastActiveSession).toBe(true)
    expect(status.minutesToClose).toBe(10 * 60)
  })

  it('stays open past midnight on the previous day’s session', () => {
    const bar = everyDay('17:00', '02:00', 'Late night')
    // 01:30 on Monday in New York.
    const status = openingStatus(bar, 'America/New_York', at('2026-11-23T06:30:00Z'))
    expect(status.open).toBe(1)
    expect(status.activeSessionEndTime).toBe('02:00')
    expect(status.minutesToClose).toBe(30)
  })

  it('is closed between sessions and names the next one', () => {
    const sessions = [...everyDay('08:00', '11:00', 'Breakfast'), ...everyDay('18:00', '22:00', 'Dinner')]
    const status = openingStatus(sessions, 'Asia/Kolkata', at('2026-11-22T08:30:00Z')) // 14:00 IST
    expect(status.open).toBe(0)
    expect(status.nextSession).toMatchObject({ sessionName: 'Dinner', opensAt: '18:00', date: '2026-11-22' })
  })

  it('finds the next open day when closed today', () => {
    const mondayOnly: WorkingSession[] = [{ day: 1, sessionName: 'Lunch', opensAt: '12:00', closesAt: '15:00' }]
    const status = openingStatus(mondayOnly, 'America/Los_Angeles', at('2026-11-22T20:00:00Z'))
    expect(status.open).toBe(0)
    expect(status.nextSession).toEqual({ day: 1, sessionName: 'Lunch', opensAt: '12:00', date: '2026-11-23' })
    expect(status.currentWorkingHours).toEqual([])
  })

  it('has no next session when it never opens', () => {
    expect(openingStatus([], 'UTC', at('2026-11-22T12:00:00Z'))).toMatchObject({ open: 0, nextSession: null })
  })
})

describe('localInstant', () => {
  it('turns a wall time into the instant it means in the zone, across DST changes', () => {
    expect(localInstant('2026-11-24', '19:00', 'America/Los_Angeles')?.toISOString()).toBe('2026-11-25T03:00:00.000Z')
    expect(localInstant('2026-07-24', '19:00', 'America/Los_Angeles')?.toISOString()).toBe('2026-07-25T02:00:00.000Z')
    expect(localInstant('2026-11-24', '19:00', 'Asia/Kolkata')?.toISOString()).toBe('2026-11-24T13:30:00.000Z')
  })

  it('is null for a wall time skipped when clocks spring forward', () => {
    expect(localInstant('2026-03-08', '02:30', 'America/Los_Angeles')).toBeNull()
  })
})

describe('the two clocks', () => {
  // The browsers take Temporal, Node 24 (the server) takes Intl: both must read the same wall clock.
  const zones = ['America/Los_Angeles', 'America/New_York', 'Asia/Kolkata', 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC']
  // Each side of the 2026 DST changes in the zones above, and midnight and month ends around them.
  const instants = [
    '2026-03-08T09:59:59Z', '2026-03-08T10:00:00Z', '2026-03-29T00:59:59Z', '2026-03-29T01:00:00Z',
    '2026-04-04T15:29:59Z', '2026-04-04T15:30:00Z', '2026-09-26T13:59:59Z', '2026-10-04T14:00:00Z',
    '2026-10-25T01:00:00Z', '2026-11-01T08:59:59Z', '2026-11-01T09:00:00Z', '2026-12-31T23:59:59Z',
    '2027-01-01T00:00:00Z', '2028-02-29T12:00:00Z',
  ]

  it('has Temporal in this project, so the Temporal clock is the one the app takes', () => {
    expect(typeof Temporal).toBe('object')
    expect(zonedClock).toBe(temporalClock)
  })

  it.each(zones)('read the same date, weekday and minute in %s', (zone) => {
    for (const iso of instants) expect(temporalClock(at(iso), zone), `${iso} in ${zone}`).toEqual(intlClock(at(iso), zone))
    // And every 127 minutes over a fortnight around the autumn change (a fixed walk: 159 instants).
    for (let t = Date.parse('2026-10-20T00:00:00Z'); t < Date.parse('2026-11-03T00:00:00Z'); t += 127 * 60_000) {
      expect(temporalClock(new Date(t), zone)).toEqual(intlClock(new Date(t), zone))
    }
  })

  it('both refuse a zone that does not exist', () => {
    expect(() => temporalClock(at('2026-11-22T18:30:00Z'), 'Mars/Olympus_Mons')).toThrow(RangeError)
    expect(() => intlClock(at('2026-11-22T18:30:00Z'), 'Mars/Olympus_Mons')).toThrow(RangeError)
  })
})
