import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MenuResponse, PopularDishesResponse } from '@/shared/api/contracts/merchants'
import { locations, menuItems, orderItems, orders } from '../../db/schema'
import { HISTORY_DAYS, HISTORY_ORDERS } from '../../db/seed/order-history'
import { createTestApp, type TestApp } from '../../test/harness'
import { createPopularDishes } from './popular'

let t: TestApp
let oliveId: string
let dishes: { id: string; name: string }[]
beforeAll(async () => {
  t = await createTestApp()
  const [olive] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.locationSlug, 'olive-tree-soma'))
  oliveId = olive!.id
  dishes = await t.db
    .select({ id: menuItems.id, name: menuItems.name })
    .from(menuItems)
    .where(and(eq(menuItems.locationId, oliveId), eq(menuItems.display, 1)))
})
afterAll(() => t.close())

/** A year after the seed's history: only the orders a test writes fall in the window. */
const later = new Date(Date.now() + 365 * 86_400_000)

let orderCount = 0
/** An order of one line of `itemId`, `daysAgo` before `later`, in `status`. */
async function order(itemId: string, status: string, daysAgo = 1, quantity = 1) {
  orderCount += 1
  const [row] = await t.db
    .insert(orders)
    .values({
      locationId: oliveId,
      orderTypeCode: 'pickup',
      status,
      paymentStatus: status === '6' ? '6' : '25',
      guestName: `Popular test ${orderCount}`,
      subtotalMinor: 1000 * quantity,
      totalMinor: 1000 * quantity,
      tipType: 'NONE',
      currency: 'USD',
      createdAt: new Date(later.getTime() - daysAgo * 86_400_000),
    })
    .returning()
  await t.db.insert(orderItems).values({ orderId: row!.id, itemId, name: 'x', quantity, unitPriceMinor: 1000, lineSubtotalMinor: 1000 * quantity })
}

describe('Popular dishes (docs/menu.md)', () => {
  it('a fresh demo has popular dishes at every location from its seeded order history, all on its menu, with a cache header', async () => {
    const answer = await t.get(`/merchants/locations/${oliveId}/popular`)
    expect(answer.status).toBe(200)
    const body = answer.body as PopularDishesResponse
    expect(body.locationId).toBe(oliveId)
    expect(body.windowDays).toBe(30)
    expect(body.itemIds.length).toBeGreaterThanOrEqual(3)
    expect(body.itemIds.length).toBeLessThanOrEqual(5)
    const menu = (await t.get(`/merchants/locations/${oliveId}/menu?orderType=pickup`)).body as MenuResponse
    const onMenu = new Set(menu.items.filter((item) => item.display === 1).map((item) => item.id))
    for (const id of body.itemIds) expect(onMenu.has(id)).toBe(true)
    const res = await t.app.request(`/api/merchants/locations/${oliveId}/popular`)
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
  })

  it("the seeded history is finished guests' orders inside the window whose totals add up, on nobody's account", async () => {
    const rows = await t.db.select().from(orders).where(eq(orders.locationId, oliveId))
    const history = rows.filter((row) => row.guestName === 'Demo diner')
    expect(history).toHaveLength(HISTORY_ORDERS)
    for (const row of history) {
      expect(row.customerId).toBeNull()
      expect(['16', '17']).toContain(row.status)
      expect(row.subtotalMinor + row.itemTaxMinor + row.orderTaxMinor).toBe(row.totalMinor)
      expect(Date.now() - row.createdAt.getTime()).toBeLessThan((HISTORY_DAYS + 1) * 86_400_000)
    }
    const lines = await t.db.select().from(orderItems).where(inArray(orderItems.orderId, history.map((row) => row.id)))
    for (const row of history) {
      const own = lines.filter((line) => line.orderId === row.id)
      expect(own.reduce((sum, line) => sum + line.lineSubtotalMinor, 0)).toBe(row.subtotalMinor)
    }
  })

  it('only orders the kitchen has count: unpaid and cancelled orders never make a dish popular, and one order is not a trend', async () => {
    const [paid, unpaid, cancelled, once] = dishes
    for (let index = 0; index < 3; index++) await order(paid!.id, '25')
    for (let index = 0; index < 6; index++) await order(unpaid!.id, '6')
    for (let index = 0; index < 6; index++) await order(cancelled!.id, '9')
    await order(once!.id, '16', 1, 10)
    const popular = createPopularDishes(t.db, { now: () => later })
    expect((await popular.read(oliveId)).itemIds).toEqual([paid!.id])
  })

  it('counts distinct orders in the last 30 days, most ordered first; orders older than the window do not count', async () => {
    const [, , , , second, first, old] = dishes
    for (let index = 0; index < 4; index++) await order(second!.id, '16')
    for (let index = 0; index < 5; index++) await order(first!.id, '17', 29)
    for (let index = 0; index < 8; index++) await order(old!.id, '16', 31)
    const popular = createPopularDishes(t.db, { now: () => later })
    const { itemIds } = await popular.read(oliveId)
    expect(itemIds.slice(0, 2)).toEqual([first!.id, second!.id])
    expect(itemIds).not.toContain(old!.id)
  })

  it('a hidden dish is never popular, however often it was ordered', async () => {
    const hidden = dishes[7]!
    for (let index = 0; index < 9; index++) await order(hidden.id, '16')
    await t.db.update(menuItems).set({ display: 0 }).where(eq(menuItems.id, hidden.id))
    try {
      const popular = createPopularDishes(t.db, { now: () => later })
      expect((await popular.read(oliveId)).itemIds).not.toContain(hidden.id)
    } finally {
      await t.db.update(menuItems).set({ display: 1 }).where(eq(menuItems.id, hidden.id))
    }
  })

  it('an answer is kept for ten minutes and counted again after, and orders leave the menu version (the menu cache) alone', async () => {
    let now = later
    const popular = createPopularDishes(t.db, { now: () => now })
    const first = await popular.read(oliveId)
    const [{ version }] = (await t.db.select({ version: locations.menuVersion }).from(locations).where(eq(locations.id, oliveId))) as [{ version: number }]
    const fresh = dishes[8]!
    for (let index = 0; index < 12; index++) await order(fresh.id, '16', 0.01)
    now = new Date(later.getTime() + 9 * 60_000)
    expect(await popular.read(oliveId)).toEqual(first)
    expect(popular.stats().counts).toBe(1)
    now = new Date(later.getTime() + 10 * 60_000)
    expect((await popular.read(oliveId)).itemIds[0]).toBe(fresh.id)
    expect(popular.stats().counts).toBe(2)
    const [after] = await t.db.select({ version: locations.menuVersion }).from(locations).where(eq(locations.id, oliveId))
    expect(after!.version).toBe(version)
  })

  it('an unknown location is 404 not_found and is not kept; an id that is not a UUID is 400 invalid_request', async () => {
    const unknown = await t.get('/merchants/locations/00000000-0000-4000-8000-000000000000/popular')
    expect(unknown.status).toBe(404)
    expect((unknown.body as { code: string }).code).toBe('not_found')
    const bad = await t.get('/merchants/locations/not-a-uuid/popular')
    expect(bad.status).toBe(400)
    expect((bad.body as { code: string }).code).toBe('invalid_request')
    const popular = createPopularDishes(t.db, { now: () => later })
    await expect(popular.read('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'not_found' })
    expect(popular.stats().kept).toBe(0)
  })
})
