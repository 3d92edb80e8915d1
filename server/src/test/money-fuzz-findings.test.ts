import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderDetail, PlaceOrderRequest } from '@/shared/api/contracts/ordering'
import { UNPAID_ORDER_MINUTES } from '@/shared/api/contracts/ordering'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { auditMoney, describeViolation } from '../db/money-audit'
import { locations, menuItems } from '../db/schema'
import { callAs, createTestCustomer, type TestCustomer } from './signed-in-client'
import { expireUnpaidOrders } from '../modules/orders/cancellation'
import { recordWalletMovement } from '../modules/wallet/ledger'
import { cardProviderFor } from '../providers/payment/sandbox-payments'
import { createTestApp, type TestApp } from './harness'

// What the money fuzzer (money-fuzz.ts) found, each a test named after the rule it proves.
let t: TestApp
let empireId: string
let cheesecake: string
let pattyMelt: string

beforeAll(async () => {
  t = await createTestApp()
  const [empire] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'empire-burger'))
  empireId = empire!.id
  const item = async (name: string) => (await t.db.select().from(menuItems).where(and(eq(menuItems.locationId, empireId), eq(menuItems.name, name))))[0]!.id
  cheesecake = await item('New York Cheesecake')
  pattyMelt = await item('Patty Melt')
})
afterAll(() => t.close())

let keys = 0
const call = (who: TestCustomer, path: string, payload: unknown) =>
  callAs(t, who, 'POST', path, { data: encryptPayload(payload, t.env.PAYLOAD_KEY) }, { 'Idempotency-Key': `finding-${++keys}` })

/** A cheesecake (a counted dish) and a Patty Melt for pickup at Empire Burger (open all day), paid partly from the wallet. */
const withWallet = (): PlaceOrderRequest => ({
  locationId: empireId,
  orderTypeCode: 'pickup',
  items: [
    { itemId: cheesecake, quantity: 1 },
    { itemId: pattyMelt, quantity: 1 },
  ],
  tip: { tipType: 'NONE', value: 0 },
  walletAmount: 500,
})

async function place(who: TestCustomer): Promise<OrderDetail> {
  const answer = await call(who, '/order/customer/createOrder', withWallet())
  expect(answer.status, answer.text.slice(0, 200)).toBe(201)
  return answer.body as OrderDetail
}

const providerFor = cardProviderFor({ SANDBOX: true, TOKEN_SECRET: 'unused by void, which needs no token secret-000' })

describe('releasing an order never deadlocks with a placement by the same diner', () => {
  it('a diner cancelling an unpaid order while placing another with the wallet and the same counted dish gets both done, never 503', async () => {
    const diner = await createTestCustomer(t, 'Racer', '+14155557001')
    await recordWalletMovement(t.db, { customerId: diner.id, kind: 'CREDIT', amountMinor: 1_000_000, note: 'test' })
    for (let attempt = 0; attempt < 25; attempt++) {
      await t.db.update(menuItems).set({ stockQuantity: 5 }).where(eq(menuItems.id, cheesecake))
      const first = await place(diner)
      const [cancelled, second] = await Promise.all([call(diner, '/order/customer/cancel', { orderId: first.orderId }), call(diner, '/order/customer/createOrder', withWallet())])
      expect([cancelled.status, second.status], `${cancelled.text.slice(0, 200)} ${second.text.slice(0, 200)}`).toEqual([200, 201])
      expect((await call(diner, '/order/customer/cancel', { orderId: (second.body as OrderDetail).orderId })).status).toBe(200)
    }
    expect(t.errors).toEqual([])
    expect((await auditMoney(t.db)).violations.map(describeViolation)).toEqual([])
  })

  it('the expiry releasing a diner’s unpaid order while they place another with the wallet and the same counted dish gets both done', async () => {
    const diner = await createTestCustomer(t, 'Expiring', '+14155557002')
    await recordWalletMovement(t.db, { customerId: diner.id, kind: 'CREDIT', amountMinor: 1_000_000, note: 'test' })
    for (let attempt = 0; attempt < 25; attempt++) {
      await t.db.update(menuItems).set({ stockQuantity: 5 }).where(eq(menuItems.id, cheesecake))
      const first = await place(diner)
      const later = new Date(Date.now() + (UNPAID_ORDER_MINUTES + 1) * 60_000)
      const [run, second] = await Promise.all([expireUnpaidOrders(t.db, later, { providerFor }), call(diner, '/order/customer/createOrder', withWallet())])
      expect(run.expired).toContain(first.orderId)
      expect(second.status, second.text.slice(0, 200)).toBe(201)
      // A placement that committed before the expiry looked is due at `later` too, and released with the first.
      const secondId = (second.body as OrderDetail).orderId
      if (!run.expired.includes(secondId)) expect((await call(diner, '/order/customer/cancel', { orderId: secondId })).status).toBe(200)
    }
    expect(t.errors).toEqual([])
    expect((await auditMoney(t.db)).violations.map(describeViolation)).toEqual([])
  })
})

describe('a coupon taken on an order never deadlocks with a placement by the same diner', () => {
  it('a diner redeeming a coupon on an order paid from the wallet while placing another with that coupon and the wallet gets both done, never 503', async () => {
    const melts: PlaceOrderRequest = { locationId: empireId, orderTypeCode: 'pickup', items: [{ itemId: pattyMelt, quantity: 2 }], tip: { tipType: 'NONE', value: 0 } }
    for (let attempt = 0; attempt < 25; attempt++) {
      // A diner of their own each time, so the coupon's limit of 3 is never what refuses.
      const diner = await createTestCustomer(t, 'Saver', `+1415555${String(7100 + attempt).padStart(4, '0')}`)
      await recordWalletMovement(t.db, { customerId: diner.id, kind: 'CREDIT', amountMinor: 1_000_000, note: 'test' })
      const paid = await call(diner, '/order/customer/createOrder', { ...melts, walletAmount: 1_000_000 })
      const first = paid.body as OrderDetail
      expect(first.total).toBe(0)
      // The coupon lowers what the first order owes, so wallet goes back while the second order spends it.
      const [redeemed, second] = await Promise.all([
        call(diner, '/coupon/v2/redeemCoupon', { code: 'WELCOME10', orderId: first.orderId }),
        call(diner, '/order/customer/createOrder', { ...melts, couponCode: 'WELCOME10', walletAmount: 500 }),
      ])
      expect([redeemed.status, second.status], `${redeemed.text.slice(0, 200)} ${second.text.slice(0, 200)}`).toEqual([200, 201])
    }
    expect(t.errors).toEqual([])
    expect((await auditMoney(t.db)).violations.map(describeViolation)).toEqual([])
  })
})
