import { and, eq, inArray, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CartPreview, OrderDetail, PlaceOrderRequest } from '@/shared/api/contracts/ordering'
import type { TotalsResponse } from '@/shared/api/contracts/orders'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { zonedClock } from '@/shared/lib/hours'
import {
  customers,
  diningTables,
  locations,
  menuItems,
  modifierOptions,
  modifiers,
  orderItemOptions,
  orderItems,
  orders,
  orderSplits,
  orderStatusHistory,
  paymentEvents,
  payments,
  workingHours,
} from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestCustomer, createTestGuest, type SignedInResponse, type TestCustomer } from '../../test/signed-in-client'

let t: TestApp
let asha: TestCustomer
let ben: TestCustomer
let gia: TestCustomer
const responses: SignedInResponse[] = []
const GUEST_PHONE = '+14155550499'

beforeAll(async () => {
  t = await createTestApp()
  asha = await createTestCustomer(t, 'Asha', '+14155550501')
  ben = await createTestCustomer(t, 'Ben', '+14155550502')
  // A guest whose code proved GUEST_PHONE in this session: its guest token is the proof.
  gia = await createTestGuest(t, 'Gia Guest', GUEST_PHONE)
})
afterAll(() => t.close())

async function locationId(slug: string): Promise<string> {
  const [row] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.locationSlug, slug))
  if (!row) throw new Error(`no location ${slug}`)
  return row.id
}

async function itemId(slug: string, name: string): Promise<string> {
  const [row] = await t.db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(and(eq(menuItems.locationId, await locationId(slug)), eq(menuItems.name, name)))
  if (!row) throw new Error(`no item ${name}`)
  return row.id
}

async function optionId(slug: string, item: string, modifier: string, option: string): Promise<string> {
  const [row] = await t.db
    .select({ id: modifierOptions.id })
    .from(modifierOptions)
    .innerJoin(modifiers, eq(modifierOptions.modifierId, modifiers.id))
    .where(and(eq(modifiers.itemId, await itemId(slug, item)), eq(modifiers.name, modifier), eq(modifierOptions.name, option)))
  if (!row) throw new Error(`no option ${option}`)
  return row.id
}

/** An encrypted order call as `who` (a guest when undefined). */
async function call(who: TestCustomer | undefined, method: 'POST' | 'PUT' | 'GET', path: string, payload?: unknown, headers: Record<string, string> = {}) {
  const body = payload === undefined ? undefined : { data: encryptPayload(payload, t.env.PAYLOAD_KEY) }
  const response = await callAs(t, who, method as 'POST', path, body, headers)
  responses.push(response)
  return response
}

/** Two Empire Classics with onion rings and bacon, and a Patty Melt: Empire Burger is open 24 hours. */
async function burgerCart(extra: Partial<PlaceOrderRequest> = {}): Promise<PlaceOrderRequest> {
  const classic = 'Empire Classic'
  return {
    locationId: await locationId('empire-burger'),
    orderTypeCode: 'pickup',
    items: [
      {
        itemId: await itemId('empire-burger', classic),
        quantity: 2,
        options: [
          { modifierOptionId: await optionId('empire-burger', classic, 'Side', 'Onion rings'), quantity: 1 },
          { modifierOptionId: await optionId('empire-burger', classic, 'Add-ons', 'Bacon'), quantity: 1 },
        ],
        comment: 'No pickles',
      },
      { itemId: await itemId('empire-burger', 'Patty Melt'), quantity: 1 },
    ],
    tip: { tipType: 'FLATFEE', value: 300 },
    orderInstruction: 'Extra napkins',
    ...extra,
  }
}

const place = (who: TestCustomer | undefined, request: unknown, key?: string) =>
  call(who, 'POST', '/order/customer/createOrder', request, key ? { 'Idempotency-Key': key } : {})

async function ordersOf(customerId: string) {
  return t.db.select().from(orders).where(eq(orders.customerId, customerId))
}

describe('POST /order/customer/createOrder', () => {
  it('places a signed-in customer’s order at the server’s prices, with its lines, options and first status', async () => {
    const request = await burgerCart()
    const quote = await t.postEncrypted('/order/customer/totals', request)
    const totals = quote.body as TotalsResponse
    const response = await place(asha, request)
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    expect(response.text).toMatch(/^U2FsdGVkX1/)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const order = response.body as OrderDetail
    expect(order).toMatchObject({
      status: '6',
      paymentStatus: null,
      customerId: asha.id,
      fullName: 'Asha',
      phone: '+14155550501',
      currency: 'USD',
      subtotal: totals.subtotal,
      tax: totals.tax,
      tip: 300,
      total: totals.total,
      orderInstruction: 'Extra napkins',
      isScheduleOrder: false,
      scheduledFor: null,
    })
    // 2 × (1400 + 200 onion rings + 250 bacon) + 1500
    expect(order.subtotal).toBe(5200)
    expect(order.items).toHaveLength(2)
    expect(order.items[0]).toMatchObject({ name: 'Empire Classic', quantity: 2, unitPrice: 1850, lineSubtotal: 3700, comment: 'No pickles' })
    expect(order.items[0]!.options).toEqual([
      expect.objectContaining({ optionName: 'Onion rings', modifier: 'Side', price: 200, quantity: 1, typeId: 1 }),
      expect.objectContaining({ optionName: 'Bacon', modifier: 'Add-ons', price: 250, quantity: 1, typeId: 2 }),
    ])
    expect(order.statusHistory).toEqual([{ status: '6', at: expect.any(String) }])

    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.orderId))
    expect(row).toMatchObject({ totalMinor: totals.total, subtotalMinor: 5200, tipMinor: 300, status: '6' })
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.orderId))
    expect(lines).toHaveLength(2)
    const options = await t.db.select().from(orderItemOptions).where(eq(orderItemOptions.orderItemId, order.items[0]!.id))
    expect(options).toHaveLength(2)
    expect(await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.orderId))).toHaveLength(1)
  })

  it('takes amounts from the server even when the client sends its own', async () => {
    const request = await burgerCart()
    const doctored = {
      ...request,
      total: 1,
      subtotal: 1,
      items: request.items.map((line) => ({ ...line, price: 1, subTotal: 1, options: line.options?.map((option) => ({ ...option, price: 0 })) })),
    }
    const response = await place(asha, doctored)
    expect(response.status).toBe(201)
    expect((response.body as OrderDetail).subtotal).toBe(5200)
    expect((response.body as OrderDetail).items[0]!.unitPrice).toBe(1850)
  })

  it('answers 20 concurrent calls with one Idempotency-Key with one order and 20 identical answers', async () => {
    const before = (await ordersOf(ben.id)).length
    const request = await burgerCart()
    const answers = await Promise.all(Array.from({ length: 20 }, () => place(ben, request, 'burst-order-1')))
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201))
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1)
    expect((await ordersOf(ben.id)).length).toBe(before + 1)
  })

  it('refuses the same key with a different cart with 422 and places nothing', async () => {
    const first = await place(ben, await burgerCart(), 'reused-key')
    expect(first.status).toBe(201)
    const count = (await ordersOf(ben.id)).length
    const second = await place(ben, await burgerCart({ orderInstruction: 'Different' }), 'reused-key')
    expect(second.status).toBe(422)
    expect(second.body).toMatchObject({ status: 422, code: 'idempotency_key_reused' })
    expect((await ordersOf(ben.id)).length).toBe(count)
  })

  it('keeps one customer’s key apart from another’s', async () => {
    const request = await burgerCart()
    const mine = await place(asha, request, 'shared-key')
    const theirs = await place(ben, request, 'shared-key')
    expect(mine.status).toBe(201)
    expect(theirs.status).toBe(201)
    expect((theirs.body as OrderDetail).orderId).not.toBe((mine.body as OrderDetail).orderId)
  })

  it('places a verified guest’s order with guest details and no customer', async () => {
    const response = await place(gia, await burgerCart({ guest: { fullName: 'Gia Guest', phone: GUEST_PHONE, email: '' } }))
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    expect(response.body).toMatchObject({ customerId: null, fullName: 'Gia Guest', phone: GUEST_PHONE, email: null })
  })

  it('asks a guest without details to sign in or give them, and a guest whose number is not verified to verify it', async () => {
    const anonymous = await place(undefined, await burgerCart())
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toMatchObject({ code: 'contact_required' })
    const unverified = await place(undefined, await burgerCart({ guest: { fullName: 'Nobody', phone: '+14155550599' } }))
    expect(unverified.status).toBe(403)
    expect(unverified.body).toMatchObject({ code: 'mobile_not_verified' })
  })

  it('refuses a bad token rather than treating the caller as a guest', async () => {
    const response = await place({ id: asha.id, token: 'not-a-token' }, await burgerCart())
    expect(response.status).toBe(401)
  })

  it('refuses an order when the restaurant is closed now and the order is not scheduled', async () => {
    const elCamino = await locationId('el-camino-tacos')
    await t.db.delete(workingHours).where(eq(workingHours.locationId, elCamino))
    const [plain] = await t.db
      .select({ id: menuItems.id })
      .from(menuItems)
      .leftJoin(modifiers, eq(modifiers.itemId, menuItems.id))
      .where(and(eq(menuItems.locationId, elCamino), eq(menuItems.display, 1), isNull(modifiers.id)))
      .limit(1)
    const response = await place(asha, { locationId: elCamino, orderTypeCode: 'pickup', items: [{ itemId: plain!.id, quantity: 1 }] })
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({ code: 'restaurant_closed', message: expect.stringContaining('closed right now') })
  })

  it('refuses an order when online ordering is off', async () => {
    const hanami = await locationId('hanami-sushi')
    await t.db.update(locations).set({ onlineOrder: false }).where(eq(locations.id, hanami))
    const [item] = await t.db.select().from(menuItems).where(eq(menuItems.locationId, hanami)).limit(1)
    const response = await place(asha, { locationId: hanami, orderTypeCode: 'pickup', items: [{ itemId: item!.id, quantity: 1 }] })
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({ code: 'online_order_unavailable' })
    await t.db.update(locations).set({ onlineOrder: true }).where(eq(locations.id, hanami))
  })

  it('schedules an order for a slot tomorrow in the restaurant’s time zone', async () => {
    const tomorrow = zonedClock(new Date(Date.now() + 24 * 3600_000), 'America/New_York').date
    const response = await place(asha, await burgerCart({ isScheduleOrder: true, selectedDate: tomorrow, selectedTimeSlot: '12:00' }))
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    const order = response.body as OrderDetail
    expect(order.isScheduleOrder).toBe(true)
    const clock = zonedClock(new Date(order.scheduledFor!), 'America/New_York')
    expect(clock).toMatchObject({ date: tomorrow, minute: 12 * 60 })
  })

  it.each([
    ['without a slot', { isScheduleOrder: true }, 'time_slot_required'],
    ['in the past', { isScheduleOrder: true, selectedDate: '2020-01-01', selectedTimeSlot: '12:00' }, 'schedule_out_of_range'],
    ['beyond the window', { isScheduleOrder: true, selectedDate: '2099-01-01', selectedTimeSlot: '12:00' }, 'schedule_out_of_range'],
  ])('refuses a scheduled order %s', async (_, schedule, code) => {
    const response = await place(asha, await burgerCart(schedule as Partial<PlaceOrderRequest>))
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code })
  })

  it('refuses a slot after the scheduled cut-off time (21:00 at Empire Burger)', async () => {
    const tomorrow = zonedClock(new Date(Date.now() + 24 * 3600_000), 'America/New_York').date
    const response = await place(asha, await burgerCart({ isScheduleOrder: true, selectedDate: tomorrow, selectedTimeSlot: '22:00' }))
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'time_slot_unavailable' })
  })

  it('needs an address for a delivery and a table of the restaurant for a table order', async () => {
    const delivery = await place(asha, await burgerCart({ orderTypeCode: 'delivery', deliveryLocation: { lat: 40.7614, lng: -73.9776 } }))
    expect(delivery.status).toBe(400)
    expect(delivery.body).toMatchObject({ code: 'delivery_address_required' })
    const delivered = await place(
      asha,
      await burgerCart({
        orderTypeCode: 'delivery',
        deliveryLocation: { lat: 40.7614, lng: -73.9776 },
        deliveryAddress: { addressLine1: '30 Rockefeller Plaza' },
        deliveryInstruction: 'Leave at the desk',
      }),
    )
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(201)
    expect(delivered.body).toMatchObject({ deliveryAddress: { addressLine1: '30 Rockefeller Plaza' }, deliveryInstruction: 'Leave at the desk' })
    expect((delivered.body as OrderDetail).deliveryFee).toBeGreaterThan(0)

    const [otherTable] = await t.db.select().from(diningTables).where(eq(diningTables.locationId, await locationId('brew-lab'))).limit(1)
    if (otherTable) {
      const wrongTable = await place(asha, await burgerCart({ orderTypeCode: 'dinein', tableId: otherTable.id }))
      expect(wrongTable.status).toBe(400)
      expect(wrongTable.body).toMatchObject({ code: 'table_not_found' })
    }
    const [table] = await t.db.select().from(diningTables).where(eq(diningTables.locationId, await locationId('empire-burger'))).limit(1)
    const atTable = await place(asha, await burgerCart({ orderTypeCode: 'dinein', tableId: table!.id }))
    expect(atTable.status, JSON.stringify(atTable.body)).toBe(201)
    expect(atTable.body).toMatchObject({ tableId: table!.id })
  })

  it('takes stock when placing, so the last one cannot be sold twice', async () => {
    const melt = await itemId('empire-burger', 'Patty Melt')
    await t.db.update(menuItems).set({ stockQuantity: 1 }).where(eq(menuItems.id, melt))
    const cart = { locationId: await locationId('empire-burger'), orderTypeCode: 'pickup', items: [{ itemId: melt, quantity: 1 }] }
    const [first, second] = await Promise.all([place(asha, cart), place(ben, cart)])
    expect([first.status, second.status].sort()).toEqual([201, 409])
    const [row] = await t.db.select({ stock: menuItems.stockQuantity }).from(menuItems).where(eq(menuItems.id, melt))
    expect(row!.stock).toBe(0)
    await t.db.update(menuItems).set({ stockQuantity: null }).where(eq(menuItems.id, melt))
  })

  it('takes stock for orders sharing some dishes at once without a deadlock, and leaves the menu’s version alone while plenty is left', async () => {
    const empire = await locationId('empire-burger')
    // `fries` is the dish with the larger id: the two-dish order takes it second, the one-dish order
    // first — dishes are locked in id order, so neither waits for what the other holds.
    const [melt, fries] = [await itemId('empire-burger', 'Patty Melt'), await itemId('empire-burger', 'French Fries')].sort()
    await t.db.update(menuItems).set({ stockQuantity: 100 }).where(inArray(menuItems.id, [melt!, fries!]))
    const [before] = await t.db.select({ version: locations.menuVersion }).from(locations).where(eq(locations.id, empire))
    const both = { locationId: empire, orderTypeCode: 'pickup', items: [{ itemId: melt!, quantity: 1 }, { itemId: fries!, quantity: 2 }] }
    const friesOnly = { locationId: empire, orderTypeCode: 'pickup', items: [{ itemId: fries!, quantity: 1 }] }
    const placed = await Promise.all(Array.from({ length: 12 }, (_, i) => place(i % 2 ? asha : ben, i % 2 ? both : friesOnly)))
    expect(placed.map((r) => r.status)).toEqual(Array(12).fill(201))
    const stock = await t.db.select({ id: menuItems.id, stock: menuItems.stockQuantity }).from(menuItems).where(inArray(menuItems.id, [melt!, fries!]))
    expect(Object.fromEntries(stock.map((row) => [row.id, row.stock]))).toEqual({ [melt!]: 100 - 6, [fries!]: 100 - 6 * 2 - 6 })
    const [after] = await t.db.select({ version: locations.menuVersion }).from(locations).where(eq(locations.id, empire))
    // No alert quantity and stock left: nothing a diner sees changed (docs/menu.md "Stock on the menu").
    expect(after!.version).toBe(before!.version)
    await t.db.update(menuItems).set({ stockQuantity: null }).where(inArray(menuItems.id, [melt!, fries!]))
  })
})

describe('POST /merchants/cartItems', () => {
  it('checks and prices the cart like a placement, without placing it', async () => {
    const count = (await ordersOf(asha.id)).length
    const response = await call(undefined, 'POST', '/merchants/cartItems', await burgerCart())
    expect(response.status).toBe(200)
    expect(response.body as CartPreview).toMatchObject({ subtotal: 5200, isScheduleOrder: false, scheduledFor: null })
    expect((await ordersOf(asha.id)).length).toBe(count)
  })
})

describe('reading an order', () => {
  let ashasOrder: OrderDetail
  let guestOrder: OrderDetail
  beforeAll(async () => {
    ashasOrder = (await place(asha, await burgerCart())).body as OrderDetail
    guestOrder = (await place(gia, await burgerCart({ guest: { fullName: 'Gia Guest', phone: GUEST_PHONE } }))).body as OrderDetail
  })

  it('gives the owner the order with items, payments and status history (POST /order/customer)', async () => {
    const response = await call(asha, 'POST', '/order/customer', { orderId: ashasOrder.orderId, splitId: null, sortOrder: 1, transactionId: '' })
    expect(response.status).toBe(200)
    expect(response.text).toMatch(/^U2FsdGVkX1/)
    expect(response.body).toMatchObject({
      orderId: ashasOrder.orderId,
      total: ashasOrder.total,
      payments: [],
      statusHistory: [{ status: '6' }],
      split: null,
      transaction: null,
      merchantName: 'Empire Burger Diner',
      merchantType: 'restaurant',
      locationSlug: 'empire-burger',
      timeZone: 'America/New_York',
      orderTypeName: 'Pickup',
      orderTypeGroup: 'P',
      tableName: null,
    })
  })

  it('narrows the receipt to one payment (transactionId) or one share of the bill (splitId)', async () => {
    const [share] = await t.db.insert(orderSplits).values({ orderId: ashasOrder.orderId, label: 'Share 1 of 2', amountMinor: 1000 }).returning()
    const [payment] = await t.db
      .insert(payments)
      .values({ orderId: ashasOrder.orderId, splitId: share!.id, provider: 'sandbox', kind: 'CNP', amountMinor: 1000, currency: 'USD', status: '18', cardBrand: 'Visa', cardLast4: '4242' })
      .returning()
    await t.db.insert(paymentEvents).values({ paymentId: payment!.id, type: 'CAPTURE', amountMinor: 1000 })
    const byTransaction = await call(asha, 'POST', '/order/customer', { orderId: ashasOrder.orderId, transactionId: payment!.id })
    expect(byTransaction.status).toBe(200)
    expect(byTransaction.body).toMatchObject({ split: null, transaction: { id: payment!.id, amount: 1000, status: '19', last4: '4242' } })
    const bySplit = await call(asha, 'POST', '/order/customer', { orderId: ashasOrder.orderId, splitId: share!.id })
    expect(bySplit.body).toMatchObject({ split: { id: share!.id, label: 'Share 1 of 2', amount: 1000, payment: { id: payment!.id } }, transaction: null })

    const elsewhere = (await place(asha, await burgerCart())).body as OrderDetail
    const wrongOrder = await call(asha, 'POST', '/order/customer', { orderId: elsewhere.orderId, transactionId: payment!.id })
    expect(wrongOrder.status).toBe(404)
    expect(wrongOrder.body).toMatchObject({ message: 'The transaction was not found.' })
    expect((await call(asha, 'POST', '/order/customer', { orderId: elsewhere.orderId, splitId: share!.id })).body).toMatchObject({
      status: 404,
      message: 'This share of the bill was not found.',
    })
    expect((await call(ben, 'POST', '/order/customer', { orderId: ashasOrder.orderId, transactionId: payment!.id })).status).toBe(404)
    expect((await call(asha, 'POST', '/order/customer', { orderId: ashasOrder.orderId, splitId: 7 })).status).toBe(400)
    // Shares and payments are never deleted: the share is superseded, as a new split would.
    await t.db.update(orderSplits).set({ supersededAt: new Date() }).where(eq(orderSplits.id, share!.id))
  })

  it('gives the same on GET /order/v2/getOrder', async () => {
    const response = await call(asha, 'GET', `/order/v2/getOrder?orderId=${ashasOrder.orderId}`)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ orderId: ashasOrder.orderId, items: ashasOrder.items })
  })

  it('answers 404 to another customer and to a guest for a customer’s order', async () => {
    expect((await call(ben, 'POST', '/order/customer', { orderId: ashasOrder.orderId })).status).toBe(404)
    expect((await call(undefined, 'POST', '/order/customer', { orderId: ashasOrder.orderId })).status).toBe(404)
    expect((await call(ben, 'GET', `/order/v2/getOrder?orderId=${ashasOrder.orderId}`)).status).toBe(404)
  })

  it('lets whoever holds a guest order’s id read it', async () => {
    expect((await call(undefined, 'POST', '/order/customer', { orderId: guestOrder.orderId })).status).toBe(200)
  })

  it('fails with "Order ID is required" without an order id', async () => {
    for (const payload of [{}, { orderId: '' }, { orderId: null, splitId: 1 }]) {
      const response = await call(asha, 'POST', '/order/customer', payload)
      expect(response.status).toBe(400)
      expect(response.body).toEqual({ status: 400, code: 'order_id_required', message: 'Order ID is required' })
    }
    const viaGet = await call(asha, 'GET', '/order/v2/getOrder')
    expect(viaGet.body).toMatchObject({ status: 400, message: 'Order ID is required' })
  })
})

describe('PUT /order/v2/customer/add-tip', () => {
  it('recomputes the total with a flat or percentage tip', async () => {
    const order = (await place(asha, await burgerCart({ tip: { tipType: 'NONE', value: 0 } }))).body as OrderDetail
    const flat = await call(asha, 'PUT', '/order/v2/customer/add-tip', { orderId: order.orderId, tip: 500, tipType: 'FLATFEE' })
    expect(flat.status).toBe(200)
    expect(flat.body).toMatchObject({ tip: 500, tipType: 'FLATFEE', total: order.total + 500 })
    const percent = await call(asha, 'PUT', '/order/v2/customer/add-tip', { orderId: order.orderId, tip: 1800, tipType: 'PERCENTAGE' })
    expect(percent.body).toMatchObject({ tip: 936, tipType: 'PERCENTAGE', tipValue: 1800, total: order.total + 936 }) // 18 % of 5200
    expect((await call(ben, 'PUT', '/order/v2/customer/add-tip', { orderId: order.orderId, tip: 1, tipType: 'FLATFEE' })).status).toBe(404)
  })

  it('add-tip without an orderId says "Order ID is required" (400 order_id_required), like the other order calls, whatever else is wrong', async () => {
    for (const payload of [{ tip: 500, tipType: 'FLATFEE' }, { orderId: '', tip: 500 }, { orderId: null, tip: 'lots' }, {}]) {
      const response = await call(asha, 'PUT', '/order/v2/customer/add-tip', payload)
      expect(response.status, JSON.stringify(payload)).toBe(400)
      expect(response.body).toEqual({ status: 400, code: 'order_id_required', message: 'Order ID is required' })
    }
    const malformed = await call(asha, 'PUT', '/order/v2/customer/add-tip', { orderId: 'not-a-uuid', tip: 500 })
    expect(malformed.body).toMatchObject({ status: 400, code: 'invalid_request' })
  })
})

describe('bad input', () => {
  it('never answers 500', async () => {
    const cart = await burgerCart()
    const bodies: unknown[] = [
      {},
      { ...cart, items: [] },
      { ...cart, locationId: 'nope' },
      { ...cart, items: [{ itemId: cart.items[0]!.itemId, quantity: -1 }] },
      { ...cart, tip: { tipType: 'PERCENTAGE', value: 20_000 } },
      { ...cart, guest: { fullName: '', phone: '123' } },
      { ...cart, isScheduleOrder: true, selectedDate: '2030-02-30', selectedTimeSlot: '25:00' },
      { ...cart, isScheduleOrder: true, selectedDate: '2030-02-30', selectedTimeSlot: '12:00' },
      { ...cart, tableId: '00000000-0000-4000-8000-000000000000' },
      { ...cart, orderTypeCode: 'teleport' },
      'a string',
      [1, 2],
    ]
    for (const body of bodies) {
      for (const path of ['/order/customer/createOrder', '/merchants/cartItems']) {
        const response = await call(asha, 'POST', path, body)
        expect(response.status, `${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`).toBeGreaterThanOrEqual(400)
        expect(response.status).toBeLessThan(500)
      }
    }
    for (const raw of ['', 'not json', '{"data": 5}', '{"data": "garbage"}']) {
      for (const path of ['/order/customer/createOrder', '/order/customer']) {
        const response = await callAs(t, asha, 'POST', path, raw || undefined)
        expect(response.status).toBeGreaterThanOrEqual(400)
        expect(response.status).toBeLessThan(500)
      }
    }
    expect((await call(asha, 'POST', '/order/customer', { orderId: 'not-a-uuid' })).status).toBe(400)
    expect((await call(asha, 'PUT', '/order/v2/customer/add-tip', { orderId: 42, tip: 'lots' })).status).toBe(400)
    expect(t.errors).toEqual([])
    expect(responses.every((response) => response.status < 500)).toBe(true)
  })
})
