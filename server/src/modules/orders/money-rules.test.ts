import { and, asc, eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SplitBill } from '@/shared/api/contracts/dine-in'
import type { OrderDetail, PaymentResult, PlaceOrderRequest } from '@/shared/api/contracts/ordering'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { databaseErrorOf } from '../../lib/errors'
import { auditMoney, describeViolation } from '../../db/money-audit'
import {
  customers,
  offerRedemptions,
  orders,
  orderSplits,
  paymentEvents,
  payments,
  walletMovements,
} from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { empireBurger, sandboxCardToken } from '../../test/money-setup'
import { callAs, createTestCustomer, createTestGuest, type TestCustomer } from '../../test/signed-in-client'
import { recordWalletMovement } from '../wallet/ledger'

// Lines 1–6 of issue 13's table, each a test named after the rule it proves (docs/payments.md).
let t: TestApp
let empireId: string
let tableIds: string[]
let pattyMelt: string
let phones = 0

beforeAll(async () => {
  t = await createTestApp()
  ;({ empireId, tableIds, pattyMelt } = await empireBurger(t))
})
afterAll(() => t.close())

/** A new diner of their own, with `wallet` credited through the ledger. */
async function diner(name: string, wallet = 0): Promise<TestCustomer> {
  const who = await createTestCustomer(t, name, `+1415555${String(2000 + ++phones).padStart(4, '0')}`)
  if (wallet > 0) await recordWalletMovement(t.db, { customerId: who.id, kind: 'CREDIT', amountMinor: wallet, note: 'test' })
  return who
}

let keys = 0
async function call(who: TestCustomer | undefined, path: string, payload: unknown, method: 'POST' | 'PUT' = 'POST', key: string | null = `money-${++keys}`) {
  return callAs(t, who, method, path, { data: encryptPayload(payload, t.env.PAYLOAD_KEY) }, key ? { 'Idempotency-Key': key } : {})
}

const tokenize = () => sandboxCardToken(t)

/** Patty Melts ($15.00 each) for pickup at Empire Burger, open 24 hours. */
const melts = (quantity: number, extra: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest => ({
  locationId: empireId,
  orderTypeCode: 'pickup',
  items: [{ itemId: pattyMelt, quantity }],
  tip: { tipType: 'NONE', value: 0 },
  ...extra,
})

async function place(who: TestCustomer | undefined, request: PlaceOrderRequest): Promise<OrderDetail> {
  const response = await call(who, '/order/customer/createOrder', request)
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body as OrderDetail
}

const tip = (who: TestCustomer | undefined, orderId: string, tipType: 'FLATFEE' | 'PERCENTAGE' | 'NONE', value: number) =>
  call(who, '/order/v2/customer/add-tip', { orderId, tip: value, tipType }, 'PUT')

const balanceOf = async (who: TestCustomer) => (await t.db.select().from(customers).where(eq(customers.id, who.id)))[0]!.walletAmountMinor
const ledgerOf = (orderId: string) => t.db.select().from(walletMovements).where(eq(walletMovements.orderId, orderId)).orderBy(asc(walletMovements.createdAt))
const amountDue = (order: OrderDetail) => order.subtotal + order.tax + order.surcharge + order.deliveryFee + order.tip - order.discount

async function expectNoMoneyViolation() {
  const audit = await auditMoney(t.db)
  expect(audit.violations.map(describeViolation)).toEqual([])
}

/** The SQLSTATE a statement fails with, or null when it succeeds. */
async function sqlStateOf(statement: () => Promise<unknown>): Promise<string | null> {
  try {
    await statement()
    return null
  } catch (error) {
    return databaseErrorOf(error)?.code ?? 'unknown'
  }
}

describe('line 1: an order total never goes below zero', () => {
  it('an order total never goes below zero: a tip lowered after a wallet redemption gives the wallet back', async () => {
    const rich = await diner('Wallet', 100_000)
    // The whole subtotal as a flat tip (the most a tip may be), and more wallet than the order costs.
    const order = await place(rich, melts(4, { tip: { tipType: 'FLATFEE', value: 6_000 }, walletAmount: 100_000 }))
    expect(order).toMatchObject({ tip: 6_000, walletRedeemed: amountDue(order), total: 0 })
    expect(await balanceOf(rich)).toBe(100_000 - order.walletRedeemed)

    const lowered = await tip(rich, order.orderId, 'NONE', 0)
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200)
    const after = lowered.body as OrderDetail
    expect(after.tip).toBe(0)
    expect(after.total).toBe(0)
    expect(after.walletRedeemed).toBe(amountDue(after))
    expect(after.walletRedeemed).toBe(order.walletRedeemed - 6_000)
    // What the order no longer uses is back in the wallet, as a RELEASE movement of the order.
    expect(await balanceOf(rich)).toBe(100_000 - after.walletRedeemed)
    expect((await ledgerOf(order.orderId)).map((row) => [row.kind, row.amountMinor])).toEqual([
      ['REDEEM', -order.walletRedeemed],
      ['RELEASE', 6_000],
    ])

    // Nothing negative is authorized or collected: the card is asked for the order's total, 0.
    const token = await tokenize()
    const authorized = (await call(rich, '/payment/v2/authorize', { orderId: order.orderId, cardToken: token })).body as PaymentResult
    expect(authorized).toMatchObject({ paymentStatus: '18', amount: 0 })
    const collected = (await call(rich, '/payment/collect-payment', { orderId: order.orderId })).body as PaymentResult
    expect(collected).toMatchObject({ paymentStatus: '19', amount: 0 })
    await expectNoMoneyViolation()
  })

  it('an order total never goes below zero: coupon, wallet and a tip dropped to NONE give the wallet back', async () => {
    const saver = await diner('Saver', 50_000)
    const order = await place(saver, melts(2, { couponCode: 'WELCOME10', tip: { tipType: 'PERCENTAGE', value: 2_000 }, walletAmount: 50_000 }))
    expect(order).toMatchObject({ discount: 300, tip: 600, total: 0 })
    const dropped = (await tip(saver, order.orderId, 'NONE', 0)).body as OrderDetail
    expect(dropped).toMatchObject({ tip: 0, discount: 300, total: 0, walletRedeemed: order.walletRedeemed - 600 })
    expect(await balanceOf(saver)).toBe(50_000 - dropped.walletRedeemed)
    await expectNoMoneyViolation()
  })

  it('an order total never goes below zero under any sequence of tips (fast-check, fixed seed)', async () => {
    const seed = 1313
    console.info(`tip sequences: fast-check seed ${seed}`)
    const spender = await diner('Spender', 1_000_000)
    // The most tip there can be, all paid from the wallet: every lower tip must give some back.
    const order = await place(spender, melts(3, { tip: { tipType: 'FLATFEE', value: 4_500 }, walletAmount: 1_000_000 }))
    expect(order.total).toBe(0)
    const tipChoice = fc.oneof(
      fc.record({ tipType: fc.constant('FLATFEE' as const), value: fc.integer({ min: 0, max: 6_000 }) }),
      fc.record({ tipType: fc.constant('PERCENTAGE' as const), value: fc.integer({ min: 0, max: 12_000 }) }),
      fc.constant({ tipType: 'NONE' as const, value: 0 }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(tipChoice, { minLength: 1, maxLength: 6 }), async (choices) => {
        for (const choice of choices) {
          const answer = await tip(spender, order.orderId, choice.tipType, choice.value)
          const [row] = await t.db.select().from(orders).where(eq(orders.id, order.orderId))
          if (answer.status !== 200) expect(answer.body).toMatchObject({ status: 400, code: 'invalid_tip' })
          expect(row!.totalMinor).toBeGreaterThanOrEqual(0)
          expect(row!.tipMinor).toBeLessThanOrEqual(row!.subtotalMinor)
          // The wallet the order holds is what its ledger rows took, and never more than it owes.
          const ledger = (await ledgerOf(order.orderId)).reduce((sum, movement) => sum + movement.amountMinor, 0)
          expect(-ledger).toBe(row!.walletRedeemedMinor)
          expect(row!.walletRedeemedMinor).toBeLessThanOrEqual(order.walletRedeemed)
          expect((await balanceOf(spender)) + row!.walletRedeemedMinor).toBe(1_000_000)
        }
      }),
      { seed, numRuns: 15 },
    )
    await expectNoMoneyViolation()
  })
})

describe('line 2: a capture never exceeds its authorization', () => {
  it('a tip after the card is authorized is refused (payment_started), and collect captures exactly what was authorized', async () => {
    const who = await diner('Tipper')
    const order = await place(who, melts(1))
    const authorized = (await call(who, '/payment/v2/authorize', { orderId: order.orderId, cardToken: await tokenize() })).body as PaymentResult
    expect(authorized).toMatchObject({ paymentStatus: '18', amount: order.total })
    const late = await tip(who, order.orderId, 'FLATFEE', 1_500)
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ code: 'payment_started' })
    const coupon = await call(who, '/coupon/v2/redeemCoupon', { code: 'WELCOME10', orderId: order.orderId })
    expect(coupon.body).toMatchObject({ status: 409, code: 'payment_started' })
    const collected = (await call(who, '/payment/collect-payment', { orderId: order.orderId })).body as PaymentResult
    expect(collected).toMatchObject({ paymentStatus: '19', amount: order.total })
    const [capture] = await t.db.select().from(paymentEvents).where(and(eq(paymentEvents.paymentId, authorized.paymentId), eq(paymentEvents.type, 'CAPTURE')))
    expect(capture!.amountMinor).toBe(order.total)
    expect(t.errors).toEqual([])
  })

  it('collect refuses (amount_changed) and captures nothing when the order total no longer is what was authorized', async () => {
    const who = await diner('Changed')
    const order = await place(who, melts(1))
    const authorized = (await call(who, '/payment/v2/authorize', { orderId: order.orderId, cardToken: await tokenize() })).body as PaymentResult
    // Written behind the app's back (the app refuses it): the total moves while the hold stays.
    await t.db
      .update(orders)
      .set({ tipType: 'FLATFEE', tipValue: 100, tipMinor: 100, totalMinor: sql`${orders.totalMinor} + 100` })
      .where(eq(orders.id, order.orderId))
    const refused = await call(who, '/payment/collect-payment', { orderId: order.orderId })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ code: 'amount_changed' })
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, authorized.paymentId))).toEqual([])
  })

  it('the database refuses a capture above the authorization, a second capture, a capture after a void and a void after a capture', async () => {
    const who = await diner('Trigger')
    const order = await place(who, melts(1))
    const { paymentId } = (await call(who, '/payment/v2/authorize', { orderId: order.orderId, cardToken: await tokenize() })).body as PaymentResult
    const capture = (amountMinor: number, id = paymentId) => () => t.db.insert(paymentEvents).values({ paymentId: id, type: 'CAPTURE', amountMinor })
    expect(await sqlStateOf(capture(order.total + 1))).toBe('TF003')
    expect(await sqlStateOf(capture(order.total))).toBeNull()
    expect(await sqlStateOf(capture(1))).toBe('TF003')
    expect(await sqlStateOf(() => t.db.insert(paymentEvents).values({ paymentId, type: 'VOID' }))).toBe('TF003')
    expect(await sqlStateOf(() => t.db.insert(paymentEvents).values({ paymentId, type: 'REFUND', amountMinor: order.total + 1 }))).toBe('TF003')

    const other = await place(who, melts(1))
    const second = (await call(who, '/payment/v2/authorize', { orderId: other.orderId, cardToken: await tokenize() })).body as PaymentResult
    expect(await sqlStateOf(() => t.db.insert(paymentEvents).values({ paymentId: second.paymentId, type: 'VOID' }))).toBeNull()
    expect(await sqlStateOf(capture(1, second.paymentId))).toBe('TF003')
    // And a second live payment of one order is refused whatever writes it.
    const again = () =>
      t.db.insert(payments).values({ orderId: order.orderId, provider: 'sandbox', kind: 'CNP', amountMinor: 1, currency: 'USD', status: '18' })
    expect(await sqlStateOf(again)).toBe('TF002')
  })
})

describe('line 3: a flat tip has a bound', () => {
  it('a flat tip above the subtotal is refused (invalid_tip) at placement, in the totals and on add-tip', async () => {
    const who = await diner('Generous')
    const huge = await call(who, '/order/customer/createOrder', melts(1, { tip: { tipType: 'FLATFEE', value: 10_000_000 } }))
    expect(huge.status).toBe(400)
    expect(huge.body).toMatchObject({ code: 'invalid_tip' })
    const quote = await call(who, '/order/customer/totals', melts(1, { tip: { tipType: 'FLATFEE', value: 1_501 } }), 'POST', null)
    expect(quote.body).toMatchObject({ status: 400, code: 'invalid_tip' })
    const order = await place(who, melts(1, { tip: { tipType: 'FLATFEE', value: 1_500 } }))
    expect(order.tip).toBe(1_500)
    for (const [tipType, value] of [
      ['FLATFEE', 10_000_000],
      ['FLATFEE', 1_501],
      ['PERCENTAGE', 10_001],
    ] as const) {
      const refused = await tip(who, order.orderId, tipType, value)
      expect(refused.status, `${tipType} ${value}`).toBe(400)
      expect(refused.body).toMatchObject({ code: 'invalid_tip' })
    }
    expect((await t.db.select().from(orders).where(eq(orders.id, order.orderId)))[0]!.tipMinor).toBe(1_500)
  })
})

/** A tab at a free table of Empire Burger with `quantity` Patty Melts. */
async function openTab(who: TestCustomer, quantity = 2): Promise<OrderDetail> {
  const tableId = tableIds[keys % tableIds.length]!
  return place(who, { locationId: empireId, orderTypeCode: 'dinein', items: [{ itemId: pattyMelt, quantity }], tableId })
}

const splitOf = async (who: TestCustomer, orderId: string) => (await call(who, '/order/customer/splits', { orderId }, 'POST', null)).body as SplitBill

describe('line 4: payments are never lost', () => {
  it('a round is refused once one share is authorized by card and another is to be paid at the restaurant, and every payment stays', async () => {
    const who = await diner('Table')
    const tab = await openTab(who)
    const bill = (await call(who, '/order/customer/split', { orderId: tab.orderId, mode: 'EVEN', parts: 2 })).body as SplitBill
    const [one, two] = bill.shares
    const card = (await call(who, '/payment/v2/authorize', { orderId: tab.orderId, splitId: one!.id, cardToken: await tokenize() })).body as PaymentResult
    expect(card).toMatchObject({ paymentStatus: '18', amount: one!.amount })
    const counter = (await call(who, '/payment/customer-initiate-offline-payment', { orderId: tab.orderId, splitId: two!.id })).body as PaymentResult
    expect(counter).toMatchObject({ paymentStatus: '25', amount: two!.amount })

    const round = await call(who, '/order/update/customer', { orderId: tab.orderId, items: [{ itemId: pattyMelt, quantity: 1 }] }, 'PUT')
    expect(round.status).toBe(409)
    expect(round.body).toMatchObject({ code: 'bill_being_paid' })
    const tipped = await tip(who, tab.orderId, 'FLATFEE', 100)
    expect(tipped.body).toMatchObject({ status: 409, code: 'payment_started' })
    const resplit = await call(who, '/order/customer/split', { orderId: tab.orderId, mode: 'EVEN', parts: 3 })
    expect(resplit.body).toMatchObject({ status: 409, code: 'bill_being_paid' })

    const rows = await t.db.select().from(payments).where(eq(payments.orderId, tab.orderId))
    expect(rows.map((row) => [row.id, row.status, row.splitId]).sort()).toEqual(
      [
        [card.paymentId, '18', one!.id],
        [counter.paymentId, '25', two!.id],
      ].sort(),
    )
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, card.paymentId))).toEqual([])
    const shares = await splitOf(who, tab.orderId)
    expect(shares.shares.map((share) => [share.id, share.payment?.status, share.payment?.voidedAt])).toEqual([
      [one!.id, '18', null],
      [two!.id, '25', null],
    ])
    expect(t.errors).toEqual([])
  })

  it('no payment, payment event, wallet movement or offer use can be deleted or changed, not even by SQL', async () => {
    const who = await diner('Ledger', 1_000)
    const order = await place(who, melts(2, { couponCode: 'WELCOME10', walletAmount: 500 }))
    const { paymentId } = (await call(who, '/payment/v2/authorize', { orderId: order.orderId, cardToken: await tokenize() })).body as PaymentResult
    await call(who, '/payment/collect-payment', { orderId: order.orderId })
    const refused = [
      () => t.db.delete(payments).where(eq(payments.id, paymentId)),
      () => t.db.update(payments).set({ amountMinor: 1 }).where(eq(payments.id, paymentId)),
      () => t.db.delete(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)),
      () => t.db.update(paymentEvents).set({ amountMinor: 1 }).where(eq(paymentEvents.paymentId, paymentId)),
      () => t.db.delete(walletMovements).where(eq(walletMovements.orderId, order.orderId)),
      () => t.db.update(walletMovements).set({ amountMinor: -1 }).where(eq(walletMovements.orderId, order.orderId)),
      () => t.db.delete(offerRedemptions).where(eq(offerRedemptions.orderId, order.orderId)),
      () => t.db.update(offerRedemptions).set({ amountMinor: 0 }).where(eq(offerRedemptions.orderId, order.orderId)),
      () => t.db.execute(sql`truncate payments cascade`),
      () => t.db.execute(sql`truncate wallet_movements`),
      () => t.db.update(customers).set({ walletAmountMinor: 1_000_000 }).where(eq(customers.id, who.id)),
    ]
    for (const [index, statement] of refused.entries()) expect(await sqlStateOf(statement), `statement ${index}`).toBe('TF001')
    // Nothing cascades either: an order or a share that money names cannot be deleted (a foreign key refuses it:
    // 23001 ON DELETE RESTRICT, or 23503 when the engine checks another of the order's keys first).
    const foreignKey = ['23001', '23503']
    expect(foreignKey).toContain(await sqlStateOf(() => t.db.delete(orders).where(eq(orders.id, order.orderId))))
    const tab = await openTab(who)
    const bill = (await call(who, '/order/customer/split', { orderId: tab.orderId, mode: 'EVEN', parts: 2 })).body as SplitBill
    await call(who, '/payment/v2/authorize', { orderId: tab.orderId, splitId: bill.shares[0]!.id, cardToken: await tokenize() })
    expect(foreignKey).toContain(await sqlStateOf(() => t.db.delete(orderSplits).where(eq(orderSplits.id, bill.shares[0]!.id))))
    expect(await t.db.select().from(payments).where(eq(payments.id, paymentId))).toHaveLength(1)
  })
})

describe('line 5: split shares follow the total', () => {
  it('shares follow a tip added after the split, and the order is paid ("19") only once both shares collected the whole total', async () => {
    const who = await diner('Splitter')
    const tab = await openTab(who, 2)
    const first = (await call(who, '/order/customer/split', { orderId: tab.orderId, mode: 'EVEN', parts: 2 })).body as SplitBill
    expect(first.shares.reduce((sum, share) => sum + share.amount, 0)).toBe(tab.total)

    const tipped = (await tip(who, tab.orderId, 'FLATFEE', 2_000)).body as OrderDetail
    expect(tipped.total).toBe(tab.total + 2_000)
    const bill = await splitOf(who, tab.orderId)
    expect(bill.total).toBe(tipped.total)
    expect(bill.shares.map((share) => share.label)).toEqual(['Share 1 of 2', 'Share 2 of 2'])
    expect(bill.shares.reduce((sum, share) => sum + share.amount, 0)).toBe(tipped.total)
    // The old shares are superseded, not deleted, and can no longer be paid.
    const stale = await call(who, '/payment/v2/authorize', { orderId: tab.orderId, splitId: first.shares[0]!.id, cardToken: await tokenize() })
    expect(stale.body).toMatchObject({ status: 409, code: 'share_superseded' })
    expect((await t.db.select().from(orderSplits).where(eq(orderSplits.orderId, tab.orderId))).length).toBe(4)

    const [one, two] = bill.shares
    const token = await tokenize()
    await call(who, '/payment/v2/authorize', { orderId: tab.orderId, splitId: one!.id, cardToken: token })
    const firstCollect = (await call(who, '/payment/collect-payment', { orderId: tab.orderId, splitId: one!.id })).body as PaymentResult
    expect(firstCollect).toMatchObject({ paymentStatus: '19', amount: one!.amount })
    expect((await t.db.select().from(orders).where(eq(orders.id, tab.orderId)))[0]!.paymentStatus).toBeNull()
    await call(who, '/payment/v2/authorize', { orderId: tab.orderId, splitId: two!.id, cardToken: token })
    await call(who, '/payment/collect-payment', { orderId: tab.orderId, splitId: two!.id })
    const [row] = await t.db.select().from(orders).where(eq(orders.id, tab.orderId))
    expect(row!.paymentStatus).toBe('19')
    const captured = await t.db
      .select({ amount: paymentEvents.amountMinor })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .where(and(eq(payments.orderId, tab.orderId), eq(paymentEvents.type, 'CAPTURE')))
    expect(captured.reduce((sum, capture) => sum + capture.amount, 0)).toBe(row!.totalMinor)
    expect((await splitOf(who, tab.orderId)).shares.map((share) => share.paid)).toEqual([true, true])
    await expectNoMoneyViolation()
  })

  it('shares by dishes keep their groups when the tip changes, and are superseded when a round brings new dishes', async () => {
    const who = await diner('Groups')
    const tab = await place(who, {
      locationId: empireId,
      orderTypeCode: 'dinein',
      items: [
        { itemId: pattyMelt, quantity: 1 },
        { itemId: pattyMelt, quantity: 2 },
      ],
      tableId: tableIds[0]!,
    })
    const [a, b] = tab.items
    const groups = [
      { label: 'Asha', orderItemIds: [a!.id] },
      { label: 'Ben', orderItemIds: [b!.id] },
    ]
    await call(who, '/order/customer/split', { orderId: tab.orderId, mode: 'ITEMS', groups })
    const tipped = (await tip(who, tab.orderId, 'PERCENTAGE', 1_000)).body as OrderDetail
    const bill = await splitOf(who, tab.orderId)
    expect(bill.shares.map((share) => [share.label, share.orderItemIds])).toEqual(groups.map((group) => [group.label, group.orderItemIds]))
    expect(bill.shares.reduce((sum, share) => sum + share.amount, 0)).toBe(tipped.total)

    const round = await call(who, '/order/update/customer', { orderId: tab.orderId, items: [{ itemId: pattyMelt, quantity: 1 }] }, 'PUT')
    expect(round.status, JSON.stringify(round.body)).toBe(200)
    expect((await splitOf(who, tab.orderId)).shares).toEqual([])
    // With no live share left the bill is paid whole again.
    const whole = (await call(who, '/payment/v2/authorize', { orderId: tab.orderId, cardToken: await tokenize() })).body as PaymentResult
    expect(whole).toMatchObject({ paymentStatus: '18', amount: (round.body as OrderDetail).total })
    await expectNoMoneyViolation()
  })
  it('a split bill with one share captured and one to pay at the restaurant is "25", never "19", and an authorized share settles nothing', async () => {
    const who = await diner('Mixed')
    const tab = await openTab(who, 2)
    const bill = (await call(who, '/order/customer/split', { orderId: tab.orderId, mode: 'EVEN', parts: 2 })).body as SplitBill
    const [one, two] = bill.shares
    const token = await tokenize()
    await call(who, '/payment/v2/authorize', { orderId: tab.orderId, splitId: one!.id, cardToken: token })
    await call(who, '/payment/customer-initiate-offline-payment', { orderId: tab.orderId, splitId: two!.id })
    const paymentStatus = async () => (await t.db.select().from(orders).where(eq(orders.id, tab.orderId)))[0]!.paymentStatus
    expect(await paymentStatus()).toBeNull()
    await call(who, '/payment/collect-payment', { orderId: tab.orderId, splitId: one!.id })
    expect(await paymentStatus()).toBe('25')
    await expectNoMoneyViolation()
  })
})

describe('line 6: coupon limits hold under concurrency', () => {
  it('20 concurrent placements with WELCOME10 by one customer (different keys) discount exactly its limit of 3 orders', async () => {
    const racer = await diner('Racer')
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => call(racer, '/order/customer/createOrder', melts(2, { couponCode: 'WELCOME10' }), 'POST', `coupon-race-${index}`)),
    )
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 409).map((answer) => answer.text)).toEqual([])
    const placed = answers.filter((answer) => answer.status === 201).map((answer) => answer.body as OrderDetail)
    expect(placed).toHaveLength(3)
    expect(placed.every((order) => order.discount === 300)).toBe(true)
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body).toMatchObject({ code: 'coupon_limit_reached' })
    const uses = await t.db.select().from(offerRedemptions).where(eq(offerRedemptions.customerId, racer.id))
    expect(uses).toHaveLength(3)
    expect(t.errors).toEqual([])
    await expectNoMoneyViolation()
  })

  it('a guest’s verified number is limited like a customer, and the uses follow the number into an account', async () => {
    const phone = '+14155552999'
    const gia = await createTestGuest(t, 'Gia Guest', phone)
    const guest = { fullName: 'Gia Guest', phone }
    for (let use = 1; use <= 3; use++) expect((await place(gia, melts(2, { couponCode: 'WELCOME10', guest }))).discount).toBe(300)
    const fourth = await call(gia, '/order/customer/createOrder', melts(2, { couponCode: 'WELCOME10', guest }))
    expect(fourth.status).toBe(409)
    expect(fourth.body).toMatchObject({ code: 'coupon_limit_reached', message: expect.stringContaining('This mobile number') })
    // Signed in with that number, the same diner has used the coupon up too.
    const account = await createTestCustomer(t, 'Gia', phone)
    const signedIn = await call(account, '/order/customer/createOrder', melts(2, { couponCode: 'WELCOME10' }))
    expect(signedIn.body).toMatchObject({ status: 409, code: 'coupon_limit_reached' })
    // Redeeming on an existing order counts the same way.
    const plain = await place(gia, melts(2, { guest }))
    const redeem = await call(gia, '/coupon/v2/redeemCoupon', { code: 'WELCOME10', orderId: plain.orderId })
    expect(redeem.body).toMatchObject({ status: 409, code: 'coupon_limit_reached' })
  })
})
