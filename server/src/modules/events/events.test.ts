import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CampaignResponse, EventOrderMenuResponse, EventResponse } from '@/shared/api/contracts/events'
import type { MerchantDetails } from '@/shared/api/contracts/merchants'
import type { OrderDetail, PlaceOrderRequest } from '@/shared/api/contracts/ordering'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { localInstant } from '@/shared/lib/hours'
import { campaigns, locations, menuItems, orders, orderStatusHistory } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { seedDayClock } from '../../test/seed-day-clock'
import { callAs, createTestCustomer, type TestCustomer } from '../../test/signed-in-client'
import { runKitchenTick } from '../../jobs/kitchen'
import { eventLanding } from './events.service'

const HOLIDAY = 'olive-tree-holiday-feast'
const THALI = 'spice-route-festive-thali'

let t: TestApp
let asha: TestCustomer
let landing: EventResponse

// The app's clock is noon on the day the demo data was seeded, so the feast's first date still takes orders.
const clock = seedDayClock()

beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
  await clock.fix(t)
  asha = await createTestCustomer(t, 'Asha', '+14155550601')
  landing = (await t.postEncrypted('/customer/event/v2', { eventSlug: HOLIDAY })).body as EventResponse
})
afterAll(() => t.close())

async function locationId(slug: string): Promise<string> {
  const [row] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.locationSlug, slug))
  return row!.id
}

async function item(locationSlug: string, itemSlug: string) {
  const [row] = await t.db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.locationId, await locationId(locationSlug)), eq(menuItems.slug, itemSlug)))
  return row!
}

const eventMenu = async (payload: Record<string, unknown>) => t.postEncrypted('/merchants/locations/event-order-menu/v2', payload)

async function eventOrder(extra: Partial<PlaceOrderRequest> = {}): Promise<PlaceOrderRequest> {
  return {
    locationId: await locationId('olive-tree-soma'),
    orderTypeCode: 'event',
    items: [{ itemId: (await item('olive-tree-soma', 'lasagna-verde')).id, quantity: 2 }],
    eventSlug: HOLIDAY,
    eventDate: landing.event.dates[0],
    selectedTimeSlot: '12:00',
    ...extra,
  }
}

const place = (request: unknown, who: TestCustomer | undefined = asha) =>
  callAs(t, who, 'POST', '/order/customer/createOrder', { data: encryptPayload(request, t.env.PAYLOAD_KEY) })

describe('POST /customer/event/v2', () => {
  it('answers the event with its dates, its location and the slots of each date', () => {
    expect(landing.event).toMatchObject({ slug: HOLIDAY, title: 'Holiday Feast Pre-order', orderTypeCode: 'event' })
    expect(landing.event.dates).toHaveLength(8)
    expect(landing.event.dates[0]).toBe(landing.event.startsOn)
    expect(landing.location).toMatchObject({ locationSlug: 'olive-tree-soma', merchantType: 'restaurant', merchantSlug: 'olive-tree' })
    const first = landing.eventOrderSlot[0]!
    expect(first.slots.map((slot) => slot.time).slice(0, 3)).toEqual(['11:00', '11:30', '12:00'])
    expect(first.slots.at(-1)!.time).toBe('19:00')
    expect(first.slots.every((slot) => slot.available && slot.remaining === 2)).toBe(true)
  })

  it('answers 404 for an unknown event', async () => {
    const response = await t.postEncrypted('/customer/event/v2', { eventSlug: 'no-such-event' })
    expect(response.status).toBe(404)
  })

  it('closes a date once its cut-off has passed', async () => {
    const firstDate = landing.event.dates[0]!
    const dayStart = localInstant(firstDate, '00:00', 'America/Los_Angeles')!
    const justBefore = new Date(dayStart.getTime() - 24 * 3_600_000 - 60_000)
    const justAfter = new Date(dayStart.getTime() - 24 * 3_600_000 + 60_000)
    expect((await eventLanding(t.db, t.env.PUBLIC_API_BASE, HOLIDAY, justBefore)).eventOrderSlot[0]!.orderable).toBe(true)
    const closed = (await eventLanding(t.db, t.env.PUBLIC_API_BASE, HOLIDAY, justAfter)).eventOrderSlot[0]!
    expect(closed.orderable).toBe(false)
    expect(closed.slots.some((slot) => slot.available)).toBe(false)
  })
})

describe('POST /merchants/locations/event-order-menu/v2', () => {
  it('answers the event’s dishes at event prices, its slots, and the restaurant forced open', async () => {
    const response = await eventMenu({ eventSlug: HOLIDAY, locationId: await locationId('olive-tree-soma'), orderType: 'event' })
    expect(response.status).toBe(200)
    expect(response.text).toMatch(/^U2FsdGVkX1/)
    const body = response.body as EventOrderMenuResponse
    expect(body.menu.items.map((entry) => entry.slug)).toEqual([
      'burrata-and-heirloom-tomatoes',
      'little-gem-caesar',
      'lasagna-verde',
      'rigatoni-alla-vodka',
      'tagliatelle-bolognese',
      'chicken-piccata',
      'eggplant-parmigiana',
      'tiramisu',
      'olive-oil-cake',
    ])
    const lasagna = body.menu.items.find((entry) => entry.slug === 'lasagna-verde')!
    expect(lasagna.price).toBe(2100)
    expect((await item('olive-tree-soma', 'lasagna-verde')).priceMinor).toBe(2400)
    expect(body.menu.items.find((entry) => entry.slug === 'little-gem-caesar')!.price).toBe(1500)
    expect(body.menu.categories.every((category) => body.menu.items.some((entry) => entry.categoryId === category.id))).toBe(true)
    expect(body.restaurant.open).toBe(1)
    expect(body.eventOrderSlot).toHaveLength(8)
  })

  it('accepts the spec’s `type` for the order type', async () => {
    const response = await eventMenu({ eventSlug: THALI, locationId: await locationId('spice-route-indiranagar'), type: 'event' })
    expect(response.status).toBe(200)
    expect((response.body as EventOrderMenuResponse).menu.currency).toBe('INR')
  })

  it('answers 404 for an unknown event and for another location’s event', async () => {
    expect((await eventMenu({ eventSlug: 'no-such-event', locationId: await locationId('olive-tree-soma') })).status).toBe(404)
    expect((await eventMenu({ eventSlug: THALI, locationId: await locationId('olive-tree-soma') })).status).toBe(404)
  })
})

describe('event orders through POST /order/customer/createOrder', () => {
  it('places an event order at event prices, scheduled for the event date and slot', async () => {
    const response = await place(await eventOrder())
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    const order = response.body as OrderDetail
    expect(order).toMatchObject({ orderTypeCode: 'event', orderTypeGroup: 'E', subtotal: 4200, isScheduleOrder: true })
    expect(order.scheduledFor).toBe(localInstant(landing.event.dates[0]!, '12:00', 'America/Los_Angeles')!.toISOString())
  })

  it('refuses a dish that is not on the event menu, a date outside the event and a time that is not a slot', async () => {
    const notOnMenu = await place(await eventOrder({ items: [{ itemId: (await item('olive-tree-soma', 'margherita')).id, quantity: 1 }] }))
    expect(notOnMenu.status).toBe(400)
    expect(notOnMenu.body).toMatchObject({ code: 'item_not_on_event_menu' })
    const outside = await place(await eventOrder({ eventDate: '2020-01-01' }))
    expect(outside.body).toMatchObject({ status: 400, code: 'event_date_out_of_range' })
    const offSlot = await place(await eventOrder({ selectedTimeSlot: '11:15' }))
    expect(offSlot.body).toMatchObject({ status: 400, code: 'event_slot_unknown' })
    const noEvent = await place(await eventOrder({ eventSlug: undefined }))
    expect(noEvent.body).toMatchObject({ status: 400, code: 'event_required' })
  })

  it('fills a slot at ordersPerSlot and shows it unavailable', async () => {
    const slot = { selectedTimeSlot: '15:00' }
    expect((await place(await eventOrder(slot))).status).toBe(201)
    expect((await place(await eventOrder(slot))).status).toBe(201)
    const third = await place(await eventOrder(slot))
    expect(third.status).toBe(409)
    expect(third.body).toMatchObject({ code: 'event_slot_full' })
    const menu = (await eventMenu({ eventSlug: HOLIDAY, locationId: await locationId('olive-tree-soma'), orderType: 'event' })).body as EventOrderMenuResponse
    const first = menu.eventOrderSlot[0]!
    expect(first.slots.find((entry) => entry.time === '15:00')).toEqual({ time: '15:00', available: false, remaining: 0 })
    expect(first.slots.find((entry) => entry.time === '12:00')).toEqual({ time: '12:00', available: true, remaining: 1 })
  })

  it('is prepared ahead: the kitchen takes a paid event order to 70 and holds it there until its slot', async () => {
    const placed = (await place(await eventOrder({ selectedTimeSlot: '16:00' }))).body as OrderDetail
    await t.db.update(orders).set({ status: '19' }).where(eq(orders.id, placed.orderId))
    const start = clock.now()
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000)
    await runKitchenTick(t.db, at(30), { stepSeconds: 20 })
    await runKitchenTick(t.db, at(60), { stepSeconds: 20 })
    await runKitchenTick(t.db, at(90), { stepSeconds: 20 })
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.orderId))
    expect(row!.status).toBe('70')
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, placed.orderId))
    expect(history.map((entry) => entry.status)).toEqual(['6', '11', '70'])
  })
})

describe('POST /customer/campaign/v2', () => {
  const campaignOf = async (title: string) => (await t.db.select().from(campaigns).where(eq(campaigns.title, title)))[0]!

  it('answers an active campaign with its offers and the merchant’s locations', async () => {
    const campaign = await campaignOf('Winter at the Olive Tree')
    const response = await t.postEncrypted('/customer/campaign/v2', { campaignId: campaign.id })
    expect(response.status).toBe(200)
    const body = response.body as CampaignResponse
    expect(body.active).toBe(true)
    expect(body.offers.map((offer) => offer.code)).toEqual(['FREEDESSERT', 'WELCOME10'])
    expect(body.offers[1]).toMatchObject({ minOrderAmount: 1500, title: '10% off your order' })
    expect(body.merchant).toMatchObject({ slug: 'olive-tree', merchantType: 'restaurant' })
    expect(body.locations.map((location) => location.locationSlug).sort()).toEqual(['olive-tree-hayes-valley', 'olive-tree-soma', 'olive-tree-west-village'])
  })

  it('answers an ended campaign as not active, and 404 for an unknown one', async () => {
    const ended = await campaignOf('Summer on the Terrace')
    expect(((await t.postEncrypted('/customer/campaign/v2', { campaignId: ended.id })).body as CampaignResponse).active).toBe(false)
    const unknown = await t.postEncrypted('/customer/campaign/v2', { campaignId: '00000000-0000-4000-8000-000000000000' })
    expect(unknown.status).toBe(404)
  })
})

describe('POST /merchants/details/v2 for the master home', () => {
  it('lists every location of a brand with its open status, city, address and slug', async () => {
    const body = (await t.postEncrypted('/merchants/details/v2', { slug: 'olive-tree' })).body as MerchantDetails
    expect(body.locations).toHaveLength(3)
    for (const location of body.locations) {
      expect([0, 1]).toContain(location.open)
      expect(location.city).toBeTruthy()
      expect(location.address).toBeTruthy()
      expect(location.merchantType).toBe('restaurant')
    }
    expect(body.theme).toEqual({ primaryColor: '#3F6B35', textColor: '#FFFFFF' })
  })
})
