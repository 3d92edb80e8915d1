import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_TOKENIZE_AUTHORIZATION } from '@/shared/api/contracts/card-provider'
import type { OrderDetail, PaymentResult } from '@/shared/api/contracts/ordering'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { customers, locations, menuItems, orders, paymentEvents, payments, workingHours } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestCustomer, createTestGuest, type TestCustomer } from '../../test/signed-in-client'

let t: TestApp
let asha: TestCustomer
let ben: TestCustomer
let ira: TestCustomer
const GUEST_PHONE = '+919876500001'
const nextYear = new Date().getUTCFullYear() + 1

beforeAll(async () => {
  t = await createTestApp()
  asha = await createTestCustomer(t, 'Asha', '+14155550601')
  ben = await createTestCustomer(t, 'Ben', '+14155550602')
  ira = await createTestGuest(t, 'Ira Guest', GUEST_PHONE)
})
afterAll(() => t.close())

async function call(who: TestCustomer | undefined, path: string, payload: unknown, key?: string, method: 'POST' | 'PUT' = 'POST') {
  return callAs(t, who, method, path, { data: encryptPayload(payload, t.env.PAYLOAD_KEY) }, key ? { 'Idempotency-Key': key } : {})
}

async function tokenize(number: string): Promise<string> {
  const response = await callAs(t, undefined, 'POST', '/provider/sandbox/tokenize', { number, expMonth: 12, expYear: nextYear, cvc: '123' }, {
    Authorization: SANDBOX_TOKENIZE_AUTHORIZATION,
  })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return (response.body as { token: string }).token
}

/** A Patty Melt (1500) for pickup at Empire Burger (open 24 hours), in USD; or a dish at Udupi Leaf in INR. */
async function placeOrder(by: TestCustomer | 'guest' = asha, slug = 'empire-burger'): Promise<OrderDetail> {
  const who = by === 'guest' ? ira : by
  const [location] = await t.db.select().from(locations).where(eq(locations.locationSlug, slug))
  const [item] = await t.db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.locationId, location!.id), slug === 'empire-burger' ? eq(menuItems.name, 'Patty Melt') : eq(menuItems.display, 1)))
    .limit(1)
  const response = await call(who, '/order/customer/createOrder', {
    locationId: location!.id,
    orderTypeCode: 'pickup',
    items: [{ itemId: item!.id, quantity: 1 }],
    guest: by === 'guest' ? { fullName: 'Ira Guest', phone: GUEST_PHONE } : undefined,
  })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body as OrderDetail
}

const paymentsOf = (orderId: string) => t.db.select().from(payments).where(eq(payments.orderId, orderId))
const orderRow = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!

describe('card payments (sandbox)', () => {
  it('authorizes the order’s total ("18"), then collects it ("19", In Queue)', async () => {
    const order = await placeOrder()
    const token = await tokenize('4242424242424242')
    const authorized = await call(asha, '/payment/v2/authorize', { orderId: order.orderId, cardToken: token }, 'auth-1')
    expect(authorized.status).toBe(200)
    expect(authorized.text).toMatch(/^U2FsdGVkX1/)
    expect(authorized.body).toMatchObject({ paymentStatus: '18', amount: order.total, currency: 'USD', message: null, orderStatus: '18' })
    const collected = await call(asha, '/payment/collect-payment', { orderId: order.orderId }, 'collect-1')
    expect(collected.body).toMatchObject({ paymentStatus: '19', amount: order.total, orderStatus: '19' })
    const read = await call(asha, '/order/customer', { orderId: order.orderId })
    expect(read.body).toMatchObject({ status: '19', statusLabel: 'In Queue', paymentStatus: '19' })
    expect((read.body as OrderDetail).statusHistory.map((entry) => entry.status)).toEqual(['6', '18', '19'])
    expect((read.body as OrderDetail).payments).toEqual([expect.objectContaining({ kind: 'CNP', status: '19', cardBrand: 'VISA', last4: '4242' })])
  })

  it('charges once when collect is retried, with the same key or another', async () => {
    const order = await placeOrder()
    await call(asha, '/payment/v2/authorize', { orderId: order.orderId, cardToken: await tokenize('4242424242424242') })
    const first = await call(asha, '/payment/collect-payment', { orderId: order.orderId }, 'collect-retry')
    const sameKey = await call(asha, '/payment/collect-payment', { orderId: order.orderId }, 'collect-retry')
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, (_, index) => call(asha, '/payment/collect-payment', { orderId: order.orderId }, `collect-other-${index}`)),
    )
    expect(sameKey.text).toBe(first.text)
    expect(sameKey.headers.get('Idempotent-Replayed')).toBe('true')
    for (const answer of concurrent) expect(answer.body).toEqual(first.body)
    const rows = await paymentsOf(order.orderId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: '18', amountMinor: order.total })
    const captures = await t.db.select().from(paymentEvents).where(and(eq(paymentEvents.paymentId, rows[0]!.id), eq(paymentEvents.type, 'CAPTURE')))
    expect(captures.map((capture) => capture.amountMinor)).toEqual([order.total])
    expect((await orderRow(order.orderId)).status).toBe('19')
  })

  it('records a decline ("20") and leaves the order unpaid, then takes another card', async () => {
    const order = await placeOrder()
    const declined = await call(asha, '/payment/v2/authorize', { orderId: order.orderId, cardToken: await tokenize('4000000000000341') })
    expect(declined.status).toBe(200)
    expect(declined.body).toMatchObject({ paymentStatus: '20', message: expect.stringContaining('declined') })
    expect(await orderRow(order.orderId)).toMatchObject({ status: '20', paymentStatus: '20' })
    expect((await paymentsOf(order.orderId)).filter((row) => row.status === '19')).toEqual([])
    const collect = await call(asha, '/payment/collect-payment', { orderId: order.orderId })
    expect(collect.status).toBe(409)
    const retried = await call(asha, '/payment/v2/authorize', { orderId: order.orderId, cardToken: await tokenize('4242424242424242') })
    expect(retried.body).toMatchObject({ paymentStatus: '18' })
  })

  it('reports a gateway error ("21") for the gateway-error test card', async () => {
    const order = await placeOrder()
    const response = await call(asha, '/payment/authorize-payment', { orderId: order.orderId, cardToken: await tokenize('4000000000000119') })
    expect(response.body).toMatchObject({ paymentStatus: '21', message: expect.any(String) })
    expect((await orderRow(order.orderId)).paymentStatus).toBe('21')
  })

  it('authorizes a saved card of the signed-in customer only', async () => {
    const token = await tokenize('5555555555554444')
    const saved = await callAs(t, asha, 'POST', '/cards', { customerId: asha.id, token })
    expect(saved.status).toBe(201)
    const cardId = (saved.body as { id: string }).id
    const bensOrder = await placeOrder(ben)
    expect((await call(ben, '/payment/v2/authorize', { orderId: bensOrder.orderId, savedCardId: cardId })).status).toBe(404)
    const order = await placeOrder()
    const response = await call(asha, '/payment/v2/authorize', { orderId: order.orderId, savedCardId: cardId })
    expect(response.body).toMatchObject({ paymentStatus: '18' })
  })

  it('refuses an amount that is not the order’s total, an unknown token, and another customer’s order', async () => {
    const order = await placeOrder()
    const token = await tokenize('4242424242424242')
    const wrongAmount = await call(asha, '/payment/v2/authorize', { orderId: order.orderId, cardToken: token, amount: 1 })
    expect(wrongAmount.status).toBe(409)
    expect(wrongAmount.body).toMatchObject({ code: 'amount_changed' })
    const unknown = await call(asha, '/payment/v2/authorize', { orderId: order.orderId, cardToken: 'tok_sandbox_nope' })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ message: 'Invalid Card Details' })
    expect((await call(ben, '/payment/v2/authorize', { orderId: order.orderId, cardToken: token })).status).toBe(404)
    expect((await call(ben, '/payment/collect-payment', { orderId: order.orderId })).status).toBe(404)
    expect(await paymentsOf(order.orderId)).toEqual([])
  })

  it('lets a guest pay for a guest order in INR', async () => {
    // Udupi Leaf closes at night; open it all day so the test does not depend on the hour.
    const [udupi] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'udupi-leaf'))
    await t.db.update(workingHours).set({ opensAt: '00:00', closesAt: '00:00' }).where(eq(workingHours.locationId, udupi!.id))
    const order = await placeOrder('guest', 'udupi-leaf')
    expect(order.currency).toBe('INR')
    const authorized = await call(undefined, '/payment/v2/authorize', { orderId: order.orderId, cardToken: await tokenize('6521500000000006') })
    expect(authorized.body).toMatchObject({ paymentStatus: '18', currency: 'INR', amount: order.total })
    expect((await call(undefined, '/payment/collect-payment', { orderId: order.orderId })).body).toMatchObject({ paymentStatus: '19' })
  })

  it('refuses a tip change once the card is authorized (payment_started), so the capture is what was authorized', async () => {
    const order = await placeOrder()
    const tipped = await call(asha, '/order/v2/customer/add-tip', { orderId: order.orderId, tip: 200, tipType: 'FLATFEE' }, undefined, 'PUT')
    expect(tipped.body).toMatchObject({ total: order.total + 200 })
    await call(asha, '/payment/v2/authorize', { orderId: order.orderId, cardToken: await tokenize('4242424242424242') })
    const late = await call(asha, '/order/v2/customer/add-tip', { orderId: order.orderId, tip: 900, tipType: 'FLATFEE' }, undefined, 'PUT')
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ code: 'payment_started' })
    const collected = await call(asha, '/payment/collect-payment', { orderId: order.orderId })
    expect(collected.body).toMatchObject({ paymentStatus: '19', amount: order.total + 200 })
    const after = await call(asha, '/order/v2/customer/add-tip', { orderId: order.orderId, tip: 900, tipType: 'FLATFEE' }, undefined, 'PUT')
    expect(after.body).toMatchObject({ code: 'payment_started' })
    expect((await orderRow(order.orderId)).totalMinor).toBe(order.total + 200)
  })
})

describe('other payment kinds', () => {
  it('pays at the restaurant ("25", In Queue), once', async () => {
    const order = await placeOrder()
    const first = await call(asha, '/payment/customer-initiate-offline-payment', { orderId: order.orderId })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ paymentStatus: '25', kind: 'PAY_AT_LOCATION', amount: order.total, orderStatus: '25' })
    const again = await call(asha, '/payment/initiatePayment', { orderId: order.orderId, kind: 'PAY_AT_LOCATION' })
    expect((again.body as PaymentResult).paymentId).toBe((first.body as PaymentResult).paymentId)
    const read = await call(asha, '/order/customer', { orderId: order.orderId })
    expect(read.body).toMatchObject({ status: '25', statusLabel: 'In Queue' })
    const card = await call(asha, '/payment/v2/authorize', { orderId: order.orderId, cardToken: await tokenize('4242424242424242') })
    expect(card.status).toBe(409)
  })

  it('transfers the order to the restaurant’s card terminal (POS, "25"), and back to the counter', async () => {
    const order = await placeOrder()
    const transferred = await call(asha, '/payment/transfer-order', { orderId: order.orderId })
    expect(transferred.status).toBe(200)
    expect(transferred.body).toMatchObject({ paymentStatus: '25', kind: 'POS', amount: order.total })
    const again = await call(asha, '/payment/initiatePayment', { orderId: order.orderId, kind: 'POS' })
    expect((again.body as PaymentResult).paymentId).toBe((transferred.body as PaymentResult).paymentId)
    // Payment records are never changed: moving to the counter voids the terminal's promise and records a new one.
    const counter = await call(asha, '/payment/customer-initiate-offline-payment', { orderId: order.orderId })
    expect(counter.body).toMatchObject({ paymentStatus: '25', kind: 'PAY_AT_LOCATION', amount: order.total })
    expect((counter.body as PaymentResult).paymentId).not.toBe((transferred.body as PaymentResult).paymentId)
    const read = (await call(asha, '/order/customer', { orderId: order.orderId })).body as OrderDetail
    expect(read.payments.map((payment) => [payment.kind, payment.status, payment.voidedAt === null])).toEqual([
      ['POS', '25', false],
      ['PAY_AT_LOCATION', '25', true],
    ])
    expect((await call(ben, '/payment/transfer-order', { orderId: order.orderId })).status).toBe(404)
  })

  it.each(['PAYMENT_LINKS', 'BHARAT_QR'])('answers 422 for %s, which the sandbox does not offer', async (kind) => {
    const order = await placeOrder()
    for (const path of ['/payment/initiatePayment', '/payment/start-transaction']) {
      const response = await call(asha, path, { orderId: order.orderId, kind })
      expect(response.status).toBe(422)
      expect(response.body).toMatchObject({ message: 'This payment method is not available here.' })
    }
  })

  it('authorizes a card through start-transaction with kind CNP', async () => {
    const order = await placeOrder()
    const response = await call(asha, '/payment/start-transaction', { orderId: order.orderId, kind: 'CNP', cardToken: await tokenize('4242424242424242') })
    expect(response.body).toMatchObject({ paymentStatus: '18' })
  })
})

describe('bad payment input', () => {
  it('says "Order ID is required" without an order id and never answers 500', async () => {
    for (const path of ['/payment/v2/authorize', '/payment/collect-payment', '/payment/customer-initiate-offline-payment', '/payment/initiatePayment']) {
      const missing = await call(asha, path, { cardToken: 'x' })
      expect(missing.status).toBe(400)
      expect(missing.body).toMatchObject({ message: 'Order ID is required' })
      for (const payload of [{ orderId: 'nope' }, { orderId: 5 }, [], 'text', { orderId: '00000000-0000-4000-8000-000000000000', cardToken: 'tok' }]) {
        const response = await call(asha, path, payload)
        expect(response.status, `${path} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400)
        expect(response.status).toBeLessThan(500)
      }
      const raw = await callAs(t, asha, 'POST', path, 'not json')
      expect(raw.status).toBe(400)
    }
    const both = await call(asha, '/payment/v2/authorize', { orderId: '00000000-0000-4000-8000-000000000000', cardToken: 'a', savedCardId: '00000000-0000-4000-8000-000000000000' })
    expect(both.status).toBe(400)
    expect(t.errors).toEqual([])
  })
})
