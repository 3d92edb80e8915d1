import { eq, sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findMerchantRequest, type FindMerchantRequest, type FindMerchantResponse } from '@/shared/api/contracts/merchants'
import { isPgliteClient, type Database } from '../../db/client'
import * as schema from '../../db/schema'
import { locations, media, menuItems } from '../../db/schema'
import { encryptPayload } from '../../lib/cipher'
import { createTestApp, type TestApp } from '../../test/harness'
import { findRestaurants } from './find'
import { createSearchCache, type SearchCache, type SearchCacheOptions } from './search-cache'
import { byCodePoint } from './search'

let t: TestApp
/** The statements the app sends through drizzle: the route's cache shows as statements not sent. */
const statements: string[] = []
function counted(db: Database): Database {
  const logger = { logQuery: (query: string) => void statements.push(query) }
  const client = db.$client
  return (isPgliteClient(client) ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePostgres(client as never, { schema, logger })) as Database
}
beforeAll(async () => {
  // A still clock: the search's sweep of every version (every 5 s) never falls between two calls of a test.
  t = await createTestApp({ wrapDb: counted, now: () => new Date('2026-11-23T20:00:00Z') })
})
afterAll(() => t.close())

const parse = (request: FindMerchantRequest) => findMerchantRequest.parse({ size: 100, ...request })
/** The answer as the wire carries it: the same bytes, or not. */
const uncached = async (request: FindMerchantRequest, now: Date) => JSON.stringify(await findRestaurants(t.db, '/api', parse(request), now))
const cached = async (cache: SearchCache, request: FindMerchantRequest, now: Date) =>
  JSON.stringify(await findRestaurants(t.db, '/api', parse(request), now, cache))

/** `execute` answers rows on postgres-js and `{ rows }` on PGlite. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows)
const versionOf = async (slug: string) =>
  Number(rowsOf<{ v: number }>(await t.db.execute(sql`select search_version::float8 as v from locations where location_slug = ${slug}`))[0]!.v)

const INSTANTS = {
  'Monday noon in San Francisco': new Date('2026-11-23T20:00:00Z'),
  // The same minute as noon, next: the minute's status, computed once, must answer it as a fresh computation would.
  'half a minute past noon': new Date('2026-11-23T20:00:30Z'),
  'the last millisecond before that minute': new Date('2026-11-23T19:59:59.999Z'),
  'Tuesday 00:30 in New York, past midnight': new Date('2026-11-24T05:30:00Z'),
  'Tuesday 01:30 in New York': new Date('2026-11-24T06:30:00Z'),
  'Friday evening on the west coast, Saturday morning in Bengaluru': new Date('2026-11-28T02:00:00Z'),
  'Sunday, a closed day for the Saturday-only restaurant': new Date('2026-11-29T18:00:00Z'),
}

const REQUESTS: FindMerchantRequest[] = [
  {},
  { lat: 37.78, lng: -122.4 },
  { openNow: true },
  { openNow: true, lat: 37.78, lng: -122.4, page: 1, size: 2 },
  { query: 'pizza' },
  { query: 'buger' },
  { services: ['delivery'], minRating: 4 },
  { cityName: 'New York', openNow: true },
  { query: 'ol', suggest: true },
  { page: 2, size: 3 },
  // Points elsewhere: the distance order of the index against the query's.
  { lat: 40.73, lng: -73.99, size: 30 },
  { lat: 12.97, lng: 77.59, openNow: true },
  { lat: 0, lng: 0, services: ['pickup'] },
  { cityName: 'san-francisco', lat: 37.7817, lng: -122.4012, page: 0, size: 20 },
  { cityName: 'SAN FRANCISCO', merchantType: 'RESTAURANT', minRating: 4.2, services: ['reservations', 'waitlist'] },
  { cityName: '   ', page: 1, size: 5 },
]

describe('search from a cache', () => {
  it('answers the same bytes as the database for every request of the matrix at every instant: across midnight, a closed day, paging, filters, a point', async () => {
    const cache = createSearchCache(t.db, '/api')
    for (const pass of [1, 2]) {
      for (const [name, now] of Object.entries(INSTANTS)) {
        for (const request of REQUESTS) {
          expect(await cached(cache, request, now), `pass ${pass}, ${name}, ${JSON.stringify(request)}`).toBe(await uncached(request, now))
        }
      }
    }
    const { builds, hits, entries } = cache.stats()
    // Each seeded location was loaded once; every later result came from the cache.
    const [{ count }] = rowsOf<{ count: number }>(await t.db.execute(sql`select count(*)::int as count from locations where is_active`)) as [{ count: number }]
    expect(builds).toBe(count)
    expect(entries).toBe(count)
    expect(hits).toBeGreaterThan(builds * 10)
  })

  it('the open status is an overlay of the cached hours: a later minute, a closed day and past midnight load nothing again', async () => {
    const cache = createSearchCache(t.db, '/api')
    await cached(cache, { openNow: true }, INSTANTS['Monday noon in San Francisco'])
    const loaded = cache.stats().builds
    for (const now of Object.values(INSTANTS)) expect(await cached(cache, { openNow: true }, now)).toBe(await uncached({ openNow: true }, now))
    expect(cache.stats().builds).toBe(loaded)
  })

  it('a stock or menu change, or a menu version bump, leaves the search version alone', async () => {
    const before = await versionOf('olive-tree-soma')
    const [location] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.locationSlug, 'olive-tree-soma'))
    await t.db.update(menuItems).set({ stockQuantity: 0 }).where(eq(menuItems.locationId, location!.id))
    await t.db.update(menuItems).set({ stockQuantity: null }).where(eq(menuItems.locationId, location!.id))
    await t.db.update(menuItems).set({ priceMinor: sql`${menuItems.priceMinor} + 1` }).where(eq(menuItems.locationId, location!.id))
    await t.db.update(locations).set({ menuVersion: sql`${locations.menuVersion} + 1` }).where(eq(locations.id, location!.id))
    expect(await versionOf('olive-tree-soma')).toBe(before)
  })

  it('a change that bumps the menu version too (the currency) still bumps the search version; updated_at alone does not', async () => {
    const before = await versionOf('brew-lab')
    await t.db.update(locations).set({ updatedAt: new Date('2030-01-01T00:00:00Z') }).where(eq(locations.locationSlug, 'brew-lab'))
    expect(await versionOf('brew-lab')).toBe(before)
    const [{ currency }] = (await t.db.select({ currency: locations.currency }).from(locations).where(eq(locations.locationSlug, 'brew-lab'))) as [{ currency: string }]
    await t.db.update(locations).set({ currency: currency === 'USD' ? 'EUR' : 'USD' }).where(eq(locations.locationSlug, 'brew-lab'))
    expect(await versionOf('brew-lab')).toBe(before + 1)
    await t.db.update(locations).set({ currency }).where(eq(locations.locationSlug, 'brew-lab'))
  })

  it('an edit to what a result shows, made by another instance, is answered at once by every instance, and only the edited locations load again', async () => {
    // Two instances, each with its own cache; the edits go straight to the database, as another instance's would.
    const one = createSearchCache(t.db, '/api')
    const two = createSearchCache(t.db, '/api')
    const now = INSTANTS['Monday noon in San Francisco']
    const request: FindMerchantRequest = { lat: 37.78, lng: -122.4 }
    const openRequest: FindMerchantRequest = { openNow: true }
    for (const cache of [one, two]) {
      await cached(cache, request, now)
      await cached(cache, openRequest, now)
    }
    const slug = 'olive-tree-soma'
    const [olive] = await t.db.select({ id: locations.id, merchantId: locations.merchantId }).from(locations).where(eq(locations.locationSlug, slug))
    const branches = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from locations where merchant_id = ${olive!.merchantId}`))[0]!.n

    const edits: { name: string; reloads: number; edit: () => Promise<unknown>; shows: (body: FindMerchantResponse) => boolean }[] = [
      {
        name: 'the rating',
        reloads: 1,
        edit: () => t.db.update(locations).set({ ratingTenths: 31, ratingCount: 7 }).where(eq(locations.id, olive!.id)),
        shows: (body) => body.content.find((r) => r.locationSlug === slug)?.rating === 3.1,
      },
      {
        name: 'online ordering paused',
        reloads: 1,
        edit: () => t.db.update(locations).set({ disabledServices: { isOnlineOrder: true } }).where(eq(locations.id, olive!.id)),
        shows: (body) => !body.content.find((r) => r.locationSlug === slug)!.services.includes('pickup'),
      },
      {
        name: 'the delivery zone',
        reloads: 1,
        edit: () => t.db.update(locations).set({ deliveryKMRadius: 1 }).where(eq(locations.id, olive!.id)),
        shows: (body) => body.content.find((r) => r.locationSlug === slug)!.deliveryKMRadius === 1,
      },
      {
        name: 'the hours (closed all Monday)',
        reloads: 1,
        edit: () => t.db.execute(sql`delete from working_hours where location_id = ${olive!.id} and day_of_week = 1`),
        shows: (body) => !body.content.some((r) => r.locationSlug === slug),
      },
      {
        name: 'the cover',
        reloads: 1,
        edit: () => t.db.update(media).set({ altText: 'A new cover' }).where(sql`${media.locationId} = ${olive!.id} and ${media.entityType} = 'META'`),
        shows: (body) => body.content.find((r) => r.locationSlug === slug)?.cover?.altText === 'A new cover',
      },
      {
        name: "the merchant's name, on every branch",
        reloads: branches,
        edit: () => t.db.execute(sql`update merchants set name = 'Olive Grove' where id = ${olive!.merchantId}`),
        shows: (body) => body.content.filter((r) => r.merchantName === 'Olive Grove').length === branches,
      },
      {
        name: "the city's name",
        reloads: -1,
        edit: () => t.db.execute(sql`update cities set name = 'San Francisco Bay' where slug = 'san-francisco'`),
        shows: (body) => body.content.some((r) => r.city === 'San Francisco Bay'),
      },
    ]
    for (const { name, reloads, edit, shows } of edits) {
      const loadedBefore = [one.stats().builds, two.stats().builds]
      await edit()
      // Open now: for an edit that changes whether the restaurant is listed at all (the hours).
      const asked = name.startsWith('the hours') ? openRequest : request
      const expected = await uncached(asked, now)
      expect(shows(JSON.parse(expected) as FindMerchantResponse), `${name}: the edit shows in the database's answer`).toBe(true)
      for (const [index, cache] of [one, two].entries()) {
        expect(await cached(cache, asked, now), `${name}, instance ${index + 1}`).toBe(expected)
        // Reloaded: the edited locations, no more (an answer that never showed them loads none).
        if (reloads >= 0) expect(cache.stats().builds - loadedBefore[index]!, `${name}, instance ${index + 1}`).toBe(reloads)
        expect(await cached(cache, request, now)).toBe(await uncached(request, now))
      }
    }
  })

  it('the search route answers from its cache (fewer statements the second time) and sees an edit at once', async () => {
    const ask = async () => {
      statements.length = 0
      const body = (await t.postEncrypted('/customer/findMerchant/v2', { query: 'hanami' })).body as FindMerchantResponse
      return { body, sent: statements.length }
    }
    const first = await ask()
    expect(first.body.content[0]!.neighbourhood).not.toBe('Ginza West')
    const second = await ask()
    expect(second.body).toEqual(first.body)
    expect(second.sent).toBeLessThan(first.sent)
    await t.db.update(locations).set({ neighbourhood: 'Ginza West' }).where(eq(locations.locationSlug, 'hanami-sushi'))
    const edited = await ask()
    expect(edited.body.content[0]!.neighbourhood).toBe('Ginza West')
    expect(edited.sent).toBeGreaterThan(second.sent)
  })
})

/** Waits for what a notification brings (PostgreSQL delivers it a moment after the commit; PGlite before it returns). */
async function until(ok: () => boolean, what: string) {
  for (let waited = 0; waited < 3000; waited += 10) {
    if (ok()) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`waited 3 s for ${what}`)
}

/** A cache listening for changes, its statements counted, once it listens. */
async function listeningCache(options: SearchCacheOptions = {}) {
  const sent: string[] = []
  const client = t.db.$client
  const logger = { logQuery: (query: string) => void sent.push(query) }
  const db = (isPgliteClient(client) ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePostgres(client as never, { schema, logger })) as Database
  // A still clock unless the test brings its own: no sweep falls inside a slow test.
  const cache = createSearchCache(db, '/api', { listen: t.listen, clock: () => 0, ...options })
  await until(() => cache.stats().listening, 'the cache to listen')
  // The whole list loads in the background on the first search; here it is loaded before the test.
  await cache.warm()
  return { cache, sent }
}

const NO_WORDS = REQUESTS.filter((request) => !request.query)

describe('a LISTEN that could not start', () => {
  it('is tried again until it listens, and the index is then used (the database was away when the instance started)', async () => {
    const lines: unknown[][] = []
    let refusals = 0
    const listen: typeof t.listen = (channel, onNotify, onListen) => {
      if (refusals < 1) {
        refusals += 1
        return Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))
      }
      return t.listen(channel, onNotify, onListen)
    }
    const cache = createSearchCache(t.db, '/api', { listen, clock: () => 0, log: { error: (...args: unknown[]) => void lines.push(args) } })
    await until(() => lines.length > 0, 'the failure to be logged')
    expect(cache.stats().listening).toBe(false)
    expect(lines).toEqual([[expect.stringMatching(/^Search could not LISTEN .*; trying again in 1 s \(the database is unavailable: ECONNREFUSED/)]])
    // LISTEN_RETRY_MS later, it listens; a whole index is then loaded and kept.
    await until(() => cache.stats().listening, 'the cache to listen again')
    expect(await cache.warm()).toBe(true)
    expect(cache.stats().entries).toBeGreaterThan(0)
  })
})

describe('search from the index (listening)', () => {
  it('answers the same bytes as the database for every request without words at every instant, from memory after the first load', async () => {
    const { cache, sent } = await listeningCache()
    for (const pass of [1, 2]) {
      for (const [name, now] of Object.entries(INSTANTS)) {
        for (const request of REQUESTS) {
          sent.length = 0
          expect(await cached(cache, request, now), `pass ${pass}, ${name}, ${JSON.stringify(request)}`).toBe(await uncached(request, now))
          if (pass === 2 && !request.query) expect(sent, `pass 2, ${name}, ${JSON.stringify(request)}: no statement`).toEqual([])
        }
      }
    }
    const [{ count }] = rowsOf<{ count: number }>(await t.db.execute(sql`select count(*)::int as count from locations where is_active`)) as [{ count: number }]
    // Loaded once, whole: every active location, and nothing since.
    expect(cache.stats().entries).toBe(count)
    expect(cache.stats().builds).toBe(count)
  })

  it('sorts names in code-point order, as the query\'s "C" collation does on either database', async () => {
    const names = ['apple', 'Zest', 'Éclair', 'eclair', 'a b', 'a-b', 'a', '', 'ab\u{1F600}', 'ab\uFFFD', 'ß', 'Ω', '0', 'Ab']
    const ordered = rowsOf<{ x: string }>(await t.db.execute(sql`select x from (values ${sql.join(names.map((name) => sql`(${name}::text)`), sql`, `)}) as v(x) order by x collate "C"`)).map((row) => row.x)
    expect([...names].sort(byCodePoint)).toEqual(ordered)
    // UTF-16 order would put the emoji (a surrogate pair) before U+FFFD; code points put it after.
    expect(byCodePoint('ab\u{1F600}', 'ab\uFFFD')).toBe(1)
  })

  it('hears an edit, a closed restaurant, a new one and a renamed merchant: the next answer shows it, after loading only the notified locations', async () => {
    const { cache } = await listeningCache()
    const now = INSTANTS['Monday noon in San Francisco']
    for (const request of NO_WORDS) await cached(cache, request, now)
    const [brew] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'brew-lab'))
    const merchantName = rowsOf<{ name: string }>(await t.db.execute(sql`select name from merchants where id = ${brew!.merchantId}`))[0]!.name
    const copyId = '00000000-0000-4000-8000-00000000b1ab'
    const branches = async () => rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from locations where merchant_id = ${brew!.merchantId} and is_active`))[0]!.n
    // Loaded again: a number of locations, or every active branch of the merchant (-1).
    const edits: { name: string; reloads: number; edit: () => Promise<unknown> }[] = [
      { name: 'the rating', reloads: 1, edit: () => t.db.update(locations).set({ ratingTenths: 12 }).where(eq(locations.id, brew!.id)) },
      { name: 'closed (not active)', reloads: 0, edit: () => t.db.update(locations).set({ isActive: false }).where(eq(locations.id, brew!.id)) },
      { name: 'open again', reloads: 1, edit: () => t.db.update(locations).set({ isActive: true }).where(eq(locations.id, brew!.id)) },
      {
        name: 'a new restaurant',
        reloads: 1,
        edit: () => t.db.insert(locations).values({ ...brew!, id: copyId, locationSlug: 'brew-lab-annex', branchName: 'Annex', lat: brew!.lat + 0.001, searchVersion: 1 }),
      },
      // Lower case and an accent: code-point order, the same in the query and the index.
      { name: 'the merchant renamed', reloads: -1, edit: () => t.db.execute(sql`update merchants set name = 'éclair lab' where id = ${brew!.merchantId}`) },
      { name: 'the new restaurant deleted', reloads: 0, edit: () => t.db.delete(locations).where(eq(locations.id, copyId)) },
      { name: 'the merchant named back', reloads: -1, edit: () => t.db.execute(sql`update merchants set name = ${merchantName} where id = ${brew!.merchantId}`) },
    ]
    for (const { name, reloads, edit } of edits) {
      const before = cache.stats()
      const expected = reloads === -1 ? await branches() : reloads
      await edit()
      await until(() => cache.stats().notices > before.notices, `the notice of ${name}`)
      for (const request of NO_WORDS) expect(await cached(cache, request, now), `${name}: ${JSON.stringify(request)}`).toBe(await uncached(request, now))
      expect(cache.stats().builds - before.builds, `${name}: locations loaded again`).toBe(expected)
    }
  })

  it('the first search does not wait for the whole list: it asks the database while the list loads behind it', async () => {
    const sent: string[] = []
    const client = t.db.$client
    const logger = { logQuery: (query: string) => void sent.push(query) }
    const db = (isPgliteClient(client) ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePostgres(client as never, { schema, logger })) as Database
    const cache = createSearchCache(db, '/api', { listen: t.listen, clock: () => 0 })
    await until(() => cache.stats().listening, 'the cache to listen')
    const request: FindMerchantRequest = { lat: 37.78, lng: -122.4 }
    const now = INSTANTS['Monday noon in San Francisco']
    // Not yet: the list is loading, so this search's candidates come from the database's query.
    expect(await cache.candidates!(parse(request), request as never)).toBeUndefined()
    expect(await cached(cache, request, now)).toBe(await uncached(request, now))
    expect(await cache.warm()).toBe(true)
    expect(await cache.candidates!(parse(request), request as never)).toBeInstanceOf(Array)
    sent.length = 0
    expect(await cached(cache, request, now)).toBe(await uncached(request, now))
    expect(sent).toEqual([])
  })

  it('more active restaurants than it may hold: no index, every search asks the database, and says so once', async () => {
    const errors: unknown[][] = []
    const { cache, sent } = await listeningCache({ maxEntries: 3, log: { error: (...args: unknown[]) => void errors.push(args) } })
    const request: FindMerchantRequest = { cityName: 'san-francisco' }
    const now = INSTANTS['Monday noon in San Francisco']
    expect(await cache.warm()).toBe(false)
    for (const _ of [1, 2]) {
      expect(await cache.candidates!(parse(request), undefined)).toBeUndefined()
      expect(await cached(cache, request, now)).toBe(await uncached(request, now))
    }
    expect(sent.filter((statement) => statement.startsWith('select count(*)'))).toHaveLength(1)
    expect(errors).toHaveLength(1)
    expect(String(errors[0]![0])).toMatch(/^Search keeps no index: \d+ active restaurants are more than its 3; every search asks the database\.$/)
  })

  it('a notification lost (a dropped connection) is made good by the sweep of every version, within its interval', async () => {
    let clock = 1_000_000
    // Listens, but hears nothing after that.
    const deaf: SearchCacheOptions['listen'] = async (channel, _onNotify, onListen) => t.listen(channel, () => undefined, onListen)
    const { cache, sent } = await listeningCache({ listen: deaf, sweepMs: 5_000, clock: () => clock })
    const now = INSTANTS['Monday noon in San Francisco']
    const request: FindMerchantRequest = { cityName: 'san-francisco', lat: 37.78, lng: -122.4 }
    await cached(cache, request, now)
    await t.db.update(locations).set({ neighbourhood: 'Dogpatch North' }).where(eq(locations.locationSlug, 'olive-tree-soma'))
    const fresh = await uncached(request, now)
    expect(fresh).toContain('Dogpatch North')
    clock += 4_999
    sent.length = 0
    // Within the interval, the unheard edit is not seen (what the sweep is for), and nothing is asked.
    expect(await cached(cache, request, now)).not.toBe(fresh)
    expect(sent).toEqual([])
    clock += 1
    // Due: this search starts the sweep behind it (it does not wait); the edit shows a moment later.
    await cached(cache, request, now)
    expect(sent.some((statement) => statement.startsWith('select "id", "search_version" from "locations"'))).toBe(true)
    let answer = await cached(cache, request, now)
    for (let waited = 0; waited < 3000 && answer !== fresh; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      answer = await cached(cache, request, now)
    }
    expect(answer).toBe(fresh)
    expect(cache.stats().builds).toBe(cache.stats().entries + 1)
  })

  it('the search route keeps whole answers without words: the same request sends no statement, an edit shows in the next answer, and a 304 still answers a known tag', async () => {
    const request = { cityName: 'new-york', lat: 40.73, lng: -73.99, size: 10 }
    const ask = async () => {
      statements.length = 0
      const response = await t.postEncrypted('/customer/findMerchant/v2', request)
      return { body: response.body as FindMerchantResponse, sent: statements.length }
    }
    const first = await ask()
    expect(first.body.content.length).toBeGreaterThan(1)
    // The first search started loading the list in the background; once it is there, the same request sends nothing.
    let second = await ask()
    for (let waited = 0; waited < 3000 && second.sent > 0; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      second = await ask()
    }
    expect(second.body).toEqual(first.body)
    expect(second.sent).toBe(0)
    const slug = first.body.content[1]!.locationSlug
    const [row] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.locationSlug, slug))
    await t.db.update(locations).set({ neighbourhood: 'Hell\'s Kitchen West' }).where(eq(locations.id, row!.id))
    let edited = await ask()
    for (let waited = 0; waited < 3000 && edited.body.content[1]!.neighbourhood !== "Hell's Kitchen West"; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      edited = await ask()
    }
    expect(edited.body.content[1]!.neighbourhood).toBe("Hell's Kitchen West")
    const response = await t.app.request('/api/customer/findMerchant/v2', {
      method: 'POST',
      body: JSON.stringify({ data: encryptPayload(request, t.env.PAYLOAD_KEY) }),
      headers: { 'Content-Type': 'application/json' },
    })
    const etag = response.headers.get('ETag')!
    const again = await t.app.request('/api/customer/findMerchant/v2', {
      method: 'POST',
      body: JSON.stringify({ data: encryptPayload(request, t.env.PAYLOAD_KEY) }),
      headers: { 'Content-Type': 'application/json', 'If-None-Match': etag },
    })
    expect(again.status).toBe(304)
  })
})
