import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  findMerchantRequest,
  SEARCH_SERVICES,
  type FindMerchantRequest,
  type FindMerchantResponse,
} from '@/shared/api/contracts/merchants'
import type { DistanceResponse } from '@/shared/api/contracts/orders'
import { createTestApp, type TestApp } from '../../test/harness'
import { findRestaurants } from './find'
import { servicesOf } from './search'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const search = async (request: FindMerchantRequest) => {
  const response = await t.postEncrypted('/customer/findMerchant/v2', { size: 100, ...request })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body as FindMerchantResponse
}
const slugs = (body: FindMerchantResponse) => body.content.map((r) => r.locationSlug)

/** `execute` answers rows on postgres-js and `{ rows }` on PGlite. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows)

/** The service itself, with the instant the test chooses. */
const searchAt = (request: FindMerchantRequest, now: Date) =>
  findRestaurants(t.db, '/api', findMerchantRequest.parse({ size: 100, ...request }), now)

describe('restaurant search by words', () => {
  it('finds restaurants by brand, neighbourhood, cuisine and dish name, ignoring case and accents', async () => {
    expect(slugs(await search({ query: 'OLIVE TREE' }))).toEqual(['olive-tree-hayes-valley', 'olive-tree-soma', 'olive-tree-west-village'])
    expect(slugs(await search({ query: 'hayes' }))).toEqual(['olive-tree-hayes-valley'])
    expect(slugs(await search({ query: 'koramangala' }))).toEqual(['spice-route-koramangala'])
    // "Café" is a cuisine of both cafés; typed without its accent.
    expect(slugs(await search({ query: 'cafe' }))).toEqual(['brew-lab', 'kaapi-katte'])
    // A dish only Empire Burger has, typed without its accent.
    expect(slugs(await search({ query: 'jalapeno popper' }))).toEqual(['empire-burger'])
  })

  it('matches a dish name anywhere in a word and says which dishes matched', async () => {
    const dosa = await search({ query: 'dosa' })
    expect(slugs(dosa)).toEqual(['udupi-leaf'])
    const names = dosa.content[0]!.matchedDishes.map((d) => d.name)
    expect(names.length).toBeGreaterThan(0)
    expect(names.length).toBeLessThanOrEqual(3)
    expect(names.every((name) => /dosa/i.test(name))).toBe(true)
    expect(dosa.content[0]!.matchedDishes[0]).toMatchObject({ slug: expect.any(String), menuType: expect.stringMatching(/^(pickup|delivery|dinein)$/) })
    // "argher" is inside "Margherita": the three Olive Trees have it, nothing else does.
    expect(slugs(await search({ query: 'argher' }))).toEqual(['olive-tree-hayes-valley', 'olive-tree-soma', 'olive-tree-west-village'])
    // A restaurant found by its own name lists no dishes.
    expect((await search({ query: 'hayes' })).content[0]!.matchedDishes).toEqual([])
  })

  it('needs every word to match: "olive soma" is one branch, "olive dosa" is none', async () => {
    expect(slugs(await search({ query: 'olive soma' }))).toEqual(['olive-tree-soma'])
    expect(slugs(await search({ query: 'olive   tree  village' }))).toEqual(['olive-tree-west-village'])
    const none = await search({ query: 'olive dosa' })
    expect(none.content).toEqual([])
    expect(none.totalElements).toBe(0)
  })

  it('never finds a restaurant by a hidden or staff-only dish', async () => {
    const word = 'zzquokkaroll'
    await t.db.execute(sql`update menu_items set name = ${`Secret ${word}`}, display = 0 where id = (select id from menu_items where location_id = (select id from locations where location_slug = 'hanami-sushi') order by name limit 1)`)
    expect((await search({ query: word })).totalElements).toBe(0)
    await t.db.execute(sql`update menu_items set display = 1, visible_to = '["S"]'::jsonb where name = ${`Secret ${word}`}`)
    expect((await search({ query: word })).totalElements).toBe(0)
    await t.db.execute(sql`update menu_items set visible_to = '["C","S"]'::jsonb where name = ${`Secret ${word}`}`)
    expect(slugs(await search({ query: word }))).toEqual(['hanami-sushi'])
  })

  it('finds what a diner types for the seeded favourites: burger, sushi, Olive Tree, tikka', async () => {
    expect(slugs(await search({ query: 'burger' }))).toEqual(['empire-burger'])
    expect(slugs(await search({ query: 'sushi' }))).toEqual(['hanami-sushi'])
    expect(slugs(await search({ query: 'Olive Tree' }))).toHaveLength(3)
    expect(slugs(await search({ query: 'tikka' }))).toEqual(['spice-route-indiranagar', 'spice-route-koramangala'])
    for (const body of [await search({ query: 'burger' }), await search({ query: 'tikka' })]) expect(body.closeMatches).toBeUndefined()
  })

  it('finds the singular by the plural: "burgers" lists burger dishes, "margheritas" the pizza', async () => {
    const burgers = await search({ query: 'burgers' })
    expect(slugs(burgers)).toEqual(['empire-burger'])
    expect(burgers.content[0]!.matchedDishes.map((d) => d.name)).toEqual(expect.arrayContaining([expect.stringMatching(/Burger$/)]))
    expect(slugs(await search({ query: 'margheritas' }))).toHaveLength(3)
  })

  it('tolerates a misspelling when nothing matches as typed, and says the matches are close ones', async () => {
    const buger = await search({ query: 'buger' })
    expect(slugs(buger)[0]).toBe('empire-burger') // the closest first
    expect(buger.closeMatches).toBe(true)
    expect(slugs(await search({ query: 'sushy' }))[0]).toBe('hanami-sushi')
    expect(slugs(await search({ query: 'tika' })).slice(0, 2).sort()).toEqual(['spice-route-indiranagar', 'spice-route-koramangala'])
    // Only the misspelt word is loosened: "soma" still has to match as typed.
    expect(slugs(await search({ query: 'olve soma' }))).toEqual(['olive-tree-soma'])
    // Close, not anything: a word near nothing still finds nothing.
    const none = await search({ query: 'xylophone' })
    expect(none.totalElements).toBe(0)
    expect(none.closeMatches).toBe(true)
  })

  it('treats % and _ in a query as letters, not as patterns', async () => {
    expect((await search({ query: '%' })).totalElements).toBe(0)
    expect((await search({ query: '_' })).totalElements).toBe(0)
  })

  it('finds dishes through the trigram index, so it stays fast with thousands of dishes', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      return rowsOf<Record<string, string>>(await tx.execute(sql`explain select location_id from menu_items where name_folded like '%margher%'`))
        .map((row) => Object.values(row)[0])
        .join('\n')
    })
    expect(plan).toContain('menu_items_name_search_idx')
  })

  it('folds accents in SQL exactly as in JavaScript, for every accented Latin-1 and Latin Extended-A letter', async () => {
    let letters = ''
    for (let code = 0xc0; code <= 0x17f; code++) letters += String.fromCharCode(code)
    const rows = rowsOf<{ folded: string }>(await t.db.execute(sql`select search_fold(${letters}) as folded`))
    const js = [...letters].map((letter) => {
      const plain = letter.toLowerCase().normalize('NFD').replace(/\p{M}+/gu, '')
      return plain.length === 1 ? plain : letter.toLowerCase()
    })
    const folded = [...rows[0]!.folded]
    const differing = js.flatMap((expected, i) => (expected === folded[i] || !/^[a-z]$/.test(expected) ? [] : [`${[...letters][i]}→${folded[i]} (js ${expected})`]))
    expect(differing).toEqual([])
  })
})

describe('search filters', () => {
  it('keeps only the restaurants that offer a service, the same rule the cards use', async () => {
    const everyone = await search({})
    for (const service of SEARCH_SERVICES) {
      const offering = everyone.content.filter((r) => r.services.includes(service)).map((r) => r.locationSlug)
      expect(slugs(await search({ services: [service] })), service).toEqual(offering)
    }
    expect(slugs(await search({ services: ['delivery'], cityName: 'san-francisco' }))).toEqual(['brew-lab', 'olive-tree-soma'])
    // Every service asked for must be offered.
    const both = await search({ services: ['delivery', 'reservations'] })
    expect(both.content.every((r) => r.services.includes('delivery') && r.services.includes('reservations'))).toBe(true)
    expect(slugs(both)).not.toContain('brew-lab') // delivers, takes no reservations
    expect(slugs(both)).toContain('olive-tree-soma')
  })

  it('says what each seeded restaurant offers, from its order types and switches', async () => {
    const offers = Object.fromEntries((await search({})).content.map((r) => [r.locationSlug, r.services]))
    expect(offers['el-camino-tacos']).toEqual(['pickup'])
    expect(offers['olive-tree-hayes-valley']).toEqual(['pickup', 'dinein', 'reservations', 'waitlist'])
    expect(offers['velvet-hour']).toEqual(['dinein', 'waitlist'])
    expect(offers['olive-tree-soma']).toEqual([...SEARCH_SERVICES])
    const row = { onlineOrder: true, disabledServices: { isOnlineOrder: true }, deliveryKMRadius: 5, dining: false, onlineCheckin: false } as never
    expect(servicesOf(row, [{ typeGroup: 'P' }, { typeGroup: 'L' }])).toEqual([])
  })

  it('keeps restaurants rated at least the minimum, the minimum included', async () => {
    const rated = await search({ minRating: 4.6 })
    expect(rated.content.length).toBeGreaterThan(0)
    expect(rated.content.every((r) => r.rating >= 4.6)).toBe(true)
    expect(slugs(rated)).toContain('olive-tree-soma') // exactly 4.6
    expect(slugs(rated)).not.toContain('olive-tree-west-village') // 4.5
  })

  it('open now: a Monday lunchtime in San Francisco keeps Brew Lab and Olive Tree SoMa, not Hayes Valley (closed Mondays)', async () => {
    const mondayNoon = new Date('2026-11-23T20:00:00Z') // 12:00 in San Francisco
    const open = await searchAt({ cityName: 'san-francisco', openNow: true }, mondayNoon)
    expect(open.content.map((r) => r.locationSlug)).toEqual(['brew-lab', 'olive-tree-soma'])
    expect(open.totalElements).toBe(2)
    expect(open.content.every((r) => r.open === 1)).toBe(true)
    const all = await searchAt({ cityName: 'san-francisco' }, mondayNoon)
    expect(all.content.filter((r) => r.open === 1).map((r) => r.locationSlug)).toEqual(['brew-lab', 'olive-tree-soma'])
  })

  it('open now counts a session past midnight: at 00:30 on a Tuesday in New York the Velvet Hour (until 01:00) and the 24-hour diner are open', async () => {
    const tuesdayHalfPastMidnight = new Date('2026-11-24T05:30:00Z')
    const open = await searchAt({ cityName: 'New York', openNow: true }, tuesdayHalfPastMidnight)
    expect(open.content.map((r) => r.locationSlug)).toEqual(['empire-burger', 'velvet-hour'])
    const later = await searchAt({ cityName: 'New York', openNow: true }, new Date('2026-11-24T06:30:00Z'))
    expect(later.content.map((r) => r.locationSlug)).toEqual(['empire-burger'])
  })

  it('open now is counted and paged after the filter: pages join up to the whole list', async () => {
    const saturdayEvening = new Date('2026-11-28T02:00:00Z') // Friday 18:00 on the US west coast, Saturday morning in Bengaluru
    const whole = await searchAt({ openNow: true, lat: 37.78, lng: -122.4 }, saturdayEvening)
    const pages = await Promise.all([0, 1, 2, 3].map((page) => searchAt({ openNow: true, lat: 37.78, lng: -122.4, page, size: 2 }, saturdayEvening)))
    expect(pages.flatMap((p) => p.content.map((r) => r.locationSlug))).toEqual(whole.content.map((r) => r.locationSlug))
    expect(pages.every((p) => p.totalElements === whole.totalElements)).toBe(true)
    expect(whole.content.every((r) => r.open === 1)).toBe(true)
  })

  it('every restaurant the API answers with openNow says it is open, and every one it leaves out is closed', async () => {
    // A fixed moment with restaurants on both sides (noon on a Monday in San Francisco, 3 PM in New
    // York, the small hours in Bengaluru), not the hour the test happens to run at.
    const now = new Date('2026-11-23T20:00:00Z')
    const open = new Set((await searchAt({ openNow: true }, now)).content.map((r) => r.id))
    const all = (await searchAt({}, now)).content
    expect(open.size).toBeGreaterThan(0)
    expect(all.length).toBeGreaterThan(open.size)
    expect(all.filter((r) => r.open === 1).map((r) => r.id).sort()).toEqual([...open].sort())
  })

  it('combines words, city, services, rating and open now', async () => {
    const mondayNoon = new Date('2026-11-23T20:00:00Z')
    const found = await searchAt({ query: 'pizza', cityName: 'san-francisco', services: ['delivery'], minRating: 4.5, openNow: true }, mondayNoon)
    expect(found.content.map((r) => r.locationSlug)).toEqual(['olive-tree-soma'])
  })

  it('refuses an unknown service and a rating above 5, naming the field', async () => {
    const service = await t.postEncrypted('/customer/findMerchant/v2', { services: ['teleport'] })
    expect(service.status).toBe(400)
    expect(service.body).toMatchObject({ status: 400, code: 'invalid_request', message: expect.stringMatching(/services/) })
    const rating = await t.postEncrypted('/customer/findMerchant/v2', { minRating: 6, openNow: 'yes' })
    expect(rating.status).toBe(400)
    expect(rating.body).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/minRating/) })
    expect((rating.body as { message: string }).message).toMatch(/openNow/)
  })
})

describe('search suggestions', () => {
  it('suggests restaurants by name with their neighbourhoods, so three Olive Trees are told apart', async () => {
    const { suggestions } = await search({ query: 'oli', suggest: true, size: 1 })
    expect(suggestions!.restaurants.map((r) => `${r.merchantName} · ${r.neighbourhood}`)).toEqual([
      'Olive Tree · Hayes Valley',
      'Olive Tree · SoMa',
      'Olive Tree · West Village',
    ])
  })

  it('suggests cuisines with how many restaurants serve them', async () => {
    const { suggestions } = await search({ query: 'indian', suggest: true })
    const names = suggestions!.cuisines.map((c) => c.name)
    expect(names).toEqual(expect.arrayContaining(['North Indian', 'South Indian']))
    expect(suggestions!.cuisines.find((c) => c.name === 'North Indian')!.count).toBe(2)
  })

  it('suggests dishes with the restaurant and the menu to open them in', async () => {
    const { suggestions } = await search({ query: 'marg', suggest: true })
    const dishes = suggestions!.dishes
    expect(dishes.length).toBeGreaterThan(0)
    expect(dishes[0]).toMatchObject({ name: 'Margherita', slug: expect.any(String), restaurant: { merchantName: 'Olive Tree', merchantType: 'restaurant' } })
    // Delivery is the app's default menu; Hayes Valley does not deliver, so its Margherita opens another menu.
    const bySlug = Object.fromEntries(dishes.map((d) => [d.restaurant.locationSlug, d.menuType]))
    expect(bySlug['olive-tree-soma']).toBe('delivery')
    expect(bySlug['olive-tree-hayes-valley']).toBe('pickup')
    expect((await search({ query: 'marg' })).suggestions).toBeUndefined()
  })

  it('suggests only what the filters let through', async () => {
    const { suggestions } = await search({ query: 'olive', services: ['delivery'], suggest: true })
    expect(suggestions!.restaurants.map((r) => r.locationSlug)).not.toContain('olive-tree-hayes-valley')
    expect(suggestions!.dishes.every((d) => d.restaurant.locationSlug !== 'olive-tree-hayes-valley')).toBe(true)
    const pickup = await search({ query: 'margherita', services: ['pickup'], suggest: true })
    expect(pickup.suggestions!.dishes.every((d) => d.menuType === 'pickup')).toBe(true)
  })
})

describe('what a card needs', () => {
  it('gives each branch of a chain its own neighbourhood', async () => {
    const all = (await search({})).content
    const byBrand = new Map<string, typeof all>()
    for (const r of all) byBrand.set(r.merchantId, [...(byBrand.get(r.merchantId) ?? []), r])
    for (const branches of byBrand.values()) {
      if (branches.length < 2) continue
      const hoods = branches.map((b) => b.neighbourhood)
      expect(hoods.every(Boolean), branches[0]!.merchantName).toBe(true)
      expect(new Set(hoods).size, branches[0]!.merchantName).toBe(branches.length)
    }
  })

  it('quotes the delivery fee checkout would charge for the same point, "from" the first kilometre without one, and none for pickup-only places', async () => {
    const point = { lat: 37.7817, lng: -122.4012 }
    const near = await search({ ...point, services: ['delivery'] })
    const soma = near.content.find((r) => r.locationSlug === 'olive-tree-soma')!
    const quote = (await t.postEncrypted('/order/getDistance/v2', { locationId: soma.id, ...point })).body as DistanceResponse
    expect(soma.deliveryFee).toBe(quote.deliveryFee)
    expect(soma.deliveryFee).toBeGreaterThan(0)

    const anywhere = await search({})
    const bySlug = Object.fromEntries(anywhere.content.map((r) => [r.locationSlug, r]))
    expect(bySlug['olive-tree-soma']!.deliveryFee).toBe(299 + 100)
    expect(bySlug['el-camino-tacos']!.deliveryFee).toBeNull()
    expect(bySlug['olive-tree-hayes-valley']!.deliveryFee).toBeNull()

    const farAway = await search({ lat: 37.5, lng: -122.2, services: ['delivery'] })
    expect(farAway.content.find((r) => r.locationSlug === 'olive-tree-soma')!.deliveryFee).toBeNull()
  })
})
