import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { trackingEvent, type DeliveryQuote, type DeliveryTracking, type TrackingEvent, type ValetLocation } from '@/shared/api/contracts/delivery'
import { deliveries, locations, orderStatusHistory, orders } from '../../db/schema'
import { sandboxQuote, SANDBOX_PROFILES } from '../../providers/delivery/sandbox-providers'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestCustomer, type TestCustomer } from '../../test/signed-in-client'
import { runCourierTick } from './courier'
import { courierRoute } from './delivery.service'
import { sseEvents } from '../../test/sse'

let t: TestApp
let asha: TestCustomer
let ben: TestCustomer
let empire: typeof locations.$inferSelect
let koramangala: typeof locations.$inferSelect
const start = new Date('2031-05-01T09:00:00Z')
const after = (seconds: number) => new Date(start.getTime() + seconds * 1000)
// About 2.2 km north-east of Empire Burger (Times Square), inside its 6 km radius.
const DROP = { lat: 40.7752, lng: -73.9712 }

beforeAll(async () => {
  t = await createTestApp()
  asha = await createTestCustomer(t, 'Asha', '+14155550701')
  ben = await createTestCustomer(t, 'Ben', '+14155550702')
  empire = (await t.db.select().from(locations).where(eq(locations.locationSlug, 'empire-burger')))[0]!
  koramangala = (await t.db.select().from(locations).where(eq(locations.locationSlug, 'spice-route-koramangala')))[0]!
})
afterAll(() => t.close())

const quoteBody = (location: typeof empire, drop = DROP, extra: Record<string, unknown> = {}) => ({
  pickupDetails: { lat: location.lat, lng: location.lng, address: location.address },
  dropDetails: { ...drop, address: '1 Example Street' },
  locationId: location.id,
  receiverDetails: { name: 'Asha', phone: '+14155550701' },
  senderDetails: { name: location.branchName, phone: location.phoneNumber },
  tip: 0,
  ...extra,
})

/** A delivery order of `who` (a guest's when undefined) that reached `status` at `at`. */
async function deliveryOrder(who: TestCustomer | undefined, status: string, at: Date): Promise<string> {
  const [order] = await t.db
    .insert(orders)
    .values({
      customerId: who?.id ?? null,
      locationId: empire.id,
      orderTypeCode: 'delivery',
      status,
      paymentStatus: '19',
      subtotalMinor: 2500,
      totalMinor: 2500,
      currency: 'USD',
      deliveryLat: DROP.lat,
      deliveryLng: DROP.lng,
      deliveryAddressLine1: '1 Example Street',
      updatedAt: at,
    })
    .returning()
  await t.db.insert(orderStatusHistory).values({ orderId: order!.id, status, at })
  return order!.id
}

async function moveOrder(orderId: string, status: string, at: Date) {
  await t.db.update(orders).set({ status, updatedAt: at }).where(eq(orders.id, orderId))
  await t.db.insert(orderStatusHistory).values({ orderId, status, at })
}

const deliveryRow = async (orderId: string) => (await t.db.select().from(deliveries).where(eq(deliveries.orderId, orderId)))[0]
const statusOf = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status

describe('POST /delivery/quote', () => {
  it('answers the cheapest of the location’s providers, in minor units, plain JSON', async () => {
    const response = await t.postJson('/delivery/quote', quoteBody(empire))
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    expect(response.contentType).toContain('application/json')
    const quote = response.body as DeliveryQuote
    expect(empire.locationDeliveryProviders).toContain(quote.deliveryProviderId)
    const input = { pickup: empire, drop: DROP, distanceKm: quote.distanceKm, currency: 'USD', tip: 0, at: new Date() }
    const prices = empire.locationDeliveryProviders.map((code) => sandboxQuote(SANDBOX_PROFILES.find((p) => p.code === code)!, input))
    expect(quote.estimatedPrice).toBe(Math.min(...prices.map((price) => price.estimatedPrice).filter((price) => price >= 0)))
    expect(quote.currency).toBe('USD')
    expect(quote.distanceKm).toBeGreaterThan(1.5)
    expect(quote.distanceKm).toBeLessThan(3)
  })

  it('floors the tip to an integer (docs/delivery.md "Quotes")', async () => {
    const response = await t.postJson('/delivery/quote', quoteBody(empire, DROP, { tip: 249.99 }))
    expect((response.body as DeliveryQuote).tip).toBe(249)
  })

  it('quotes only the location’s own providers, by query or body', async () => {
    const asked = await t.postJson('/delivery/quote?deliveryProviderId=PORTR', quoteBody(empire))
    expect((asked.body as DeliveryQuote).deliveryProviderId).toBe('PORTR')
    const refused = await t.postJson('/delivery/quote?deliveryProviderId=SWIFT', quoteBody(empire))
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 'provider_not_offered' })
    const lowerCase = await t.postJson('/delivery/quote', quoteBody(empire, DROP, { deliveryProviderId: 'swift' }))
    expect(lowerCase.status).toBe(400)
  })

  it('refuses a provider that answers a negative price, and chooses by price then ETA among the rest', async () => {
    await t.db.update(locations).set({ deliveryKMRadius: 0 }).where(eq(locations.id, koramangala.id))
    // 12 km away: beyond PORTR's 10 km area, where it answers -1.
    const far = { lat: koramangala.lat + 0.108, lng: koramangala.lng }
    const portr = await t.postJson('/delivery/quote?deliveryProviderId=PORTR', quoteBody(koramangala, far))
    expect(portr.status).toBe(409)
    expect(portr.body).toMatchObject({ code: 'quote_refused' })
    const best = await t.postJson('/delivery/quote', quoteBody(koramangala, far))
    expect(best.status).toBe(200)
    expect((best.body as DeliveryQuote).deliveryProviderId).not.toBe('PORTR')
    const near = await t.postJson('/delivery/quote', quoteBody(koramangala, { lat: koramangala.lat + 0.01, lng: koramangala.lng }))
    expect((near.body as DeliveryQuote).deliveryProviderId).toBe('PORTR')
    expect((near.body as DeliveryQuote).currency).toBe('INR')
  })

  it('breaks a price tie by the faster ETA', () => {
    const input = { pickup: DROP, drop: DROP, distanceKm: 1, currency: 'USD', tip: 0, at: start }
    const same = { rates: { USD: { base: 500, perKm: 0 } }, tracks: false }
    const slow = sandboxQuote({ code: 'SLOW', pickupMinutes: 20, minutesPerKm: 5, ...same }, input)
    const fast = sandboxQuote({ code: 'FAST', pickupMinutes: 5, minutesPerKm: 5, ...same }, input)
    expect(slow.estimatedPrice).toBe(fast.estimatedPrice)
    expect(fast.etaMinutes).toBeLessThan(slow.etaMinutes)
  })

  it('refuses an address outside the delivery radius and malformed input', async () => {
    const far = await t.postJson('/delivery/quote', quoteBody(empire, { lat: 40.9, lng: -73.9 }))
    expect(far.status).toBe(409)
    expect(far.body).toMatchObject({ code: 'out_of_delivery_area' })
    const negativeTip = await t.postJson('/delivery/quote', quoteBody(empire, DROP, { tip: -1 }))
    expect(negativeTip.status).toBe(400)
    expect(t.errors).toEqual([])
  })
})

describe('sandbox courier', () => {
  it('books the best provider, then drives the order 13 → 14 → 50 → 15 along its route, one step at a time', async () => {
    const orderId = await deliveryOrder(asha, '19', after(0))
    expect(await runCourierTick(t.db, after(1))).toContainEqual({ orderId, to: 'ASSIGNED' })
    const booked = (await deliveryRow(orderId))!
    expect(empire.locationDeliveryProviders).toContain(booked.providerCode)
    expect(booked).toMatchObject({ status: 'ASSIGNED', pickupLat: empire.lat, pickupLng: empire.lng, dropLat: DROP.lat, dropLng: DROP.lng, routeIndex: 0 })
    expect(booked.route.length).toBeGreaterThanOrEqual(20)
    expect(booked.route.length).toBeLessThanOrEqual(40)
    expect(booked.deliveryStaffId).toBeTruthy()

    // Not picked up before the kitchen has it ready.
    expect((await runCourierTick(t.db, after(100))).filter((move) => move.orderId === orderId)).toEqual([])
    await moveOrder(orderId, '13', after(200))
    expect((await runCourierTick(t.db, after(210))).filter((move) => move.orderId === orderId)).toEqual([])
    expect(await runCourierTick(t.db, after(220))).toContainEqual({ orderId, to: 'PICKED_UP', orderStatus: '14' })
    expect(await statusOf(orderId)).toBe('14')

    const positions: [number, number][] = []
    const seen: string[] = []
    for (let second = 221; second <= 700 && seen.at(-1) !== '15'; second += 1) {
      for (const move of (await runCourierTick(t.db, after(second))).filter((m) => m.orderId === orderId)) {
        const row = (await deliveryRow(orderId))!
        positions.push([row.courierLat!, row.courierLng!])
        if (move.orderStatus) seen.push(move.orderStatus)
      }
    }
    expect(seen).toEqual(['50', '15'])
    expect(new Set(positions.map((p) => p.join())).size).toBeGreaterThanOrEqual(8)
    const done = (await deliveryRow(orderId))!
    expect(done.status).toBe('DELIVERED')
    expect([done.courierLat, done.courierLng]).toEqual([DROP.lat, DROP.lng])
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId))
    expect(history.map((row) => row.status)).toEqual(['19', '13', '14', '50', '15'])
  })

  it('never books or moves the same delivery twice when two ticks run at once', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, () => deliveryOrder(undefined, '12', after(5000))))
    const [first, second] = await Promise.all([runCourierTick(t.db, after(5001)), runCourierTick(t.db, after(5001))])
    const booked = [...first, ...second].filter((move) => ids.includes(move.orderId))
    expect(booked).toHaveLength(ids.length)
    expect(new Set(booked.map((move) => move.orderId)).size).toBe(ids.length)
    expect(await t.db.select().from(deliveries).where(inArray(deliveries.orderId, ids))).toHaveLength(ids.length)

    for (const id of ids) await moveOrder(id, '13', after(5100))
    const [a, b] = await Promise.all([runCourierTick(t.db, after(5200)), runCourierTick(t.db, after(5200))])
    const pickedUp = [...a, ...b].filter((move) => ids.includes(move.orderId))
    expect(pickedUp).toHaveLength(ids.length)
    expect(new Set(pickedUp.map((move) => move.orderId)).size).toBe(ids.length)
    const history = await t.db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids))
    expect(history.filter((row) => row.status === '14')).toHaveLength(ids.length)
  })

  it('lays a route with a bend from the restaurant to the door', () => {
    const route = courierRoute({ lat: 0, lng: 0 }, { lat: 1, lng: 1 })
    expect(route).toHaveLength(30)
    expect(route[0]).toEqual([0, 0])
    expect(route.at(-1)).toEqual([1, 1])
    expect(route.some(([lat, lng]) => Math.abs(lat - lng) > 0.2)).toBe(true)
  })
})

describe('delivery status, valet location and live tracking', () => {
  let orderId: string
  let booked: typeof deliveries.$inferSelect

  beforeAll(async () => {
    orderId = await deliveryOrder(asha, '19', after(9000))
    await runCourierTick(t.db, after(9001))
    booked = (await deliveryRow(orderId))!
  })

  it('answers runner, trackingUrl, eta and status to the owner only', async () => {
    const own = await callAs(t, asha, 'POST', '/delivery/status/v2', { deliveryProviderId: booked.providerCode, orderId })
    expect(own.status).toBe(200)
    const tracking = own.body as DeliveryTracking
    expect(Object.keys(tracking).sort()).toEqual(['eta', 'runner', 'status', 'trackingUrl'])
    expect(tracking.status).toBe('ASSIGNED')
    expect(tracking.eta).toBe(booked.etaAt!.toISOString())
    if (tracking.runner) expect(tracking.runner).toEqual({ name: booked.runnerName, phone: booked.runnerPhone })
    expect((await callAs(t, ben, 'POST', '/delivery/status/v2', { deliveryProviderId: booked.providerCode, orderId })).status).toBe(404)
    expect((await callAs(t, undefined, 'POST', '/delivery/status/v2', { deliveryProviderId: booked.providerCode, orderId })).status).toBe(404)
    const otherProvider = booked.providerCode === 'DASHR' ? 'PORTR' : 'DASHR'
    expect((await callAs(t, asha, 'POST', '/delivery/status/v2', { deliveryProviderId: otherProvider, orderId })).status).toBe(404)
  })

  it('answers the valet location with delivery_staff_id, to the owner only', async () => {
    const path = `/valet/getValetLocation?deliveryStaffId=${encodeURIComponent(booked.deliveryStaffId!)}`
    const own = await callAs(t, asha, 'GET', path)
    expect(own.status).toBe(200)
    expect(own.body as ValetLocation).toEqual({ latitude: empire.lat, longitude: empire.lng, delivery_staff_id: booked.deliveryStaffId })
    expect((await callAs(t, ben, 'GET', path)).status).toBe(404)
    expect((await callAs(t, asha, 'GET', '/valet/getValetLocation?deliveryStaffId=nobody')).status).toBe(404)
  })

  it('streams the tracking at once and again when the courier moves; 404 for someone else', async () => {
    expect((await callAs(t, ben, 'GET', `/order/${orderId}/tracking/events`)).status).toBe(404)
    const controller = new AbortController()
    const response = await t.app.request(`/api/order/${orderId}/tracking/events`, {
      headers: { Authorization: `Bearer ${asha.token}` },
      signal: controller.signal,
    })
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const events = sseEvents<TrackingEvent>(response, 'tracking')
    const first = (await events.next())!
    expect(first).toMatchObject({ orderId, status: '19', courier: null, delivery: { status: 'ASSIGNED', providerCode: booked.providerCode } })

    await moveOrder(orderId, '13', after(9100))
    await t.db.execute(`select pg_notify('order_status', '${JSON.stringify({ orderId, status: '13' })}')`)
    expect((await events.next())!.status).toBe('13')
    await runCourierTick(t.db, after(9200))
    let latest = (await events.next())!
    while (latest.status !== '14') latest = (await events.next())!
    expect(latest.statusLabel).toBe('Out for Delivery')
    expect(latest.courier).toEqual({ lat: booked.route[0]![0], lng: booked.route[0]![1] })
    await runCourierTick(t.db, after(9300))
    const moved = (await events.next())!
    expect(moved.courier).not.toEqual(latest.courier)
    // The router does not read a stream's events: its map entry's event schema is checked here.
    for (const event of [first, latest, moved]) expect(() => trackingEvent.parse(event)).not.toThrow()
    controller.abort()
  })
})

