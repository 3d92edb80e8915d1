import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BumpResult, KitchenBoard, StockDish } from '@/shared/api/contracts/kitchen'
import type { MenuResponse, RestaurantDetail } from '@/shared/api/contracts/merchants'
import type { PlaceOrderRequest } from '@/shared/api/contracts/ordering'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { demoStaffEmail } from '../../db/seed'
import { staffHeaders, staffSession } from '../../test/staff-auth'
import {
  deliveries,
  diningTables,
  kitchenBumps,
  kitchenTickets,
  locations,
  menuItems,
  orderItemOptions,
  orderItems,
  orderStatusHistory,
  orders,
  orderTexts,
  orderTypes,
  staffMembers,
} from '../../db/schema'
import { MOVING_STATUSES, nextOrderStatus } from '../../domain/order-transitions'
import { runKitchenTick } from '../../jobs/kitchen'
import { createTestApp, type TestApp } from '../../test/harness'
import { sseEvents } from '../../test/sse'
import { callAs, createTestCustomer, type TestCustomer } from '../../test/signed-in-client'
import { writeAndHearMenuNotice } from '../../test/menu-notice'

// docs/kitchen.md: the kitchen display, its one transition table with the sandbox kitchen, bump and undo, stock and the pause.
let t: TestApp
let clock = new Date('2030-03-01T18:00:00Z')
const tick = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000))
let empireId: string
let somaId: string
let pattyMelt: string
let asha: TestCustomer
const headersOf: Record<string, { Authorization: string }> = {}
const EVENT_TYPE = 'kitchen-board-event'

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  const [empire] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'empire-burger'))
  const [soma] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'olive-tree-soma'))
  empireId = empire!.id
  somaId = soma!.id
  const [melt] = await t.db.select().from(menuItems).where(and(eq(menuItems.locationId, empireId), eq(menuItems.name, 'Patty Melt')))
  pattyMelt = melt!.id
  await t.db.insert(orderTypes).values({ locationId: empireId, code: EVENT_TYPE, name: 'Event', typeGroup: 'E', sortOrder: 9 })
  asha = await createTestCustomer(t, 'Asha', '+14155557101')
  headersOf['empire-burger'] = await staffHeaders(t, 'empire-burger', 'kitchen')
  headersOf['olive-tree-soma'] = await staffHeaders(t, 'olive-tree-soma', 'kitchen')
})
afterAll(() => t.close())

/** A signed-in kitchen member's headers at the location (docs/staff.md). */
const staff = (slug = 'empire-burger') => headersOf[slug]!
let keys = 0
const send = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, headers: Record<string, string> = staff()) =>
  callAs(t, undefined, method, path, body, { 'Idempotency-Key': `kitchen-${++keys}`, ...headers })
const board = async (locationId = empireId) => (await send('GET', `/staff/${locationId}/kitchen`)).body as KitchenBoard
// Each tap a second after the last, so the history's order is the taps' order on both engines.
const bump = (orderId: string, from: string, headers = staff(), locationId = empireId) => tick(1) && send('POST', `/staff/${locationId}/kitchen/orders/${orderId}/bump`, { from }, headers)
const bumpTicket = (ticketId: string, from: string) => tick(1) && send('POST', `/staff/${empireId}/kitchen/tickets/${ticketId}/bump`, { from })
const undo = (bumpId: string, headers = staff(), locationId = empireId) => send('POST', `/staff/${locationId}/kitchen/bumps/${bumpId}/undo`, undefined, headers)
const statusOf = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status
const historyOf = async (orderId: string) =>
  (await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id))).map((row) => row.status)

let numbers = 100
/** An order that reached `status` at the clock's time, as payment leaves it. */
async function orderIn(status: string, orderTypeCode: string, extra: Partial<typeof orders.$inferInsert> = {}): Promise<string> {
  const [order] = await t.db
    .insert(orders)
    .values({
      locationId: empireId,
      orderTypeCode,
      status,
      subtotalMinor: 1200,
      totalMinor: 1200,
      currency: 'USD',
      orderNumber: ++numbers,
      guestName: 'Dana Guest',
      createdAt: clock,
      updatedAt: clock,
      ...extra,
    })
    .returning()
  await t.db.insert(orderStatusHistory).values({ orderId: order!.id, status, at: clock })
  const [line] = await t.db.insert(orderItems).values({ orderId: order!.id, itemId: pattyMelt, name: 'Patty Melt', quantity: 2, unitPriceMinor: 600, lineSubtotalMinor: 1200, comment: 'no onions' }).returning()
  await t.db.insert(orderItemOptions).values({ orderItemId: line!.id, optionName: 'Medium rare', modifier: 'Doneness', priceMinor: 0 })
  return order!.id
}

const GROUPS: [string, string][] = [
  ['pickup', 'P'],
  ['delivery', 'L'],
  ['dinein', 'D'],
  [EVENT_TYPE, 'E'],
]

describe('one transition table for the sandbox kitchen and the bump', () => {
  it.each(GROUPS)('every status the sandbox moves a %s order from: a bump takes it to the same next status as a tick', async (code, group) => {
    for (const status of MOVING_STATUSES) {
      const expected = nextOrderStatus(status, group)!
      const bySandbox = await orderIn(status, code)
      // Due for the sandbox (its step is 20 s): only the orders of this round are that old.
      tick(30)
      const moves = await runKitchenTick(t.db, clock)
      expect(moves.find((move) => move.orderId === bySandbox), `${code} ${status}`).toEqual({ orderId: bySandbox, from: status, to: expected })
      const byBump = await orderIn(status, code)
      const bumped = await bump(byBump, status)
      expect(bumped.status, bumped.text).toBe(200)
      expect(bumped.body).toMatchObject({ from: status, to: expected })
      expect(await statusOf(byBump)).toBe(expected)
      expect(await statusOf(bySandbox)).toBe(expected)
    }
  })

  it('a table’s tab: accepted by a bump, then each ticket bump takes the sandbox’s ticket step and the tab follows its tickets', async () => {
    const [table] = await t.db.select().from(diningTables).where(eq(diningTables.locationId, empireId)).limit(1)
    const tab = await orderIn('6', 'dinein', { tableId: table!.id })
    const [ticket] = await t.db.insert(kitchenTickets).values({ orderId: tab, round: 1, status: '41', updatedAt: clock }).returning()
    const seen = await board()
    expect(seen.cards.find((card) => card.orderId === tab)).toMatchObject({ kind: 'order', column: 'new', tableName: table!.name, next: { status: '11' } })
    tick(1)
    expect((await bump(tab, '6')).body).toMatchObject({ from: '6', to: '11' })
    const ticketCard = (await board()).cards.find((card) => card.ticketId === ticket!.id)
    expect(ticketCard).toMatchObject({ kind: 'ticket', round: 1, column: 'in_progress', next: { status: '42' }, lines: [{ name: 'Patty Melt', quantity: 2, options: ['Doneness: Medium rare'], note: 'no onions' }] })
    // A tab is bumped by its tickets, never as a whole past acceptance.
    expect((await bump(tab, '11')).body).toMatchObject({ code: 'not_bumpable' })
    const steps: [string, string, string | null][] = []
    for (const from of ['41', '42', '43']) {
      tick(1)
      const answer = (await bumpTicket(ticket!.id, from)).body as BumpResult
      steps.push([answer.from, answer.to, answer.orderTo])
    }
    expect(steps).toEqual([
      ['41', '42', '12'],
      ['42', '43', '13'],
      ['43', '59', '59'],
    ])
    expect(await historyOf(tab)).toEqual(['6', '11', '12', '13', '59'])
    expect((await board()).cards.some((card) => card.orderId === tab)).toBe(false)
  })
})

describe('the board', () => {
  it('shows a placed and paid order in New with its number, type, lines, options, notes and the diner’s first name', async () => {
    const request: PlaceOrderRequest = {
      locationId: empireId,
      orderTypeCode: 'pickup',
      items: [{ itemId: pattyMelt, quantity: 1, comment: 'extra pickles' }],
      tip: { tipType: 'NONE', value: 0 },
    }
    // Payment runs on the real clock: the order is placed at it too, so its times are all of one clock.
    clock = new Date()
    const placed = await callAs(t, asha, 'POST', '/order/customer/createOrder', { data: encryptPayload(request, t.env.PAYLOAD_KEY) }, { 'Idempotency-Key': 'board-place' })
    expect(placed.status, placed.text).toBe(201)
    const { orderId, orderNumber } = placed.body as { orderId: string; orderNumber: number }
    const beforePaying = await board()
    expect(beforePaying.cards.some((card) => card.orderId === orderId)).toBe(false)
    const paid = await callAs(t, asha, 'POST', '/payment/customer-initiate-offline-payment', { data: encryptPayload({ orderId }, t.env.PAYLOAD_KEY) }, { 'Idempotency-Key': 'board-pay' })
    expect(paid.status, paid.text).toBe(200)
    // The order's own timestamps are the real clock's: read the board a moment after them.
    clock = new Date(Date.now() + 60_000)
    const card = (await board()).cards.find((c) => c.orderId === orderId)
    expect(card).toMatchObject({
      kind: 'order',
      number: orderNumber,
      type: 'pickup',
      column: 'new',
      status: '25',
      statusLabel: 'In Queue',
      firstName: 'Asha',
      lines: [{ name: 'Patty Melt', quantity: 1, note: 'extra pickles' }],
      next: { status: '11', label: 'Accepted' },
    })
  })

  it('shows a scheduled order only from 15 minutes before its time, and an event order all day of its slot with the slot', async () => {
    clock = new Date('2030-03-02T17:00:00Z')
    const later = await orderIn('11', 'pickup', { scheduledFor: new Date(clock.getTime() + 40 * 60_000), isScheduled: true })
    const event = await orderIn('70', EVENT_TYPE, { scheduledFor: new Date('2030-03-02T22:30:00Z'), isScheduled: true, orderNumberDate: '2030-03-02' })
    let seen = await board()
    expect(seen.cards.some((card) => card.orderId === later)).toBe(false)
    expect(seen.later).toBeGreaterThanOrEqual(1)
    expect(seen.cards.find((card) => card.orderId === event)).toMatchObject({ type: 'event', column: 'in_progress', slot: expect.stringMatching(/^\d{1,2}:30 [AP]M$/) })
    tick(26 * 60)
    seen = await board()
    expect(seen.cards.find((card) => card.orderId === later)).toMatchObject({ column: 'accepted', dueAt: new Date(clock.getTime() + 14 * 60_000).toISOString() })
  })

  it('lives: the stream sends the board at once and again when an order of the location moves', async () => {
    const orderId = await orderIn('19', 'pickup')
    const response = await t.app.request(`/api/staff/${empireId}/kitchen/events`, { headers: staff() })
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const events = sseEvents<KitchenBoard>(response, 'board')
    try {
      expect((await events.next())!.cards.find((card) => card.orderId === orderId)).toMatchObject({ column: 'new' })
      expect((await bump(orderId, '19')).status).toBe(200)
      let seen = await events.next()
      while (seen && seen.cards.find((card) => card.orderId === orderId)?.column !== 'accepted') seen = await events.next()
      expect(seen!.cards.find((card) => card.orderId === orderId)).toMatchObject({ column: 'accepted', status: '11' })
    } finally {
      await events.cancel()
    }
  })
})

describe('bump and undo', () => {
  it('a bump of an order someone else moved meanwhile answers 409 order_moved and moves nothing', async () => {
    const orderId = await orderIn('12', 'pickup')
    expect((await bump(orderId, '12')).status).toBe(200)
    const again = await bump(orderId, '12')
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'order_moved' })
    expect(await historyOf(orderId)).toEqual(['12', '13'])
  })

  it('a delivery with a courier booked is the courier’s from Ready on: 409 courier_has_order', async () => {
    const orderId = await orderIn('13', 'delivery')
    await t.db.insert(deliveries).values({ orderId, providerCode: 'SANDBOX', feeMinor: 500, currency: 'USD', status: 'BOOKED', pickupLat: 40.7, pickupLng: -74, dropLat: 40.71, dropLng: -74.01 })
    const answer = await bump(orderId, '13')
    expect(answer.body).toMatchObject({ code: 'courier_has_order' })
    expect((await board()).cards.find((card) => card.orderId === orderId)).toMatchObject({ next: null, waiting: 'Courier booked' })
  })

  it('undo within 10 s puts the order back through the one transition, records who bumped and when, and drops the unsent "ready" text', async () => {
    const orderId = await orderIn('12', 'pickup', { guestPhone: '+14155557102' })
    const bumped = (await bump(orderId, '12')).body as BumpResult
    expect(bumped).toMatchObject({ from: '12', to: '13', undone: false, undoUntil: new Date(clock.getTime() + 10_000).toISOString() })
    const [row] = await t.db.select().from(kitchenBumps).where(eq(kitchenBumps.id, bumped.bumpId))
    const [empireStaff] = await t.db.select().from(staffMembers).where(eq(staffMembers.email, demoStaffEmail('empire-burger', 'kitchen')))
    expect(row).toMatchObject({ staffId: empireStaff!.id, at: clock, orderFrom: '12', orderTo: '13' })
    expect((await t.db.select().from(orderTexts).where(eq(orderTexts.orderId, orderId))).map((text) => text.kind)).toEqual(['ready'])
    tick(9)
    const undone = await undo(bumped.bumpId)
    expect(undone.status, undone.text).toBe(200)
    expect(undone.body).toMatchObject({ undone: true, from: '12', to: '13' })
    expect(await statusOf(orderId)).toBe('12')
    expect(await historyOf(orderId)).toEqual(['12', '13', '12'])
    expect(await t.db.select().from(orderTexts).where(eq(orderTexts.orderId, orderId))).toEqual([])
    expect((await undo(bumped.bumpId)).body).toMatchObject({ code: 'already_undone' })
  })

  it('undo is refused after its window (409 undo_window_passed), and for any but the last bump (409 not_last_bump)', async () => {
    const orderId = await orderIn('19', 'pickup')
    const first = (await bump(orderId, '19')).body as BumpResult
    const second = (await bump(orderId, '11')).body as BumpResult
    expect((await undo(first.bumpId)).body).toMatchObject({ code: 'not_last_bump' })
    tick(11)
    const late = await undo(second.bumpId)
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ code: 'undo_window_passed' })
    expect(await statusOf(orderId)).toBe('12')
  })

  it('undo is refused once the order moved on since the bump (the sandbox, a courier): 409 order_moved', async () => {
    const orderId = await orderIn('19', 'pickup')
    const bumped = (await bump(orderId, '19')).body as BumpResult
    const { moveOrder } = await import('../orders/status')
    await t.db.transaction((tx) => moveOrder(tx, orderId, '12', { at: clock }))
    expect((await undo(bumped.bumpId)).body).toMatchObject({ code: 'order_moved' })
    expect(await statusOf(orderId)).toBe('12')
  })

  it('another location’s order is refused: its staff token on this path 403, this staff on its order 404, nothing moves', async () => {
    const orderId = await orderIn('19', 'pickup')
    const foreignToken = await bump(orderId, '19', staff('olive-tree-soma'))
    expect(foreignToken.status).toBe(403)
    expect(foreignToken.body).toMatchObject({ code: 'forbidden' })
    const foreignPath = await bump(orderId, '19', staff('olive-tree-soma'), somaId)
    expect(foreignPath.status).toBe(404)
    expect(foreignPath.body).toMatchObject({ code: 'not_found' })
    const bumped = (await bump(orderId, '19')).body as BumpResult
    expect((await undo(bumped.bumpId, staff('olive-tree-soma'), somaId)).body).toMatchObject({ code: 'not_found' })
    expect(await statusOf(orderId)).toBe('11')
    expect((await send('GET', `/staff/${empireId}/kitchen`, undefined, {})).body).toMatchObject({ code: 'unauthenticated' })
  })
})

describe('stock and the pause, from the kitchen', () => {
  const menu = async () =>
    (await t.postEncrypted('/merchants/menu/v2', { locationId: empireId, menuType: 'pickup', visibleTo: ['C'] })).body as MenuResponse
  const versionOf = async () => (await t.db.select().from(locations).where(eq(locations.id, empireId)))[0]!.menuVersion
  /** The call's answer, once the menu's version notice is heard (PostgreSQL delivers it a moment after the commit). */
  async function heardMenuChange(write: () => Promise<unknown>) {
    let answer: unknown
    await writeAndHearMenuNotice(t, empireId, async () => (answer = await write()))
    return answer
  }

  it('sold out and back change the diner’s menu and move its version', async () => {
    const dishes = ((await send('GET', `/staff/${empireId}/kitchen/stock`)).body as { dishes: StockDish[] }).dishes
    expect(dishes.find((dish) => dish.id === pattyMelt)).toMatchObject({ name: 'Patty Melt', soldOut: false })
    const before = await versionOf()
    await menu()
    const out = (await heardMenuChange(() => send('PUT', `/staff/${empireId}/kitchen/stock/${pattyMelt}`, { soldOut: true }))) as { body: StockDish }
    expect(out.body).toMatchObject({ id: pattyMelt, soldOut: true, stockQuantity: 0 })
    expect(await versionOf()).toBeGreaterThan(before)
    expect((await menu()).items.find((item) => item.id === pattyMelt)).toMatchObject({ stockQuantity: 0 })
    const soldOutAt = await versionOf()
    const back = (await heardMenuChange(() => send('PUT', `/staff/${empireId}/kitchen/stock/${pattyMelt}`, { soldOut: false }))) as { body: StockDish }
    expect(back.body).toMatchObject({ soldOut: false, stockQuantity: null })
    expect(await versionOf()).toBeGreaterThan(soldOutAt)
    expect((await menu()).items.find((item) => item.id === pattyMelt)).toMatchObject({ stockQuantity: null })
    // Another location's dish is not this kitchen's.
    const [olive] = await t.db.select().from(menuItems).where(eq(menuItems.locationId, somaId)).limit(1)
    expect((await send('PUT', `/staff/${empireId}/kitchen/stock/${olive!.id}`, { soldOut: true })).body).toMatchObject({ code: 'not_found' })
  })

  it('paused online ordering refuses placement with 409 online_ordering_paused, the restaurant says so, and resuming takes orders again', async () => {
    const request: PlaceOrderRequest = { locationId: empireId, orderTypeCode: 'pickup', items: [{ itemId: pattyMelt, quantity: 1 }], tip: { tipType: 'NONE', value: 0 } }
    const place = (key: string) => callAs(t, asha, 'POST', '/order/customer/createOrder', { data: encryptPayload(request, t.env.PAYLOAD_KEY) }, { 'Idempotency-Key': key })
    const restaurant = async () => (await t.postEncrypted('/merchants/locations/id', { locationId: empireId })).body as RestaurantDetail
    const paused = await send('PUT', `/staff/${empireId}/kitchen/ordering`, { paused: true })
    expect(paused.body).toEqual({ orderingPaused: true, orderingPausedAt: clock.toISOString() })
    expect((await board()).orderingPaused).toBe(true)
    expect((await restaurant()).orderingPaused).toBe(true)
    const refused = await place('paused-1')
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ code: 'online_ordering_paused' })
    const resumed = await send('PUT', `/staff/${empireId}/kitchen/ordering`, { paused: false })
    expect(resumed.body).toEqual({ orderingPaused: false, orderingPausedAt: null })
    expect((await restaurant()).orderingPaused).toBe(false)
    expect((await place('paused-2')).status).toBe(201)
  })
})

describe('the sandbox steps aside for a kitchen on shift', () => {
  it('a location with staff on shift is not moved by the sandbox kitchen (orders nor a tab’s tickets); once the shift ends it is again', async () => {
    clock = new Date('2030-03-05T12:00:00Z')
    const [table] = await t.db.select().from(diningTables).where(eq(diningTables.locationId, empireId)).limit(1)
    const pickup = await orderIn('19', 'pickup')
    const tab = await orderIn('12', 'dinein', { tableId: table!.id })
    const [ticket] = await t.db.insert(kitchenTickets).values({ orderId: tab, round: 1, status: '41', updatedAt: clock }).returning()
    const [soma] = await t.db
      .insert(orders)
      .values({ locationId: somaId, orderTypeCode: 'pickup', status: '19', subtotalMinor: 900, totalMinor: 900, currency: 'USD', createdAt: clock, updatedAt: clock })
      .returning()
    await t.db.insert(orderStatusHistory).values({ orderId: soma!.id, status: '19', at: clock })
    // The kitchen signs in at Empire Burger now: its access token makes the location "on shift" for its 15 minutes.
    await staffSession(t, 'empire-burger', 'kitchen', clock)
    tick(30)
    const moved = (await runKitchenTick(t.db, clock)).map((move) => move.orderId)
    expect(moved).toContain(soma!.id)
    expect(moved).not.toContain(pickup)
    expect(await statusOf(pickup)).toBe('19')
    expect((await t.db.select().from(kitchenTickets).where(eq(kitchenTickets.id, ticket!.id)))[0]!.status).toBe('41')
    // No screen renews the token: 16 minutes on the shift is over and the sandbox plays the kitchen again.
    tick(16 * 60)
    const later = (await runKitchenTick(t.db, clock)).map((move) => move.orderId)
    expect(later).toContain(pickup)
    expect(await statusOf(pickup)).toBe('11')
    expect((await t.db.select().from(kitchenTickets).where(eq(kitchenTickets.id, ticket!.id)))[0]!.status).toBe('42')
  })
})
