import { eq, sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findMerchantRequest, type FindMerchantRequest, type FindMerchantResponse } from '@/shared/api/contracts/merchants'
import type { Database } from '../../db/client'
import * as schema from '../../db/schema'
import { locations, media, menuItems } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { findRestaurants } from './find'
import { createSearchCache, type SearchCache } from './search-cache'

let t: TestApp
/** The statements the app sends through drizzle: the route's cache shows as statements not sent. */
const statements: string[] = []
function counted(db: Database): Database {
  const logger = { logQuery: (query: string) => void statements.push(query) }
  const client = db.$client
  return (client instanceof PGlite ? drizzlePglite(client, { schema, logger }) : drizzlePostgres(client as never, { schema, logger })) as Database
}
beforeAll(async () => {
  t = await createTestApp({ wrapDb: counted })
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
