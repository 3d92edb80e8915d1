import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openingStatus } from '@/shared/lib/hours'
import type { DatabaseHandle } from '../client'
import { openTestDatabase } from '../../test/harness'
import { eq } from 'drizzle-orm'
import {
  campaignOffers,
  campaigns,
  cities,
  diningTables,
  eventItems,
  events,
  locations,
  media,
  menuCategories,
  menuItems,
  menuSubCategories,
  merchants,
  modifierOptions,
  modifiers,
  orderTypes,
  shortLinks,
  workingHours,
} from '../schema'
import { isDatabaseEmpty, seedDemoData } from './index'

type Rows<T extends { $inferSelect: unknown }> = T['$inferSelect'][]

let handle: DatabaseHandle
let dispose: () => Promise<void>
let emptyBefore: boolean
let emptyAfter: boolean
let seeded: { locations: number; items: number }
const data = {} as {
  cities: Rows<typeof cities>
  merchants: Rows<typeof merchants>
  locations: Rows<typeof locations>
  media: Pick<Rows<typeof media>[number], 'id' | 'merchantId' | 'locationId' | 'entityType' | 'mimeType' | 'altText' | 'body'>[]
  workingHours: Rows<typeof workingHours>
  orderTypes: Rows<typeof orderTypes>
  categories: Rows<typeof menuCategories>
  subCategories: Rows<typeof menuSubCategories>
  items: Rows<typeof menuItems>
  modifiers: Rows<typeof modifiers>
  options: Rows<typeof modifierOptions>
  tables: Rows<typeof diningTables>
  shortLinks: Rows<typeof shortLinks>
}

const byLocation = <T extends { locationId: string }>(rows: T[], locationId: string) => rows.filter((row) => row.locationId === locationId)
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

beforeAll(async () => {
  const opened = await openTestDatabase()
  handle = opened.handle
  dispose = opened.dispose
  await handle.migrate()
  emptyBefore = await isDatabaseEmpty(handle.db)
  seeded = await seedDemoData(handle.db)
  emptyAfter = await isDatabaseEmpty(handle.db)

  const db = handle.db
  data.cities = await db.select().from(cities)
  data.merchants = await db.select().from(merchants)
  data.locations = await db.select().from(locations)
  data.media = await db
    .select({
      id: media.id,
      merchantId: media.merchantId,
      locationId: media.locationId,
      entityType: media.entityType,
      mimeType: media.mimeType,
      altText: media.altText,
      body: media.body,
    })
    .from(media)
  data.workingHours = await db.select().from(workingHours)
  data.orderTypes = await db.select().from(orderTypes)
  data.categories = await db.select().from(menuCategories)
  data.subCategories = await db.select().from(menuSubCategories)
  data.items = await db.select().from(menuItems)
  data.modifiers = await db.select().from(modifiers)
  data.options = await db.select().from(modifierOptions)
  data.tables = await db.select().from(diningTables)
  data.shortLinks = await db.select().from(shortLinks)
})

afterAll(async () => {
  await dispose?.()
})

describe('demo seed', () => {
  it('reports an empty database before seeding and a full one after', () => {
    expect(emptyBefore).toBe(true)
    expect(emptyAfter).toBe(false)
    expect(seeded).toEqual({ locations: data.locations.length, items: data.items.length })
  })

  it('refuses to seed twice, leaving the first seed intact', async () => {
    await expect(seedDemoData(handle.db)).rejects.toThrow()
    expect(await isDatabaseEmpty(handle.db)).toBe(false)
  })

  it('has at least three cities in two countries, one of them priced in rupees', () => {
    expect(data.cities.length).toBeGreaterThanOrEqual(3)
    expect(new Set(data.cities.map((city) => city.country)).size).toBeGreaterThanOrEqual(2)
    expect(data.cities.every((city) => /^[A-Z]{3}$/.test(city.country))).toBe(true)
    expect(data.cities.some((city) => city.currency === 'INR')).toBe(true)
  })

  it('has at least eight merchants of four types, each theme distinct', () => {
    expect(data.merchants.length).toBeGreaterThanOrEqual(8)
    expect(new Set(data.merchants.map((merchant) => merchant.merchantType)).size).toBeGreaterThanOrEqual(4)
    const themed = data.merchants.filter((merchant) => merchant.primaryColor)
    expect(new Set(themed.map((merchant) => merchant.primaryColor)).size).toBe(themed.length)
    for (const merchant of themed) {
      expect(merchant.primaryColor).toMatch(/^#[0-9A-F]{6}$/i)
      expect(merchant.textColor).toMatch(/^#[0-9A-F]{6}$/i)
    }
  })

  it('gives every themed merchant a logo and leaves at least one merchant with neither theme nor logo', () => {
    const logos = new Set(data.media.filter((row) => row.entityType === 'LOGO').map((row) => row.merchantId))
    const plain = data.merchants.filter((merchant) => merchant.primaryColor === null && merchant.textColor === null)
    expect(plain.length).toBeGreaterThanOrEqual(1)
    for (const merchant of plain) expect(logos.has(merchant.id)).toBe(false)
    for (const merchant of data.merchants.filter((m) => m.primaryColor)) expect(logos.has(merchant.id)).toBe(true)
  })

  it('has at least ten locations with city time zones, currencies, E.164 phones and unique kebab-case slugs', () => {
    expect(data.locations.length).toBeGreaterThanOrEqual(10)
    const citiesById = new Map(data.cities.map((city) => [city.id, city]))
    expect(new Set(data.locations.map((location) => location.cityId)).size).toBeGreaterThanOrEqual(3)
    for (const location of data.locations) {
      const city = citiesById.get(location.cityId)!
      expect(location.timeZoneCd).toBe(city.timeZone)
      expect(location.currency).toBe(city.currency)
      expect(location.phoneNumber).toMatch(/^\+[1-9]\d{9,13}$/)
      expect(location.locationSlug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(Math.abs(location.lat - city.lat)).toBeLessThan(0.2)
      expect(Math.abs(location.lng - city.lng)).toBeLessThan(0.2)
      expect(location.ratingTenths).toBeGreaterThanOrEqual(35)
      expect(location.ratingTenths).toBeLessThanOrEqual(49)
      expect(location.aboutUs.length).toBeGreaterThan(40)
      expect(location.cancellationPolicy.length).toBeGreaterThan(20)
      expect(location.delivery ? location.deliveryKMRadius > 0 : location.deliveryKMRadius === 0).toBe(true)
    }
    expect(new Set(data.locations.map((location) => location.locationSlug)).size).toBe(data.locations.length)
  })

  it('has a brand with several branches, and single-location merchants share their slug with the location', () => {
    const counts = new Map<string, number>()
    for (const location of data.locations) counts.set(location.merchantId, (counts.get(location.merchantId) ?? 0) + 1)
    expect([...counts.values()].some((count) => count >= 2)).toBe(true)
    for (const merchant of data.merchants) {
      const own = data.locations.filter((location) => location.merchantId === merchant.id)
      expect(own.length).toBeGreaterThanOrEqual(1)
      if (own.length === 1) expect(own[0]!.locationSlug).toBe(merchant.slug)
    }
  })

  it('turns the surcharge on for one or two locations with a label', () => {
    const surcharged = data.locations.filter((location) => location.isSurchargeEnabled)
    expect(surcharged.length).toBeGreaterThanOrEqual(1)
    expect(surcharged.length).toBeLessThanOrEqual(2)
    for (const location of surcharged) {
      expect(location.platformConfiguration).toMatchObject({ surchargePercentBp: 300, surchargeLabel: 'Kitchen appreciation surcharge' })
    }
    expect(data.locations.some((location) => location.disabledServices.isReservation === true)).toBe(true)
  })

  it('gives every location order types that match its service flags', () => {
    for (const location of data.locations) {
      // Event order types (typeGroup E) belong to the locations that hold events (seed/events.ts).
      const codes = byLocation(data.orderTypes, location.id).filter((type) => type.typeGroup !== 'E').map((type) => type.code).sort()
      expect(codes.length).toBeGreaterThanOrEqual(1)
      const expected = [location.takeAway && 'pickup', location.delivery && 'delivery', location.dining && 'dinein'].filter(Boolean).sort()
      expect(codes).toEqual(expected)
    }
    const groups = Object.fromEntries(data.orderTypes.map((type) => [type.code, type.typeGroup]))
    expect(groups).toEqual({ pickup: 'P', delivery: 'L', dinein: 'D', event: 'E' })
  })

  it('gives every location at least 25 items in 4 to 7 categories, some in subcategories', () => {
    for (const location of data.locations) {
      const categories = byLocation(data.categories, location.id)
      expect(categories.length).toBeGreaterThanOrEqual(4)
      expect(categories.length).toBeLessThanOrEqual(7)
      const items = byLocation(data.items, location.id)
      expect(items.length).toBeGreaterThanOrEqual(25)
      expect(items.some((item) => item.subCategoryId !== null)).toBe(true)
    }
    const subCategoryCategory = new Map(data.subCategories.map((sub) => [sub.id, sub.categoryId]))
    for (const item of data.items.filter((item) => item.subCategoryId)) {
      expect(subCategoryCategory.get(item.subCategoryId!)).toBe(item.categoryId)
    }
  })

  it('hides two or three items per location by the display flag and keeps one for staff only', () => {
    for (const location of data.locations) {
      const items = byLocation(data.items, location.id)
      const hidden = items.filter((item) => item.display === 0)
      expect(hidden.length).toBeGreaterThanOrEqual(2)
      expect(hidden.length).toBeLessThanOrEqual(3)
      expect(items.filter((item) => item.visibleTo.length === 1 && item.visibleTo[0] === 'S')).toHaveLength(1)
      expect(items.some((item) => item.stockQuantity === 0)).toBe(true)
    }
  })

  it('limits items only to order types their location offers', () => {
    for (const location of data.locations) {
      const codes = new Set(byLocation(data.orderTypes, location.id).map((type) => type.code))
      for (const item of byLocation(data.items, location.id)) {
        for (const code of item.orderTypeCodes) expect(codes.has(code)).toBe(true)
      }
    }
    expect(data.items.some((item) => item.orderTypeCodes.length === 1 && item.orderTypeCodes[0] === 'dinein')).toBe(true)
  })

  it('prices rupee menus in paise and dollar menus in cents', () => {
    const currencyOf = new Map(data.locations.map((location) => [location.id, location.currency]))
    const paid = data.items.filter((item) => item.priceMinor > 0)
    const inr = paid.filter((item) => currencyOf.get(item.locationId) === 'INR')
    const usd = paid.filter((item) => currencyOf.get(item.locationId) === 'USD')
    expect(inr.length).toBeGreaterThan(0)
    expect(Math.min(...inr.map((item) => item.priceMinor))).toBeGreaterThanOrEqual(3000)
    expect(Math.max(...usd.map((item) => item.priceMinor))).toBeLessThan(20000)
  })

  it('gives at least six items per location modifiers whose options and defaults are consistent', () => {
    const itemsWithModifiers = new Set(data.modifiers.map((modifier) => modifier.itemId))
    for (const location of data.locations) {
      expect(byLocation(data.items, location.id).filter((item) => itemsWithModifiers.has(item.id)).length).toBeGreaterThanOrEqual(6)
    }
    for (const modifier of data.modifiers) {
      const options = data.options.filter((option) => option.modifierId === modifier.id)
      expect(options.length).toBeGreaterThanOrEqual(Math.max(1, modifier.maxSelect))
      expect(modifier.maxSelect).toBeGreaterThanOrEqual(modifier.minSelect)
      expect([1, 2]).toContain(modifier.typeId)
      if (modifier.typeId === 1) expect(modifier.maxSelect).toBe(1)
      if (modifier.typeId === 1 && modifier.minSelect === 1) expect(options.filter((option) => option.isDefault)).toHaveLength(1)
    }
    expect(data.options.some((option) => option.priceMinor > 0)).toBe(true)
    expect(data.options.some((option) => option.priceMinor === 0)).toBe(true)
  })

  it('has well-formed working hours, including a session past midnight and a weekday closure', () => {
    for (const session of data.workingHours) {
      expect(session.opensAt).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/)
      expect(session.closesAt).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/)
      expect(session.dayOfWeek).toBeGreaterThanOrEqual(0)
      expect(session.dayOfWeek).toBeLessThanOrEqual(6)
    }
    expect(data.workingHours.some((session) => minutes(session.closesAt) < minutes(session.opensAt) && session.closesAt !== '00:00')).toBe(true)
    const closedSomeDay = data.locations.filter((location) => {
      const days = new Set(byLocation(data.workingHours, location.id).map((session) => session.dayOfWeek))
      return days.size > 1 && days.size < 7
    })
    expect(closedSomeDay.length).toBeGreaterThanOrEqual(1)
  })

  it('keeps one location always open and one almost always closed, in their own time zones', () => {
    const instants = Array.from({ length: 7 * 24 * 2 }, (_, half) => new Date(Date.UTC(2025, 5, 2, 0, 15) + half * 30 * 60_000))
    const openShare = (location: (typeof data.locations)[number]) => {
      const sessions = byLocation(data.workingHours, location.id).map((row) => ({ ...row, day: row.dayOfWeek }))
      return instants.filter((instant) => openingStatus(sessions, location.timeZoneCd, instant).open === 1).length / instants.length
    }
    const shares = data.locations.map(openShare)
    expect(shares.some((share) => share === 1)).toBe(true)
    expect(shares.some((share) => share > 0 && share < 0.02)).toBe(true)
  })

  it('gives every dining location at least eight tables and no tables elsewhere', () => {
    for (const location of data.locations) {
      const tables = byLocation(data.tables, location.id)
      if (location.dining) {
        expect(tables.length).toBeGreaterThanOrEqual(8)
        expect(new Set(tables.map((table) => table.name)).size).toBe(tables.length)
        for (const table of tables) {
          expect([2, 4, 6, 8]).toContain(table.capacity)
          expect(table.minCapacity).toBeLessThanOrEqual(table.capacity)
        }
      } else {
        expect(tables).toHaveLength(0)
      }
    }
  })

  it('stores small, escaped SVG images and links them from categories, subcategories and most items', () => {
    const decoder = new TextDecoder()
    for (const row of data.media) {
      expect(row.mimeType).toBe('image/svg+xml')
      expect(row.altText.length).toBeGreaterThan(0)
      expect(row.body.byteLength).toBeLessThan(3 * 1024)
      const svg = decoder.decode(row.body)
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
      expect(svg.endsWith('</svg>')).toBe(true)
      expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/)
    }
    const mediaIds = new Set(data.media.map((row) => row.id))
    for (const location of data.locations) {
      expect(data.media.some((row) => row.locationId === location.id && row.entityType === 'META')).toBe(true)
    }
    for (const category of data.categories) expect(mediaIds.has(category.mediaId!)).toBe(true)
    for (const sub of data.subCategories) expect(mediaIds.has(sub.mediaId!)).toBe(true)
    const pictured = data.items.filter((item) => item.mediaId && mediaIds.has(item.mediaId))
    expect(pictured.length / data.items.length).toBeGreaterThan(0.8)
  })

  it('gives every restaurant a cover without words, each one different, branches of one brand too', () => {
    const decoder = new TextDecoder()
    const covers = data.media.filter((row) => row.entityType === 'META').map((row) => decoder.decode(row.body))
    expect(covers).toHaveLength(data.locations.length)
    for (const svg of covers) expect(svg).not.toMatch(/<text/)
    expect(new Set(covers).size).toBe(covers.length)
  })

  it('adds three short links to location menus, one of them expired', () => {
    expect(data.shortLinks).toHaveLength(3)
    const now = Date.now()
    expect(data.shortLinks.filter((link) => link.expiresAt && link.expiresAt.getTime() < now)).toHaveLength(1)
    for (const link of data.shortLinks) {
      expect(link.id).toMatch(/\d/)
      const [, merchantType, slug, menuWord, menuType] = link.target.split('/')
      const location = data.locations.find((row) => row.locationSlug === slug)
      expect(location).toBeDefined()
      expect(data.merchants.find((merchant) => merchant.id === location!.merchantId)?.merchantType).toBe(merchantType)
      expect(menuWord).toBe('menu')
      expect(byLocation(data.orderTypes, location!.id).map((type) => type.code)).toContain(menuType)
    }
  })

  it('holds two future events with dishes of their own location, and two Olive Tree campaigns with existing offers', async () => {
    const db = handle.db
    const today = new Date().toISOString().slice(0, 10)
    const eventRows = await db.select().from(events)
    expect(eventRows.map((event) => event.slug).sort()).toEqual(['olive-tree-holiday-feast', 'spice-route-festive-thali'])
    for (const event of eventRows) {
      expect(event.startsOn > today).toBe(true)
      expect(event.endsOn >= event.startsOn).toBe(true)
      expect(byLocation(data.orderTypes, event.locationId).some((type) => type.code === 'event' && type.typeGroup === 'E')).toBe(true)
      const dishes = await db.select().from(eventItems).where(eq(eventItems.eventId, event.id))
      expect(dishes.length).toBeGreaterThanOrEqual(6)
      expect(dishes.length).toBeLessThanOrEqual(10)
      expect(dishes.some((dish) => dish.priceMinor !== null)).toBe(true)
      for (const dish of dishes) expect(data.items.find((item) => item.id === dish.itemId)?.locationId).toBe(event.locationId)
    }
    const campaignRows = await db.select().from(campaigns)
    expect(campaignRows).toHaveLength(2)
    expect(campaignRows.filter((campaign) => campaign.endsAt.getTime() < Date.now())).toHaveLength(1)
    const linked = await db.select().from(campaignOffers)
    expect(new Set(linked.map((row) => row.campaignId))).toEqual(new Set(campaignRows.map((campaign) => campaign.id)))
  })
})
