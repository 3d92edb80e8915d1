import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locations, reservations } from '../db/schema'
import { STREAM_PATHS } from '../app'
import { createStreamGate, STREAM_LIMITS } from '../lib/stream-gate'
import { createTestCustomer, type TestCustomer } from './signed-in-client'
import type { ReservationEvent } from '@/shared/api/contracts/reservations'
import { countingDatabase } from './failing-database'
import { sseEvents } from './sse'
import { createTestApp, type TestApp } from './harness'

let clock = 1_000_000
const gate = createStreamGate({ now: () => clock })
const database = countingDatabase()
let t: TestApp
let alice: TestCustomer
let mine: string
let strangers: string
beforeAll(async () => {
  // Behind one proxy: the client is the last X-Forwarded-For hop, so the test can be several clients.
  t = await createTestApp({ streamGate: gate, wrapDb: database.wrap, env: { TRUST_PROXY: '1' } })
  alice = await createTestCustomer(t, 'Alice', '+14155550611')
  const bob = await createTestCustomer(t, 'Bob', '+14155550612')
  const [empire] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'empire-burger'))
  const checkIn = async (who: TestCustomer, phone: string) =>
    (await t.db.insert(reservations).values({ locationId: empire!.id, customerId: who.id, kind: 'CHECKIN', fullName: 'Diner', phone, adults: 2 }).returning())[0]!.id
  mine = await checkIn(alice, '+14155550611')
  strangers = await checkIn(bob, '+14155550612')
})
afterAll(() => t.close())

const open = (path: string, client: string, token = alice.token) =>
  t.app.request(`/api${path}`, { headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': client } })
const reservationEvents = (id: string) => `/customer/reservations/${id}/events`

describe('live streams are capped per client: 429 too_many_streams with Retry-After, decided before any database read', () => {
  it('finds every stream route of the app behind the gate', () => {
    const streamRoutes = t.app.routes.filter((route) => route.method === 'GET' && route.path.endsWith('/events')).map((route) => route.path)
    expect(new Set(streamRoutes)).toEqual(new Set(STREAM_PATHS.map((path) => `/api${path}`)))
  })

  it(`one client holds at most ${STREAM_LIMITS.open} open streams; the next is refused without reading the database, on every stream route; another client is not affected; a closed stream gives its place back`, async () => {
    const client = '203.0.113.7'
    const streams: ReturnType<typeof sseEvents<ReservationEvent>>[] = []
    for (let index = 0; index < STREAM_LIMITS.open; index++) {
      const response = await open(reservationEvents(mine), client)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/event-stream')
      const events = sseEvents<ReservationEvent>(response, 'reservation')
      // Each stream has read its reservation once: from here on only the refusals could read.
      expect((await events.next())?.reservation.reservationId).toBe(mine)
      streams.push(events)
    }
    expect(gate.openStreams(client)).toBe(STREAM_LIMITS.open)

    const reads = database.uses()
    for (const path of [reservationEvents(mine), `/order/${mine}/tracking/events`]) {
      const refused = await open(path, client)
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('30')
      expect(await refused.json()).toMatchObject({ status: 429, code: 'too_many_streams' })
    }
    expect(database.uses(), 'the refusals read the database').toBe(reads)

    const other = await open(reservationEvents(mine), '198.51.100.2')
    expect(other.status).toBe(200)
    await other.body!.cancel()

    for (const stream of streams.splice(0, 5)) await stream.cancel()
    await expect.poll(() => gate.openStreams(client)).toBe(STREAM_LIMITS.open - 5)
    const again = await open(reservationEvents(mine), client)
    expect(again.status).toBe(200)
    streams.push(sseEvents<ReservationEvent>(again, 'reservation'))

    for (const stream of streams) await stream.cancel()
    await expect.poll(() => gate.openStreams()).toBe(0)
    expect(t.errors).toEqual([])
  })

  it(`one client opens at most ${STREAM_LIMITS.opensPerMinute} streams a minute, refused ones (404) included, which give their place back at once; Retry-After counts to the end of the minute`, async () => {
    clock += 120_000
    const client = '192.0.2.55'
    for (let index = 0; index < STREAM_LIMITS.opensPerMinute; index++) {
      const response = await open(reservationEvents(strangers), client)
      expect(response.status).toBe(404)
      clock += 100
    }
    expect(gate.openStreams(client)).toBe(0)
    const refused = await open(reservationEvents(mine), client)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ code: 'too_many_streams' })
    expect(Number(refused.headers.get('retry-after'))).toBe(54)
    clock += 54_000
    const later = await open(reservationEvents(strangers), client)
    expect(later.status).toBe(404)
    expect(t.errors).toEqual([])
  })

  it('a flood of 2,000 stream opens at once from one client: 20 streams, 1,980 refusals, and /api/health answers meanwhile', async () => {
    clock += 120_000
    const client = '203.0.113.99'
    const started = Date.now()
    const flood = Array.from({ length: 2000 }, () => open(reservationEvents(mine), client))
    const healthStarted = Date.now()
    const health = await t.app.request('/api/health')
    const healthMs = Date.now() - healthStarted
    const answers = await Promise.all(flood)
    const floodMs = Date.now() - started
    const statuses = answers.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(STREAM_LIMITS.open)
    expect(statuses.filter((status) => status === 429)).toHaveLength(2000 - STREAM_LIMITS.open)
    expect(health.status).toBe(200)
    console.info(`stream flood: 2,000 opens answered in ${floodMs} ms; /api/health meanwhile ${healthMs} ms`)
    await Promise.all(answers.map((response) => response.body?.cancel()))
    await expect.poll(() => gate.openStreams()).toBe(0)
  })

  it('forgets clients gone for a minute, so the counts do not grow with every address ever seen', () => {
    let now = 0
    const small = createStreamGate({ open: 1, opensPerMinute: 2, now: () => now })
    for (let index = 0; index < 1000; index++) {
      const slot = small.admit(`10.0.${index >> 8}.${index & 255}`)
      if ('release' in slot) slot.release()
    }
    expect(small.openStreams()).toBe(0)
    now += 61_000
    const slot = small.admit('10.9.9.9')
    expect('release' in slot).toBe(true)
    expect(small.admit('10.9.9.9')).toMatchObject({ reason: 'open', retryAfterSeconds: 30 })
  })
})
