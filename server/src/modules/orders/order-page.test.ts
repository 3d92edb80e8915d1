import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { statusSentence } from '@/shared/api/contracts/order-status'
import type { OrderDetail, PlaceOrderRequest } from '@/shared/api/contracts/ordering'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { zonedClock } from '@/shared/lib/hours'
import { locations, menuItems, orders, orderStatusHistory, orderTexts, shortLinks, smsMessages } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestGuest, type TestCustomer } from '../../test/signed-in-client'
import { newOrderLinkId, ORDER_LINK_ALPHABET, ORDER_LINK_LENGTH } from '../links/order-links'
import { estimateOf } from './estimate'
import { ORDER_TEXT_STALE_MINUTES, sendOrderTexts, textKindFor } from './order-texts'
import { listOrderHistory } from './order-history'
import { moveOrder } from './status'
import { sandboxSmsProvider } from '../../providers/sms'
import { runningClockFrom } from '../../test/running-clock'

let t: TestApp
let gia: TestCustomer
const GUEST_PHONE = '+14155550477'
const start = new Date('2030-03-01T12:00:00Z')
const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000)

/**
 * The app's clock: a fixed Monday, 12:20 in New York, running on with real time, so the orders a
 * test compares are placed on one service day whatever the hour it runs at (at midnight in New
 * York the next one would start again at 1).
 */
const appNow = runningClockFrom('2026-11-23T17:20:00Z')

beforeAll(async () => {
  t = await createTestApp({ now: appNow })
  gia = await createTestGuest(t, 'Gia Guest', GUEST_PHONE)
})
afterAll(() => t.close())

async function locationOf(slug: string) {
  const [row] = await t.db.select().from(locations).where(eq(locations.locationSlug, slug))
  return row!
}

async function cart(slug: string, extra: Partial<PlaceOrderRequest> = {}): Promise<PlaceOrderRequest> {
  const location = await locationOf(slug)
  const [dish] = await t.db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(and(eq(menuItems.locationId, location.id), eq(menuItems.name, 'Patty Melt')))
  return { locationId: location.id, orderTypeCode: 'pickup', items: [{ itemId: dish!.id, quantity: 1 }], guest: { fullName: 'Gia Guest', phone: GUEST_PHONE }, ...extra }
}

async function place(request: PlaceOrderRequest): Promise<OrderDetail> {
  const response = await callAs(t, gia, 'POST', '/order/customer/createOrder', { data: encryptPayload(request, t.env.PAYLOAD_KEY) })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body as OrderDetail
}

/** A guest's order at Olive Tree SoMa in `status`, as payment leaves it; typed by `orderTypeCode`. */
async function guestOrder(orderTypeCode: 'pickup' | 'delivery', status = '6', phone = GUEST_PHONE): Promise<string> {
  const location = await locationOf('olive-tree-soma')
  const [order] = await t.db
    .insert(orders)
    .values({ locationId: location.id, orderTypeCode, status, subtotalMinor: 1200, totalMinor: 1200, currency: 'USD', guestName: 'Gia', guestPhone: phone, updatedAt: start })
    .returning()
  await t.db.insert(orderStatusHistory).values({ orderId: order!.id, status, at: start })
  return order!.id
}

const textsOf = async (orderId: string) =>
  (await t.db.select().from(orderTexts).where(eq(orderTexts.orderId, orderId)).orderBy(asc(orderTexts.createdAt))).map((text) => text.kind)

const sendAll = (now: Date) => sendOrderTexts(t.db, { sms: (executor) => sandboxSmsProvider(executor as typeof t.db), siteUrl: 'https://tablefront.example/', now })

describe('order numbers', () => {
  it('numbers a location’s orders 1, 2, 3 … per service day in the restaurant’s own date, and another location counts on its own', async () => {
    const burger = await locationOf('empire-burger')
    const first = await place(await cart('empire-burger'))
    const second = await place(await cart('empire-burger'))
    expect(first.orderNumber).toBeGreaterThanOrEqual(1)
    expect(second.orderNumber).toBe(first.orderNumber! + 1)
    expect(first.orderNumberDate).toBe(zonedClock(new Date(first.createdAt), burger.timeZoneCd).date)
    expect(second.orderNumberDate).toBe(first.orderNumberDate)
  })

  it('never gives two placements at one restaurant the same number, even at once', async () => {
    const request = await cart('empire-burger')
    const placed = await Promise.all(Array.from({ length: 6 }, () => place(request)))
    const numbers = placed.map((order) => order.orderNumber!).sort((a, b) => a - b)
    expect(new Set(numbers).size).toBe(6)
    expect(numbers.at(-1)! - numbers[0]!).toBe(5)
  })
})

describe('texts about an order (docs/orders.md "Texts")', () => {
  it('texts a guest the order’s unguessable link once it is paid, then “ready” once, from the one status transition', async () => {
    const orderId = await guestOrder('pickup')
    await moveOrder(t.db, orderId, '19', { at: start })
    await moveOrder(t.db, orderId, '11', { at: later(1) })
    await moveOrder(t.db, orderId, '13', { at: later(2) })
    // A repeated transition (a replay, a second kitchen pass) sends nothing twice.
    await moveOrder(t.db, orderId, '13', { at: later(3) })
    expect(await textsOf(orderId)).toEqual(['confirmed', 'ready'])

    expect(await sendAll(later(3))).toEqual({ sent: 2, stale: 0 })
    const sent = await t.db.select().from(smsMessages).where(eq(smsMessages.phone, GUEST_PHONE)).orderBy(asc(smsMessages.createdAt))
    const [link] = await t.db.select().from(shortLinks).where(eq(shortLinks.orderId, orderId))
    expect(link!.id).toMatch(new RegExp(`^[${ORDER_LINK_ALPHABET}]{${ORDER_LINK_LENGTH}}$`))
    expect(link!.target).toBe(`/restaurant/olive-tree-soma/order/${orderId}`)
    const mine = sent.filter((message) => message.body.includes(link!.id))
    expect(mine.map((message) => message.body)).toEqual([
      expect.stringMatching(new RegExp(`has your order.*Follow it here: https://tablefront\\.example/${link!.id}$`)),
      expect.stringMatching(/is ready at .*counter\. https:\/\/tablefront\.example\//),
    ])
    // The link never carries the order's id.
    expect(mine.every((message) => !message.body.includes(orderId))).toBe(true)
    expect(await sendAll(later(4))).toEqual({ sent: 0, stale: 0 })
  })

  it('texts “on the way” for a delivery when the courier has it, and no “ready” (the courier collects it)', async () => {
    const orderId = await guestOrder('delivery', '19')
    await moveOrder(t.db, orderId, '13', { at: later(1) })
    await moveOrder(t.db, orderId, '14', { at: later(2) })
    expect(await textsOf(orderId)).toEqual(['on_the_way'])
  })

  it('drops a text not sent within the stale window instead of sending it late', async () => {
    const orderId = await guestOrder('pickup', '12')
    await moveOrder(t.db, orderId, '13', { at: start })
    const result = await sendAll(later(ORDER_TEXT_STALE_MINUTES + 1))
    expect(result.stale).toBeGreaterThanOrEqual(1)
    const [text] = await t.db.select().from(orderTexts).where(eq(orderTexts.orderId, orderId))
    expect(text!.outcome).toBe('stale')
  })

  it('sends a diner with an account no link text at payment, and nothing at a table', () => {
    expect(textKindFor('19', { typeGroup: 'P', atTable: false, guest: false })).toBeNull()
    expect(textKindFor('19', { typeGroup: 'P', atTable: false, guest: true })).toBe('confirmed')
    expect(textKindFor('13', { typeGroup: 'D', atTable: true, guest: true })).toBeNull()
    expect(textKindFor('13', { typeGroup: 'P', atTable: false, guest: false })).toBe('ready')
    expect(textKindFor('14', { typeGroup: 'P', atTable: false, guest: false })).toBeNull()
  })

  it('makes order links of 20 symbols with a digit, so /{segment} reads them as short links', () => {
    let calls = 0
    // The first draw has no digit (every byte maps to "a"): drawn again.
    const id = newOrderLinkId((size) => new Uint8Array(size).fill(calls++ === 0 ? 0 : 31))
    expect(id).toBe('9'.repeat(ORDER_LINK_LENGTH))
    expect(calls).toBe(2)
  })
})

describe('the order page’s words and times', () => {
  it('keeps the seed’s label and says it plainly: "KOT Ready" → "The kitchen has your ticket"', () => {
    expect(statusSentence('43', { typeGroup: 'D', atTable: true })).toBe('The kitchen has your ticket.')
    expect(statusSentence('13', { typeGroup: 'P' })).toBe('Your order is ready at the counter.')
    expect(statusSentence('13', { typeGroup: 'L' })).toBe('Your order is ready and waiting for the courier.')
  })

  it('estimates a pickup from payment plus the restaurant’s pickup time, a delivery by the courier once out, and nothing once ready', () => {
    const base = { typeGroup: 'P', atTable: false, scheduledFor: null, paidAt: start, courierEta: null, pickupEtaMinutes: 15, deliveryEtaMinutes: 40 }
    expect(estimateOf({ ...base, status: '12' })).toEqual({ at: later(15), kind: 'ready' })
    expect(estimateOf({ ...base, status: '13' })).toBeNull()
    expect(estimateOf({ ...base, status: '6' })).toBeNull()
    expect(estimateOf({ ...base, status: '11', scheduledFor: later(90) })).toEqual({ at: later(90), kind: 'ready' })
    expect(estimateOf({ ...base, typeGroup: 'L', status: '12' })).toEqual({ at: later(40), kind: 'arrival' })
    expect(estimateOf({ ...base, typeGroup: 'L', status: '14', courierEta: later(7) })).toEqual({ at: later(7), kind: 'arrival' })
    expect(estimateOf({ ...base, typeGroup: 'L', status: '15', courierEta: later(7) })).toBeNull()
  })

  it('lists an order in My orders with its number and the restaurant’s time zone, so the list shows the same clock as the order', async () => {
    const burger = await locationOf('empire-burger')
    const [order] = await t.db
      .insert(orders)
      .values({ locationId: burger.id, orderTypeCode: 'pickup', status: '19', subtotalMinor: 900, totalMinor: 900, currency: 'USD', customerId: gia.id, orderNumber: 47, orderNumberDate: '2030-03-01' })
      .returning()
    const list = await listOrderHistory(t.db, { customerId: gia.id, page: 0, size: 50, newestFirst: true })
    expect(list.content.find((entry) => entry.orderId === order!.id)).toMatchObject({ orderNumber: 47, timeZone: burger.timeZoneCd })
  })
})
