import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OfferListing, OfferListResponse } from '@/shared/api/contracts/offers'
import type { OrderDetail, PlaceOrderRequest } from '@/shared/api/contracts/ordering'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { cities, locations, menuItems, offers } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestCustomer, type TestCustomer } from '../../test/signed-in-client'
import { listOffers } from './offer-list'

let t: TestApp
let asha: TestCustomer

beforeAll(async () => {
  t = await createTestApp()
  asha = await createTestCustomer(t, 'Asha', '+14155550701')
})
afterAll(() => t.close())

const locationOf = async (slug: string) => (await t.db.select().from(locations).where(eq(locations.locationSlug, slug)))[0]!
const list = (query: string, who?: TestCustomer) => callAs(t, who, 'GET', `/coupon/v2/offers?${query}`)
const codes = (body: unknown) => (body as OfferListResponse).offers.map((offer) => offer.code)
const byCode = (body: unknown, code: string) => (body as OfferListResponse).offers.find((offer) => offer.code === code) as OfferListing

describe('GET /coupon/v2/offers: the offers a diner can use', () => {
  it('in a city: the offers of every restaurant there and of its restaurants, never an expired one or another currency’s', async () => {
    const response = await list('citySlug=san-francisco')
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    expect(response.text).toMatch(/^U2FsdGVkX1/)
    const body = response.body as OfferListResponse
    expect(body.city).toEqual({ slug: 'san-francisco', name: 'San Francisco' })
    expect(codes(body).sort()).toEqual(['FREEDESSERT', 'WELCOME10'])
    const welcome = byCode(body, 'WELCOME10')
    // What it takes off, and its conditions.
    expect(welcome).toMatchObject({ kind: 'PERCENT', valueBp: 1_000, minOrderAmount: 1_500, maxDiscount: 500, currency: 'USD', usesPerDiner: 3, usesLeft: null })
    const sfRestaurants = await t.db
      .select({ slug: locations.locationSlug, onlineOrder: locations.onlineOrder })
      .from(locations)
      .innerJoin(cities, eq(cities.id, locations.cityId))
      .where(and(eq(cities.slug, 'san-francisco'), eq(locations.isActive, true)))
    expect(welcome.locations.map((location) => location.locationSlug).sort()).toEqual(
      sfRestaurants
        .filter((row) => row.onlineOrder)
        .map((row) => row.slug)
        .sort(),
    )
    expect(welcome.locations.every((location) => location.city === 'San Francisco')).toBe(true)
    const dessert = byCode(body, 'FREEDESSERT')
    expect(dessert).toMatchObject({ kind: 'ITEM', item: { name: 'Tiramisu' }, minOrderAmount: 3_000 })
    expect(dessert.locations.map((location) => location.locationSlug)).toEqual(['olive-tree-soma'])
    expect(dessert.campaign).toMatchObject({ title: 'Winter at the Olive Tree' })
  })

  it('at one restaurant: its own offers and those of every restaurant of its currency', async () => {
    const spice = await locationOf('spice-route-indiranagar')
    const response = await list(`locationId=${spice.id}`)
    expect(response.status).toBe(200)
    expect(codes(response.body)).toEqual(['SPICE50'])
    expect(byCode(response.body, 'SPICE50')).toMatchObject({ kind: 'FLAT', valueMinor: 5_000, currency: 'INR', locations: [{ locationSlug: 'spice-route-indiranagar' }] })
    const empire = await locationOf('empire-burger')
    expect(codes((await list(`locationId=${empire.id}`)).body)).toEqual(['WELCOME10'])
  })

  it('tells a signed-in diner how many uses they have left, and lists a used-up offer last', async () => {
    await t.db.insert(offers).values({ code: 'TWICE', currency: 'USD', title: '$1 off twice', kind: 'FLAT', valueMinor: 100, perCustomerLimit: 1, startsAt: new Date('2024-01-01T00:00:00Z') })
    const empire = await locationOf('empire-burger')
    const before = await list(`locationId=${empire.id}`, asha)
    expect(byCode(before.body, 'TWICE').usesLeft).toBe(1)
    expect(byCode(before.body, 'WELCOME10').usesLeft).toBe(3)
    const [patty] = await t.db.select().from(menuItems).where(and(eq(menuItems.locationId, empire.id), eq(menuItems.name, 'Patty Melt')))
    const order: PlaceOrderRequest = { locationId: empire.id, orderTypeCode: 'pickup', items: [{ itemId: patty!.id, quantity: 2 }], tip: { tipType: 'NONE', value: 0 }, couponCode: 'TWICE' }
    const placed = await callAs(t, asha, 'POST', '/order/customer/createOrder', { data: encryptPayload(order, t.env.PAYLOAD_KEY) })
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    expect((placed.body as OrderDetail).discount).toBe(100)
    const after = await list(`locationId=${empire.id}`, asha)
    expect(byCode(after.body, 'TWICE').usesLeft).toBe(0)
    expect(codes(after.body).at(-1)).toBe('TWICE')
    // Somebody else, and nobody, are told nothing of Asha's uses.
    expect(byCode((await list(`locationId=${empire.id}`)).body, 'TWICE').usesLeft).toBeNull()
  })

  it('lists an offer only between its start and its expiry (time injected)', async () => {
    const now = new Date('2030-06-01T12:00:00Z')
    await t.db.insert(offers).values([
      { code: 'LATER', currency: 'USD', title: 'Not yet', kind: 'FLAT', valueMinor: 100, startsAt: new Date('2030-06-02T00:00:00Z') },
      { code: 'ENDING', currency: 'USD', title: 'Ends soon', kind: 'FLAT', valueMinor: 100, startsAt: new Date('2030-01-01T00:00:00Z'), expiresAt: new Date('2030-06-01T12:00:01Z') },
      { code: 'PAUSED', currency: 'USD', title: 'Switched off', kind: 'FLAT', valueMinor: 100, startsAt: new Date('2030-01-01T00:00:00Z'), isActive: false },
    ])
    const query = { citySlug: 'new-york', locationId: undefined }
    const atNow = (await listOffers(t.db, query, undefined, now)).offers.map((offer) => offer.code)
    expect(atNow).toContain('ENDING')
    expect(atNow).not.toContain('LATER')
    expect(atNow).not.toContain('PAUSED')
    // The one ending soonest comes first.
    expect(atNow[0]).toBe('ENDING')
    const aSecondLater = (await listOffers(t.db, query, undefined, new Date(now.getTime() + 1_000))).offers.map((offer) => offer.code)
    expect(aSecondLater).not.toContain('ENDING')
    expect((await listOffers(t.db, query, undefined, new Date('2030-06-02T00:00:00Z'))).offers.map((offer) => offer.code)).toContain('LATER')
  })

  it('offers nothing at a restaurant that takes no online orders, and hides an unlisted one', async () => {
    const soma = await locationOf('olive-tree-soma')
    await t.db.update(locations).set({ disabledServices: { isOnlineOrder: true } }).where(eq(locations.id, soma.id))
    expect(codes((await list(`locationId=${soma.id}`)).body)).toEqual([])
    expect(codes((await list('citySlug=san-francisco')).body)).not.toContain('FREEDESSERT')
    await t.db.update(locations).set({ disabledServices: soma.disabledServices, isActive: false }).where(eq(locations.id, soma.id))
    const hidden = await list(`locationId=${soma.id}`)
    expect(hidden.status).toBe(404)
    expect(hidden.body).toMatchObject({ status: 404, code: 'not_found' })
    await t.db.update(locations).set({ isActive: true }).where(eq(locations.id, soma.id))
    expect(codes((await list(`locationId=${soma.id}`)).body)).toContain('FREEDESSERT')
  })

  it('refuses a request without a city or restaurant, a malformed one, and an unknown city, with their codes', async () => {
    const none = await list('')
    expect(none.status).toBe(400)
    expect(none.body).toMatchObject({ status: 400, code: 'invalid_request', message: 'Invalid request: citySlug or locationId is required.' })
    expect((await list('locationId=nope')).body).toMatchObject({ status: 400, code: 'invalid_request' })
    expect((await list('citySlug=..%2F..')).body).toMatchObject({ status: 400, code: 'invalid_request' })
    expect((await list('citySlug=atlantis')).body).toMatchObject({ status: 404, code: 'not_found', message: 'The city was not found.' })
    expect(t.errors).toEqual([])
  })
})
