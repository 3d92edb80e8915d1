import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPLY_FIELDS_REQUIRED, type ItemOfferAvailResponse, type OfferQuote, type RedemptionResponse } from '@/shared/api/contracts/offers'
import type { OrderDetail, PlaceOrderRequest } from '@/shared/api/contracts/ordering'
import type { TotalsResponse } from '@/shared/api/contracts/orders'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { customers, locations, menuItems, offerRedemptions, offers } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { recordWalletMovement } from '../wallet/ledger'
import { callAs, createTestCustomer, type TestCustomer } from '../../test/signed-in-client'

let t: TestApp
let asha: TestCustomer
let ben: TestCustomer

beforeAll(async () => {
  t = await createTestApp()
  asha = await createTestCustomer(t, 'Asha', '+14155550601')
  ben = await createTestCustomer(t, 'Ben', '+14155550602')
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

const encrypted = (payload: unknown) => ({ data: encryptPayload(payload, t.env.PAYLOAD_KEY) })
const call = (who: TestCustomer | undefined, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown, headers: Record<string, string> = {}) =>
  callAs(t, who, method as 'POST', path, payload === undefined ? undefined : encrypted(payload), headers)

/** Patty Melts at Empire Burger (open 24 hours), $15.00 each. */
async function burgers(quantity: number, extra: Partial<PlaceOrderRequest> = {}): Promise<PlaceOrderRequest> {
  return {
    locationId: await locationId('empire-burger'),
    orderTypeCode: 'pickup',
    items: [{ itemId: await itemId('empire-burger', 'Patty Melt'), quantity }],
    tip: { tipType: 'NONE', value: 0 },
    ...extra,
  }
}

const validateCoupon = async (code: string, orderAmount: number, who?: TestCustomer, slug = 'empire-burger') =>
  call(who, 'GET', `/coupon/v2/validateCoupon?code=${code}&locationId=${await locationId(slug)}&orderAmount=${orderAmount}`)

describe('GET /coupon/v2/validateCoupon', () => {
  it('gives WELCOME10 as 10 % of the amount, case-insensitively, capped at $5', async () => {
    const small = await validateCoupon('welcome10', 2_000)
    expect(small.status, JSON.stringify(small.body)).toBe(200)
    expect(small.text).toMatch(/^U2FsdGVkX1/)
    expect(small.body as OfferQuote).toMatchObject({ offer: { code: 'WELCOME10', kind: 'PERCENT', minOrderAmount: 1_500 }, discount: 200 })
    const large = await validateCoupon('WELCOME10', 9_000)
    expect((large.body as OfferQuote).discount).toBe(500)
  })

  it('says how much more to add below the minimum', async () => {
    const response = await validateCoupon('WELCOME10', 1_150)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'below_coupon_minimum', message: 'Add $3.50 more to use WELCOME10.' })
  })

  it('refuses an unknown, an expired and an elsewhere coupon with its reason', async () => {
    expect((await validateCoupon('NOPE', 2_000)).body).toMatchObject({ status: 404, message: 'NOPE is not a valid coupon code.' })
    expect((await validateCoupon('SUMMER24', 2_000)).body).toMatchObject({ status: 400, code: 'coupon_expired', message: 'SUMMER24 has expired.' })
    const spice = await validateCoupon('SPICE50', 50_000)
    expect(spice.status).toBe(400)
    expect((spice.body as { message: string }).message).toMatch(/^SPICE50 is not valid at /)
    // WELCOME10 is for US locations: a rupee location does not take it.
    expect((await validateCoupon('WELCOME10', 50_000, undefined, 'spice-route-indiranagar')).body).toMatchObject({ code: 'coupon_not_valid_here' })
    expect((await validateCoupon('SPICE50', 40_000, undefined, 'spice-route-indiranagar')).body).toMatchObject({ discount: 5_000 })
  })

  it('refuses a customerId that is not the caller', async () => {
    const response = await callAs(t, asha, 'GET', `/coupon/v2/validateCoupon?code=WELCOME10&locationId=${await locationId('empire-burger')}&orderAmount=2000&customerId=${ben.id}`)
    expect(response.status).toBe(403)
  })
})

describe('coupons in the totals', () => {
  it('takes the discount off the subtotal and charges the tax on the discounted price (hand-computed)', async () => {
    const plain = (await t.postEncrypted('/order/customer/totals', await burgers(2))).body as TotalsResponse
    expect(plain.subtotal).toBe(3_000)
    // Empire Burger's 8.87 % order tax: $30.00 → $2.66 (266.1).
    expect(plain.tax).toBe(266)
    const response = await t.postEncrypted('/order/customer/totals', await burgers(2, { couponCode: 'welcome10' }))
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    const totals = response.body as TotalsResponse
    expect(totals.discount).toBe(300)
    // On $27.00 after the coupon: 239.49 → $2.39.
    expect(totals.tax).toBe(239)
    expect(totals.total).toBe(3_000 - 300 + 239 + plain.surcharge)
    const capped = (await t.postEncrypted('/order/customer/totals', await burgers(6, { couponCode: 'WELCOME10' }))).body as TotalsResponse
    expect(capped.discount).toBe(500)
  })

  it('refuses a coupon that does not apply with its message', async () => {
    const response = await t.postEncrypted('/order/customer/totals', await burgers(1, { couponCode: 'SUMMER24' }))
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ message: 'SUMMER24 has expired.' })
  })

  it('gives the item offer one Tiramisu, and only when a Tiramisu is in the cart', async () => {
    const slug = 'olive-tree-soma'
    const [tiramisu] = await t.db.select().from(menuItems).where(eq(menuItems.id, await itemId(slug, 'Tiramisu')))
    const cart = async (name: string, quantity: number) => ({
      locationId: await locationId(slug),
      orderTypeCode: 'pickup',
      items: [{ itemId: await itemId(slug, name), quantity }],
      couponCode: 'FREEDESSERT',
    })
    // Four Tiramisu clear the $30 minimum; one of them is free.
    const withTiramisu = await t.postEncrypted('/order/customer/totals', await cart('Tiramisu', 4))
    expect(withTiramisu.status, JSON.stringify(withTiramisu.body)).toBe(200)
    expect((withTiramisu.body as TotalsResponse).discount).toBe(tiramisu!.priceMinor)
    const without = await t.postEncrypted('/order/customer/totals', await cart('Affogato', 5))
    expect(without.body).toMatchObject({ status: 400, code: 'coupon_item_missing' })
  })
})

describe('POST /coupon/item/offer/avail/v2', () => {
  it('lists the item offers of an item, for one unless a quantity is given', async () => {
    const payload = { locationId: await locationId('olive-tree-soma'), orderType: 'pickup', itemId: await itemId('olive-tree-soma', 'Tiramisu') }
    const one = await call(undefined, 'POST', '/coupon/item/offer/avail/v2', payload)
    expect(one.status, JSON.stringify(one.body)).toBe(200)
    const result = one.body as ItemOfferAvailResponse
    expect(result.quantity).toBe(1)
    expect(result.offers.map((quote) => quote.offer.code)).toEqual(['FREEDESSERT'])
    const price = result.offers[0]!.discount
    expect(price).toBeGreaterThan(0)
    const three = (await call(undefined, 'POST', '/coupon/item/offer/avail/v2', { ...payload, quantity: 3 })).body as ItemOfferAvailResponse
    expect(three.offers[0]!.discount).toBe(price)
    const other = { ...payload, itemId: await itemId('olive-tree-soma', 'Affogato') }
    expect(((await call(undefined, 'POST', '/coupon/item/offer/avail/v2', other)).body as ItemOfferAvailResponse).offers).toEqual([])
  })
})

describe('the wallet', () => {
  it('refuses a wallet amount without a signed-in customer', async () => {
    const response = await t.postEncrypted('/order/customer/totals', await burgers(1, { walletAmount: 100 }))
    expect(response.status).toBe(401)
  })

  it('caps the wallet by the balance and by the total, and debits it once under a retried placement', async () => {
    // Balances move only through the ledger: each step credits a diner of its own.
    const credit = async (who: TestCustomer, amount: number) => recordWalletMovement(t.db, { customerId: who.id, kind: 'CREDIT', amountMinor: amount, note: 'test' })
    const small = await createTestCustomer(t, 'Small', '+14155550611')
    await credit(small, 700)
    const quote = (await call(small, 'POST', '/order/customer/totals', await burgers(1, { walletAmount: 5_000 }))).body as TotalsResponse
    expect(quote.walletRedeemed).toBe(700)
    const rich = await createTestCustomer(t, 'Rich', '+14155550612')
    await credit(rich, 100_000)
    const byTotal = (await call(rich, 'POST', '/order/customer/totals', await burgers(1, { walletAmount: 100_000 }))).body as TotalsResponse
    expect(byTotal.walletRedeemed).toBe(byTotal.subtotal + byTotal.tax + byTotal.surcharge)
    expect(byTotal.total).toBe(0)

    const request = await burgers(1, { walletAmount: 500 })
    const first = await call(small, 'POST', '/order/customer/createOrder', request, { 'Idempotency-Key': 'wallet-once' })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect((first.body as OrderDetail).walletRedeemed).toBe(500)
    const again = await call(small, 'POST', '/order/customer/createOrder', request, { 'Idempotency-Key': 'wallet-once' })
    expect(again.status).toBe(201)
    expect((again.body as OrderDetail).orderId).toBe((first.body as OrderDetail).orderId)
    const [after] = await t.db.select({ balance: customers.walletAmountMinor }).from(customers).where(eq(customers.id, small.id))
    expect(after!.balance).toBe(200)
  })
})

describe('redeeming and applying offers on an order', () => {
  async function placeFor(who: TestCustomer, extra: Partial<PlaceOrderRequest> = {}) {
    const response = await call(who, 'POST', '/order/customer/createOrder', await burgers(2, extra))
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    return response.body as OrderDetail
  }

  it('records a coupon once per order and lowers the total once', async () => {
    const order = await placeFor(ben)
    const first = await call(ben, 'POST', '/coupon/v2/redeemCoupon', { code: 'WELCOME10', orderId: order.orderId })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    // $3.00 off, and the tax on $27.00 instead of $30.00: $2.39 instead of $2.66.
    expect(order.tax).toBe(266)
    expect(first.body as RedemptionResponse).toMatchObject({ orderId: order.orderId, discount: 300, total: order.total - 300 - (266 - 239) })
    const second = await call(ben, 'POST', '/coupon/v2/redeemCoupon', { code: 'WELCOME10', orderId: order.orderId })
    expect(second.body).toEqual(first.body)
    const rows = await t.db.select().from(offerRedemptions).where(eq(offerRedemptions.orderId, order.orderId))
    expect(rows).toHaveLength(1)
    expect((await call(asha, 'POST', '/coupon/v2/redeemCoupon', { code: 'WELCOME10', orderId: order.orderId })).status).toBe(404)
  })

  it('applies only with customerId, offerIds, orderId and orderAmount all present (docs/offers.md)', async () => {
    const order = await placeFor(ben)
    const [welcome] = await t.db.select().from(offers).where(eq(offers.code, 'WELCOME10'))
    const full = { customerId: ben.id, offerIds: [welcome!.id], orderAmount: order.subtotal, orderId: order.orderId }
    for (const missing of ['customerId', 'offerIds', 'orderAmount', 'orderId'] as const) {
      const { [missing]: _left, ...partial } = full
      const response = await call(ben, 'PATCH', '/coupon/v2/item/offer/apply', partial)
      expect(response.status, missing).toBe(400)
      expect(response.body).toMatchObject({ message: APPLY_FIELDS_REQUIRED })
    }
    expect((await call(ben, 'PATCH', '/coupon/v2/item/offer/apply', { ...full, offerIds: [] })).status).toBe(400)
    const applied = await call(ben, 'PATCH', '/coupon/v2/item/offer/apply', full)
    expect(applied.status, JSON.stringify(applied.body)).toBe(200)
    expect(applied.body).toMatchObject({ offerIds: [welcome!.id], discount: 300 })
  })

  it('records a placed coupon and stops it at its per-customer limit', async () => {
    await t.db.insert(offers).values({
      code: 'ONCEONLY',
      currency: 'USD',
      title: '$2 off once',
      kind: 'FLAT',
      valueMinor: 200,
      perCustomerLimit: 1,
      startsAt: new Date('2024-01-01T00:00:00Z'),
    })
    const order = await placeFor(asha, { couponCode: 'onceonly' })
    expect(order.discount).toBe(200)
    const response = await call(asha, 'GET', `/coupon/v2/validateCoupon?code=ONCEONLY&locationId=${await locationId('empire-burger')}&orderAmount=3000`)
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({ code: 'coupon_limit_reached' })
    expect((await validateCoupon('ONCEONLY', 3_000)).status).toBe(200)
  })
})
