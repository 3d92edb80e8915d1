import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_TOKENIZE_AUTHORIZATION } from '@/shared/api/contracts/card-provider'
import type { KitchenTicketsResponse, SplitBill, WaiterCall } from '@/shared/api/contracts/dine-in'
import { evenShares, itemShares } from '@/shared/api/contracts/dine-in-rules'
import type { OrderDetail, OrderReceipt, PaymentResult } from '@/shared/api/contracts/ordering'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { staffHeaders } from '../../test/staff-auth'
import { diningTables, kitchenTickets, locations, menuItems, orders, paymentEvents, payments } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestCustomer, type TestCustomer } from '../../test/signed-in-client'
import { runKitchenTick } from '../../jobs/kitchen'

let t: TestApp
let asha: TestCustomer
let ben: TestCustomer
let locationId: string
let tableId: string
let otherTableId: string
const dishes: Record<string, string> = {}
const nextYear = new Date().getUTCFullYear() + 1

beforeAll(async () => {
  t = await createTestApp()
  asha = await createTestCustomer(t, 'Asha', '+14155550701')
  ben = await createTestCustomer(t, 'Ben', '+14155550702')
  const [empire] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'empire-burger'))
  locationId = empire!.id
  const tables = await t.db.select().from(diningTables).where(eq(diningTables.locationId, locationId))
  tableId = tables[0]!.id
  otherTableId = tables[1]!.id
  for (const row of await t.db.select().from(menuItems).where(eq(menuItems.locationId, locationId))) dishes[row.name] = row.id
})
afterAll(() => t.close())

let keys = 0
async function call(who: TestCustomer | undefined, path: string, payload: unknown, method: 'POST' | 'PUT' = 'POST', key: string | null = `k-${++keys}`) {
  return callAs(t, who, method, path, { data: encryptPayload(payload, t.env.PAYLOAD_KEY) }, key ? { 'Idempotency-Key': key } : {})
}

async function tokenize(number = '4242424242424242'): Promise<string> {
  const response = await callAs(t, undefined, 'POST', '/provider/sandbox/tokenize', { number, expMonth: 12, expYear: nextYear, cvc: '123' }, {
    Authorization: SANDBOX_TOKENIZE_AUTHORIZATION,
  })
  return (response.body as { token: string }).token
}

/** Round 1 at a table of Empire Burger (open 24 hours): a dine-in order, not paid first. */
async function openTab(by: TestCustomer = asha, items = [{ itemId: dishes['Patty Melt']!, quantity: 1 }], table = tableId): Promise<OrderDetail> {
  const response = await call(by, '/order/customer/createOrder', { locationId, orderTypeCode: 'dinein', items, tableId: table })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body as OrderDetail
}

const ticketsOf = async (orderId: string, who: TestCustomer = asha, extra: object = {}) =>
  (await call(who, '/kot/v2/getKOTItemsBySortOrder', { orderId, ...extra }, 'POST', null)).body as KitchenTicketsResponse

describe('rounds at the table', () => {
  it('opens the tab with round 1 and its kitchen ticket, then adds round 2 onto the same order, re-priced', async () => {
    const order = await openTab()
    expect(order).toMatchObject({ status: '6', paymentStatus: null, tableId, orderTypeGroup: 'D' })
    expect(order.items.map((line) => line.round)).toEqual([1])
    expect((await ticketsOf(order.orderId)).tickets).toEqual([expect.objectContaining({ round: 1, status: '41', items: [expect.objectContaining({ name: 'Patty Melt', quantity: 1 })] })])

    const round = await call(asha, '/order/update/customer', { orderId: order.orderId, items: [{ itemId: dishes['Patty Melt']!, quantity: 2 }] }, 'PUT')
    expect(round.status, JSON.stringify(round.body)).toBe(200)
    expect(round.text).toMatch(/^U2FsdGVkX1/)
    const updated = round.body as OrderDetail
    expect(updated.orderId).toBe(order.orderId)
    expect(updated.items.map((line) => [line.round, line.quantity])).toEqual([
      [1, 1],
      [2, 2],
    ])
    expect(updated.subtotal).toBe(order.subtotal * 3)
    expect(updated.total).toBe(updated.subtotal + updated.tax + updated.surcharge + updated.tip - updated.discount)
    const tickets = await ticketsOf(order.orderId)
    expect(tickets.tickets.map((ticket) => [ticket.round, ticket.status, ticket.items.length])).toEqual([
      [1, '41', 1],
      [2, '41', 1],
    ])
    const second = await ticketsOf(order.orderId, asha, { sortOrder: 2 })
    expect(second.tickets).toEqual([expect.objectContaining({ round: 2, items: [expect.objectContaining({ quantity: 2 })] })])
  })

  it('replays a round retried with the same key instead of adding it twice', async () => {
    const order = await openTab()
    const body = { orderId: order.orderId, items: [{ itemId: dishes['Patty Melt']!, quantity: 1 }] }
    const first = await call(asha, '/order/update/customer', body, 'PUT', 'round-once')
    const again = await call(asha, '/order/update/customer', body, 'PUT', 'round-once')
    expect(again.body).toEqual(first.body)
    expect((await ticketsOf(order.orderId)).tickets).toHaveLength(2)
  })

  it('refuses a round for a pickup order, and shows nobody else the order (404)', async () => {
    const pickup = await call(asha, '/order/customer/createOrder', { locationId, orderTypeCode: 'pickup', items: [{ itemId: dishes['Patty Melt']!, quantity: 1 }] })
    const refused = await call(asha, '/order/update/customer', { orderId: (pickup.body as OrderDetail).orderId, items: [{ itemId: dishes['Patty Melt']!, quantity: 1 }] }, 'PUT')
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ code: 'not_a_table_order' })

    const order = await openTab()
    expect((await call(ben, '/order/update/customer', { orderId: order.orderId, items: [{ itemId: dishes['Patty Melt']!, quantity: 1 }] }, 'PUT')).status).toBe(404)
    expect((await call(ben, '/kot/v2/getKOTItemsBySortOrder', { orderId: order.orderId }, 'POST', null)).status).toBe(404)
    expect((await call(ben, '/order/customer/split', { orderId: order.orderId, mode: 'EVEN', parts: 2 })).status).toBe(404)
  })
})

describe('the sandbox kitchen at the table', () => {
  it('moves tickets 41 → 42 → 43 (KOT Ready) → 59 and the order 6 → 11 → 12 → 13 → 59, then 17 once paid', async () => {
    const order = await openTab(asha, [{ itemId: dishes['Patty Melt']!, quantity: 1 }], otherTableId)
    const start = new Date(Date.now() + 60_000)
    const at = (steps: number) => new Date(start.getTime() + steps * 20_000)
    const seen: string[] = []
    const ticketStatuses: string[] = []
    for (let step = 0; step <= 14; step++) {
      for (const move of await runKitchenTick(t.db, at(step))) if (move.orderId === order.orderId) seen.push(move.to)
      const [ticket] = await t.db.select().from(kitchenTickets).where(eq(kitchenTickets.orderId, order.orderId))
      if (ticketStatuses.at(-1) !== ticket!.status) ticketStatuses.push(ticket!.status)
    }
    expect(ticketStatuses).toEqual(['41', '42', '43', '59'])
    expect(seen).toEqual(['11', '12', '13', '59'])
    const tickets = await ticketsOf(order.orderId)
    expect(tickets.tickets[0]).toMatchObject({ status: '59', statusLabel: 'Order Served (Dine-in)' })

    const token = await tokenize()
    expect((await call(asha, '/payment/v2/authorize', { orderId: order.orderId, cardToken: token })).body).toMatchObject({ paymentStatus: '18', orderStatus: '59' })
    const collected = (await call(asha, '/payment/collect-payment', { orderId: order.orderId })).body as PaymentResult
    expect(collected).toMatchObject({ paymentStatus: '19', orderStatus: '17' })
    const read = (await call(asha, '/order/customer', { orderId: order.orderId }, 'POST', null)).body as OrderDetail
    expect(read).toMatchObject({ status: '17', statusLabel: 'Dine-in Order Completed', paymentStatus: '19' })
    const more = await call(asha, '/order/update/customer', { orderId: order.orderId, items: [{ itemId: dishes['Patty Melt']!, quantity: 1 }] }, 'PUT')
    expect(more.status).toBe(409)
  })
})

describe('split bills', () => {
  it('shares an awkward total evenly, the remainder cents on the first shares', () => {
    expect(evenShares(10_001, 3)).toEqual([3334, 3334, 3333])
    expect(evenShares(5, 2)).toEqual([3, 2])
    expect(itemShares([1000, 2000, 333], 3333, 3999)).toEqual([1200, 2400, 399])
    const shares = itemShares([701, 702, 703], 2106, 2387)
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(2387)
  })

  it('splits $100.01 in 3 so the shares add up exactly, and replaces unpaid shares on a new split', async () => {
    const order = await openTab()
    // The bill made $100.01 by its subtotal, so the total still adds up (a database rule).
    await t.db
      .update(orders)
      .set({ subtotalMinor: sql`${orders.subtotalMinor} + ${10_001 - order.total}`, totalMinor: 10_001 })
      .where(eq(orders.id, order.orderId))
    const response = await call(asha, '/order/customer/split', { orderId: order.orderId, mode: 'EVEN', parts: 3 })
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    const bill = response.body as SplitBill
    expect(bill.shares.map((share) => [share.label, share.amount])).toEqual([
      ['Share 1 of 3', 3334],
      ['Share 2 of 3', 3334],
      ['Share 3 of 3', 3333],
    ])
    const again = (await call(asha, '/order/customer/split', { orderId: order.orderId, mode: 'EVEN', parts: 2 })).body as SplitBill
    expect(again.shares.map((share) => share.amount)).toEqual([5001, 5000])
    const listed = (await call(asha, '/order/customer/splits', { orderId: order.orderId }, 'POST', null)).body as SplitBill
    expect(listed.shares.map((share) => share.id)).toEqual(again.shares.map((share) => share.id))
    expect((await call(asha, '/order/customer/split', { orderId: order.orderId, mode: 'EVEN', parts: 21 })).status).toBe(400)
  })

  it('splits by items: every line in exactly one share, the shares adding up to the total', async () => {
    const order = await openTab(asha, [
      { itemId: dishes['Patty Melt']!, quantity: 1 },
      { itemId: dishes['Patty Melt']!, quantity: 3 },
    ])
    const [first, second] = order.items
    const missing = await call(asha, '/order/customer/split', { orderId: order.orderId, mode: 'ITEMS', groups: [{ orderItemIds: [first!.id] }, { orderItemIds: [first!.id] }] })
    expect(missing.status).toBe(400)
    const response = await call(asha, '/order/customer/split', {
      orderId: order.orderId,
      mode: 'ITEMS',
      groups: [
        { label: 'Asha', orderItemIds: [first!.id] },
        { label: 'Ben', orderItemIds: [second!.id] },
      ],
    })
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    const bill = response.body as SplitBill
    expect(bill.shares.map((share) => share.label)).toEqual(['Asha', 'Ben'])
    expect(bill.shares[0]!.amount + bill.shares[1]!.amount).toBe(order.total)
    expect(bill.shares[0]!.amount).toBe(Math.round((order.total * first!.lineSubtotal) / order.subtotal))
  })

  it('pays one share once, refuses paying the whole bill while it is split, and marks the order paid after the last share', async () => {
    const order = await openTab()
    const bill = (await call(asha, '/order/customer/split', { orderId: order.orderId, mode: 'EVEN', parts: 2 })).body as SplitBill
    const [one, two] = bill.shares
    const token = await tokenize()
    const whole = await call(asha, '/payment/v2/authorize', { orderId: order.orderId, cardToken: token })
    expect(whole.status).toBe(409)
    expect(whole.body).toMatchObject({ code: 'bill_is_split' })

    const authorized = (await call(asha, '/payment/v2/authorize', { orderId: order.orderId, cardToken: token, splitId: one!.id })).body as PaymentResult
    expect(authorized).toMatchObject({ paymentStatus: '18', amount: one!.amount, orderStatus: '6' })
    const collects = await Promise.all([1, 2, 3].map((n) => call(asha, '/payment/collect-payment', { orderId: order.orderId, splitId: one!.id }, 'POST', `split-collect-${n}`)))
    for (const response of collects) expect(response.body).toMatchObject({ paymentStatus: '19', amount: one!.amount })
    const charged = await t.db
      .select({ payment: payments, capture: paymentEvents })
      .from(payments)
      .innerJoin(paymentEvents, and(eq(paymentEvents.paymentId, payments.id), eq(paymentEvents.type, 'CAPTURE')))
      .where(eq(payments.orderId, order.orderId))
    expect(charged).toHaveLength(1)
    expect(charged[0]!.payment).toMatchObject({ splitId: one!.id, amountMinor: one!.amount })
    expect(charged[0]!.capture.amountMinor).toBe(one!.amount)

    const receipt = (await call(asha, '/order/customer', { orderId: order.orderId, splitId: one!.id }, 'POST', null)).body as OrderReceipt
    expect(receipt.split).toMatchObject({ id: one!.id, amount: one!.amount, payment: expect.objectContaining({ status: '19' }) })
    expect(receipt.paymentStatus).toBeNull()
    expect((await call(asha, '/order/customer/split', { orderId: order.orderId, mode: 'EVEN', parts: 3 })).status).toBe(409)
    expect((await call(asha, '/order/update/customer', { orderId: order.orderId, items: [{ itemId: dishes['Patty Melt']!, quantity: 1 }] }, 'PUT')).status).toBe(409)
    expect((await call(ben, '/payment/v2/authorize', { orderId: order.orderId, cardToken: token, splitId: two!.id })).status).toBe(404)

    await call(asha, '/payment/v2/authorize', { orderId: order.orderId, cardToken: token, splitId: two!.id })
    await call(asha, '/payment/collect-payment', { orderId: order.orderId, splitId: two!.id })
    const paid = (await call(asha, '/order/customer/splits', { orderId: order.orderId }, 'POST', null)).body as SplitBill
    expect(paid.shares.map((share) => share.paid)).toEqual([true, true])
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.orderId))
    expect(row).toMatchObject({ paymentStatus: '19', status: '6' })
    expect(one!.amount + two!.amount).toBe(row!.totalMinor)
  })

  it('refuses to split a bill that is already being paid as a whole', async () => {
    const order = await openTab()
    await call(asha, '/payment/v2/authorize', { orderId: order.orderId, cardToken: await tokenize() })
    const refused = await call(asha, '/order/customer/split', { orderId: order.orderId, mode: 'EVEN', parts: 2 })
    expect(refused.status).toBe(409)
  })
})

describe('call waiter', () => {
  it('keeps one open call per table, which the restaurant’s staff see, acknowledge and close', async () => {
    const first = await callAs(t, undefined, 'POST', '/customer/call-waiter', { tableId, reason: 'Water please' })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    const again = await callAs(t, undefined, 'POST', '/customer/call-waiter', { tableId })
    expect(again.status).toBe(200)
    expect((again.body as WaiterCall).id).toBe((first.body as WaiterCall).id)

    const staff = await staffHeaders(t, 'empire-burger', 'server')
    const listed = await callAs(t, undefined, 'GET', `/merchants/${locationId}/waiter-calls`, undefined, staff)
    expect(listed.status).toBe(200)
    expect(listed.body as WaiterCall[]).toEqual([expect.objectContaining({ id: (first.body as WaiterCall).id, status: 'Open', reason: 'Water please' })])
    expect((await callAs(t, undefined, 'GET', `/merchants/${locationId}/waiter-calls`)).status).toBe(401)
    const wrongStaff = await staffHeaders(t, 'velvet-hour', 'server')
    expect((await callAs(t, undefined, 'GET', `/merchants/${locationId}/waiter-calls`, undefined, wrongStaff)).body).toMatchObject({ code: 'forbidden' })
    const kitchen = await staffHeaders(t, 'empire-burger', 'kitchen')
    expect((await callAs(t, undefined, 'GET', `/merchants/${locationId}/waiter-calls`, undefined, kitchen)).body).toMatchObject({ code: 'role_not_allowed' })

    const done = await callAs(t, undefined, 'PUT', `/merchants/${locationId}/waiter-calls/${(first.body as WaiterCall).id}`, { data: encryptPayload({ status: 'Done' }, t.env.PAYLOAD_KEY) }, staff)
    expect(done.body).toMatchObject({ status: 'Done' })
    const next = await callAs(t, undefined, 'POST', '/customer/call-waiter', { tableId })
    expect(next.status).toBe(201)
    expect((next.body as WaiterCall).id).not.toBe((first.body as WaiterCall).id)
  })

  it('refuses an unknown table and someone else’s order', async () => {
    expect((await callAs(t, undefined, 'POST', '/customer/call-waiter', { tableId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404)
    const order = await openTab()
    expect((await callAs(t, ben, 'POST', '/customer/call-waiter', { tableId, orderId: order.orderId })).status).toBe(404)
  })
})
