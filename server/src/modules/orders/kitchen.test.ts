import { asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { statusLabel } from '@/shared/api/contracts/order-status'
import { locations, orderStatusHistory, orders, orderTypes } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { runKitchenTick } from '../../jobs/kitchen'

let t: TestApp
let locationId: string
const start = new Date('2030-03-01T12:00:00Z')
const after = (seconds: number) => new Date(start.getTime() + seconds * 1000)

beforeAll(async () => {
  t = await createTestApp()
  const [olive] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'olive-tree-soma'))
  locationId = olive!.id
  await t.db.insert(orderTypes).values({ locationId, code: 'kitchen-test-event', name: 'Event', typeGroup: 'E', sortOrder: 9 })
})
afterAll(() => t.close())

/** An order that reached `status` at `at`, as payment leaves it. */
async function orderIn(status: string, orderTypeCode: string, at = start): Promise<string> {
  const [order] = await t.db.insert(orders).values({ locationId, orderTypeCode, status, subtotalMinor: 1200, totalMinor: 1200, currency: 'USD', updatedAt: at }).returning()
  await t.db.insert(orderStatusHistory).values([
    { orderId: order!.id, status: '6', at: new Date(at.getTime() - 60_000) },
    { orderId: order!.id, status, at },
  ])
  return order!.id
}

const statusOf = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status
const historyOf = async (orderId: string) =>
  (await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id))).map(
    (row) => [row.status, row.at.toISOString()],
  )

/** Ticks every second from `from` to `to` seconds after the start and returns the statuses the order went through. */
async function runClock(orderId: string, from: number, to: number): Promise<string[]> {
  const seen: string[] = []
  for (let second = from; second <= to; second++) {
    const moves = await runKitchenTick(t.db, after(second))
    for (const move of moves.filter((m) => m.orderId === orderId)) seen.push(`${move.to}@${second}`)
  }
  return seen
}

describe('sandbox kitchen', () => {
  it('moves a paid pickup order 19 → 11 → 12 → 13 → 16, one step per 20 s and never sooner', async () => {
    const orderId = await orderIn('19', 'pickup')
    expect(await runClock(orderId, 0, 19)).toEqual([])
    expect(await runClock(orderId, 20, 120)).toEqual(['11@20', '12@40', '13@60', '16@80'])
    expect(await statusOf(orderId)).toBe('16')
    expect(statusLabel('16')).toBe('Completed - Pickup Order')
    expect(await historyOf(orderId)).toEqual([
      ['6', after(-60).toISOString()],
      ['19', after(0).toISOString()],
      ['11', after(20).toISOString()],
      ['12', after(40).toISOString()],
      ['13', after(60).toISOString()],
      ['16', after(80).toISOString()],
    ])
  })

  it('sends a delivery order out (14) and delivers it (15)', async () => {
    const orderId = await orderIn('19', 'delivery')
    expect(await runClock(orderId, 0, 200)).toEqual(['11@20', '12@40', '13@60', '14@80', '15@100'])
  })

  it('completes a dine-in order paid at the restaurant at 17', async () => {
    const orderId = await orderIn('25', 'dinein')
    expect(await runClock(orderId, 0, 200)).toEqual(['11@20', '12@40', '13@60', '17@80'])
  })

  it('prepares an event order as 70 instead of 12', async () => {
    const orderId = await orderIn('19', 'kitchen-test-event')
    expect((await runClock(orderId, 0, 200)).map((step) => step.split('@')[0])).toEqual(['11', '70', '13', '17'])
  })

  it('honours another step length', async () => {
    const orderId = await orderIn('19', 'pickup')
    const moves = await runKitchenTick(t.db, after(1), { stepSeconds: 1 })
    expect(moves.filter((m) => m.orderId === orderId)).toEqual([{ orderId, from: '19', to: '11' }])
    expect(await runKitchenTick(t.db, after(1.5), { stepSeconds: 1 })).not.toContainEqual(expect.objectContaining({ orderId }))
  })

  it('leaves unpaid, declined, cancelled and finished orders alone', async () => {
    const ids = await Promise.all(['6', '18', '20', '21', '8', '9', '15', '16', '17'].map((status) => orderIn(status, 'pickup')))
    await runClock(ids[0]!, 0, 200)
    const rows = await t.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, ids))
    expect(rows.map((row) => row.status).sort()).toEqual(['15', '16', '17', '18', '20', '21', '6', '8', '9'])
    for (const id of ids) expect(await historyOf(id)).toHaveLength(2)
  })

  it('holds a scheduled order at accepted until 15 minutes before its time', async () => {
    const [order] = await t.db
      .insert(orders)
      .values({ locationId, orderTypeCode: 'pickup', status: '19', subtotalMinor: 800, totalMinor: 800, currency: 'USD', isScheduled: true, scheduledFor: after(3600), updatedAt: start })
      .returning()
    await t.db.insert(orderStatusHistory).values({ orderId: order!.id, status: '19', at: start })
    expect(await runClock(order!.id, 0, 60)).toEqual(['11@20'])
    expect(await runKitchenTick(t.db, after(2699))).not.toContainEqual(expect.objectContaining({ orderId: order!.id }))
    expect(await runKitchenTick(t.db, after(2700))).toContainEqual({ orderId: order!.id, from: '11', to: '12' })
  })

  it('never moves the same order twice when two ticks run at once', async () => {
    const ids = await Promise.all(Array.from({ length: 40 }, (_, i) => orderIn('19', i % 2 ? 'pickup' : 'delivery', after(10_000))))
    const tickAt = after(10_020)
    const [first, second] = await Promise.all([runKitchenTick(t.db, tickAt), runKitchenTick(t.db, tickAt)])
    const moved = [...first, ...second].filter((move) => ids.includes(move.orderId))
    expect(moved).toHaveLength(ids.length)
    expect(new Set(moved.map((move) => move.orderId)).size).toBe(ids.length)
    const rows = await t.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, ids))
    expect(rows.every((row) => row.status === '11')).toBe(true)
    const history = await t.db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids))
    expect(history.filter((row) => row.status === '11')).toHaveLength(ids.length)
  })
})
