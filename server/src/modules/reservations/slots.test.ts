import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LAST_SEATING_MINUTES, RESERVATION_LEAD_MINUTES } from '@/shared/api/contracts/reservations'
import { addDays, zonedClock, type WorkingSession } from '@/shared/lib/hours'
import { locations, workingHours } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { listSlots } from './list-slots'
import { holdBlocks, sessionSlots } from './slots'
import { runningClockFrom } from '../../test/running-clock'

const every = (day: number, opensAt: string, closesAt: string, sessionName = 'Dinner'): WorkingSession => ({ day, opensAt, closesAt, sessionName })

describe('sessionSlots', () => {
  it('runs every 30 minutes from opening to the last seating an hour before closing', () => {
    // 2026-11-24 is a Tuesday.
    const slots = sessionSlots([every(2, '17:00', '22:00')], '2026-11-24', 'America/Los_Angeles')
    expect(slots.map((slot) => slot.time)).toEqual(['17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00'])
    expect(slots[0]!.startsAt.toISOString()).toBe('2026-11-25T01:00:00.000Z')
    expect(LAST_SEATING_MINUTES).toBe(60)
  })

  it('continues a session past midnight into the next calendar day, as part of the day it opened', () => {
    const slots = sessionSlots([every(2, '20:00', '01:30', 'Late night')], '2026-11-24', 'America/New_York')
    expect(slots.map((slot) => slot.time)).toEqual(['20:00', '20:30', '21:00', '21:30', '22:00', '22:30', '23:00', '23:30', '00:00', '00:30'])
    // 00:30 belongs to Tuesday's session but is Wednesday 00:30 in New York (05:30 UTC).
    expect(slots.at(-1)!.startsAt.toISOString()).toBe('2026-11-25T05:30:00.000Z')
    // Wednesday has no session of its own: the early hours are not offered twice.
    expect(sessionSlots([every(2, '20:00', '01:30')], '2026-11-25', 'America/New_York')).toEqual([])
  })

  it('means a different instant for the same wall time in two time zones', () => {
    const hours = [every(2, '19:00', '23:00')]
    const bengaluru = sessionSlots(hours, '2026-11-24', 'Asia/Kolkata')[0]!
    const sanFrancisco = sessionSlots(hours, '2026-11-24', 'America/Los_Angeles')[0]!
    expect(bengaluru.startsAt.toISOString()).toBe('2026-11-24T13:30:00.000Z')
    expect(sanFrancisco.startsAt.toISOString()).toBe('2026-11-25T03:00:00.000Z')
  })

  it('skips a wall time that does not exist on the night clocks spring forward', () => {
    // 2026-03-08 (a Sunday): 02:00–03:00 does not exist in Los Angeles.
    const slots = sessionSlots([every(0, '00:00', '04:00', 'Night')], '2026-03-08', 'America/Los_Angeles')
    expect(slots.map((slot) => slot.time)).toEqual(['00:00', '00:30', '01:00', '01:30', '03:00'])
    expect(slots.at(-1)!.startsAt.toISOString()).toBe('2026-03-08T10:00:00.000Z')
  })

  it('holds whole 15-minute blocks for the dining time', () => {
    expect(holdBlocks(new Date('2026-11-24T19:00:00Z'), 2)).toHaveLength(5)
    expect(holdBlocks(new Date('2026-11-24T19:00:00Z'), 8).at(-1)!.toISOString()).toBe('2026-11-24T20:45:00.000Z')
  })
})

describe('GET /merchants/generate-reservation-slot/{locationId}', () => {
  let t: TestApp
  const locationOf = async (slug: string) => (await t.db.select().from(locations).where(eq(locations.locationSlug, slug)))[0]!

  /**
   * The app's clock: a fixed Monday, 12:20 in San Francisco, running on with real time, so "today"
   * is the same date for the test and the app and still has slots left, whatever the hour it runs at.
   */
  const appNow = runningClockFrom('2026-11-23T20:20:00Z')

  beforeAll(async () => {
    t = await createTestApp({ now: appNow })
  })
  afterAll(() => t.close())

  it('answers encrypted slots of today that are never in the past nor within the lead time', async () => {
    const soma = await locationOf('olive-tree-soma')
    const today = zonedClock(appNow(), soma.timeZoneCd).date
    const response = await t.get(`/merchants/generate-reservation-slot/${soma.id}?guestCount=2&date=${today}`)
    expect(response.status).toBe(200)
    expect(response.text.startsWith('U2FsdGVkX1')).toBe(true)
    const body = response.body as { slots: { startsAt: string; available: boolean }[]; timeZone: string }
    expect(body.timeZone).toBe('America/Los_Angeles')
    expect(body.slots.length).toBeGreaterThan(0)
    for (const slot of body.slots) expect(new Date(slot.startsAt).getTime()).toBeGreaterThanOrEqual(appNow().getTime() + RESERVATION_LEAD_MINUTES * 60_000 - 5_000)
    const ahead = await t.get(`/merchants/generate-reservation-slot/${soma.id}?guestCount=2&date=${addDays(today, 2)}`)
    expect((ahead.body as { slots: { available: boolean }[] }).slots.length).toBeGreaterThan(10)
    expect((ahead.body as { slots: { available: boolean }[] }).slots.every((slot) => slot.available)).toBe(true)
    expect((await t.get(`/merchants/generate-reservation-slot/${soma.id}?guestCount=2&date=${addDays(today, -1)}`)).status).toBe(400)
    expect((await t.get(`/merchants/generate-reservation-slot/${soma.id}?guestCount=2&date=${addDays(today, 30)}`)).status).toBe(400)
    expect((await t.get(`/merchants/generate-reservation-slot/${soma.id}?guestCount=0&date=${today}`)).status).toBe(400)
  })

  it('reads "today" on each location\'s own calendar across a time-zone boundary', async () => {
    const bengaluru = await locationOf('spice-route-indiranagar')
    const sanFrancisco = await locationOf('olive-tree-soma')
    // 20:00 UTC on Tuesday 24 Nov: 12:00 in San Francisco, already 01:30 on Wednesday in Bengaluru.
    const now = new Date('2026-11-24T20:00:00Z')
    const sf = await listSlots(t.db, sanFrancisco.id, { guestCount: 2, date: '2026-11-24' }, now)
    expect(sf.slots[0]!.time).toBe('13:00')
    expect(sf.activeSessionEndTime).toBe('2026-11-24T22:30:00.000Z')
    expect(sf.isLastActiveSession).toBe(false)
    expect(sf.nextSession).toEqual({ name: 'Dinner', opensAt: '2026-11-25T01:00:00.000Z' })
    await expect(listSlots(t.db, bengaluru.id, { guestCount: 2, date: '2026-11-24' }, now)).rejects.toMatchObject({ status: 400 })
    const blr = await listSlots(t.db, bengaluru.id, { guestCount: 2, date: '2026-11-25' }, now)
    expect(blr.slots[0]).toMatchObject({ time: '12:00', startsAt: '2026-11-25T06:30:00.000Z', sessionName: 'Lunch' })
    expect(blr.activeSessionEndTime).toBeNull()
  })

  it('offers the after-midnight slots of a late session on the date it opened', async () => {
    const velvet = await locationOf('velvet-hour')
    await t.db.update(locations).set({ disabledServices: {} }).where(eq(locations.id, velvet.id))
    // Friday 27 Nov: Late night 17:00–02:00 in New York; last seating 01:00 on Saturday.
    const now = new Date('2026-11-24T20:00:00Z')
    const friday = await listSlots(t.db, velvet.id, { guestCount: 2, date: '2026-11-27' }, now)
    expect(friday.slots.at(-1)).toMatchObject({ time: '01:00', startsAt: '2026-11-28T06:00:00.000Z' })
    // A Saturday with an extra early session keeps its own slots apart from Friday's late ones.
    await t.db.insert(workingHours).values({ locationId: velvet.id, dayOfWeek: 6, sessionName: 'Brunch', opensAt: '11:00', closesAt: '14:00' })
    const saturday = await listSlots(t.db, velvet.id, { guestCount: 2, date: '2026-11-28' }, now)
    expect(saturday.slots[0]).toMatchObject({ time: '11:00', sessionName: 'Brunch' })
    expect(saturday.slots.some((slot) => slot.time === '01:00' && slot.startsAt === '2026-11-29T06:00:00.000Z')).toBe(true)
    expect(saturday.slots.some((slot) => slot.startsAt === '2026-11-28T06:00:00.000Z')).toBe(false)
  })
})
