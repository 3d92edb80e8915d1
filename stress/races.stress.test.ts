import { and, eq, inArray, like } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_TOKENIZE_AUTHORIZATION } from '@/shared/api/contracts/card-provider'
import { type OrderDetail, type PaymentResult, type PlaceOrderRequest } from '@/shared/api/contracts/ordering'
import type { Reservation } from '@/shared/api/contracts/reservations'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { addDays, zonedClock } from '@/shared/lib/hours'
import { auditMoney, describeViolation } from '../server/src/db/money-audit'
import { customers, diningTables, locations, menuItems, offerRedemptions, orders, paymentEvents, payments, reservations, tableHolds } from '../server/src/db/schema'
import { callAs, createTestCustomer, type TestCustomer } from '../server/src/test/signed-in-client'
import { expireUnpaidOrders } from '../server/src/modules/orders/cancellation'
import { recordWalletMovement } from '../server/src/modules/wallet/ledger'
import { cardProviderFor } from '../server/src/providers/payment/sandbox-payments'
import { createTestApp, type TestApp } from '../server/src/test/harness'

// The races of `npm test` (placement.test.ts: 20 calls, one key; reservations.test.ts: 50 bookings
// for the last table) with ten times the concurrency, on PGlite or on DATABASE_URL's PostgreSQL.
let t: TestApp
let diner: TestCustomer

beforeAll(async () => {
  t = await createTestApp()
  diner = await createTestCustomer(t, 'Racer', '+14155550951')
})
afterAll(() => t.close())
// After every race the money rules hold over the whole database (docs/payments.md "The money audit").
afterEach(async () => {
  const audit = await auditMoney(t.db)
  expect(audit.violations.map(describeViolation)).toEqual([])
})

async function locationOf(slug: string) {
  return (await t.db.select().from(locations).where(eq(locations.locationSlug, slug)))[0]!
}

async function pattyMelt(instruction: string): Promise<PlaceOrderRequest> {
  const empire = await locationOf('empire-burger')
  const [melt] = await t.db.select().from(menuItems).where(and(eq(menuItems.locationId, empire.id), eq(menuItems.name, 'Patty Melt')))
  return { locationId: empire.id, orderTypeCode: 'pickup', items: [{ itemId: melt!.id, quantity: 1 }], orderInstruction: instruction }
}

const place = (request: PlaceOrderRequest, key: string) =>
  callAs(t, diner, 'POST', '/order/customer/createOrder', { data: encryptPayload(request, t.env.PAYLOAD_KEY) }, { 'Idempotency-Key': key })

describe('placements racing on Idempotency-Keys', () => {
  it('answers 200 concurrent calls with one key with one order and 200 identical answers', async () => {
    const request = await pattyMelt('race-one-key')
    const answers = await Promise.all(Array.from({ length: 200 }, () => place(request, 'race-one-key')))
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(201))
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1)
    expect(await t.db.select().from(orders).where(eq(orders.orderInstruction, 'race-one-key'))).toHaveLength(1)
  })

  it('places exactly one order for each of 50 keys sent 4 times at once, interleaved', async () => {
    const keys = Array.from({ length: 50 }, (_, index) => `race-many-${index}`)
    const requests = await Promise.all(keys.map((key) => pattyMelt(key)))
    const calls = [0, 1, 2, 3].flatMap(() => keys.map((key, index) => () => place(requests[index]!, key)))
    const answers = await Promise.all(calls.map((call) => call()))
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.text)).toEqual([])
    const placed = await t.db.select().from(orders).where(like(orders.orderInstruction, 'race-many-%'))
    expect(placed).toHaveLength(50)
    const byKey = new Map<string, Set<string>>()
    answers.forEach((answer, index) => {
      const key = keys[index % keys.length]!
      byKey.set(key, (byKey.get(key) ?? new Set()).add((answer.body as OrderDetail).orderId))
    })
    expect([...byKey.values()].every((ids) => ids.size === 1)).toBe(true)
  })
})

describe('bookings racing for the last table', () => {
  it('gives the one table for 8 to exactly one of 50 parallel bookings on each of 4 days, 200 in all', async () => {
    const soma = await locationOf('olive-tree-soma')
    const fitting = (await t.db.select().from(diningTables).where(eq(diningTables.locationId, soma.id))).filter(
      (table) => table.capacity >= 8 && table.minCapacity <= 8,
    )
    expect(fitting).toHaveLength(1)
    const days = [2, 3, 4, 5].map((ahead) => addDays(zonedClock(new Date(), soma.timeZoneCd).date, ahead))
    const book = (date: string) =>
      callAs(
        t,
        diner,
        'POST',
        `/customer/reservations?${new URLSearchParams({ locationId: soma.id, fullName: 'Racer', mobile: '+14155550951', guestCount: '8', deviceId: '', channelName: 'ONLINE', seatTogether: '1', reservationDate: date, reservationSlot: '20:00' })}`,
      )
    const answers = await Promise.all(days.flatMap((date) => Array.from({ length: 50 }, () => book(date))))
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 409).map((answer) => answer.text)).toEqual([])
    const won = answers.filter((answer) => answer.status === 201).map((answer) => answer.body as Reservation)
    expect(won.map((reservation) => reservation.reservationDate).sort()).toEqual([...days].sort())
    const rows = await t.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.locationId, soma.id), eq(reservations.reservationSlot, '20:00'), inArray(reservations.reservationDate, days)))
    expect(rows).toHaveLength(4)
    const holds = await t.db.select().from(tableHolds).where(eq(tableHolds.tableId, fitting[0]!.id))
    expect(new Set(holds.map((hold) => hold.reservationId))).toEqual(new Set(won.map((reservation) => reservation.reservationId)))
  })
})

describe('money racing', () => {
  let phones = 0
  const newDiner = async (name: string, wallet = 0) => {
    const who = await createTestCustomer(t, name, `+1415555${String(9000 + ++phones)}`)
    if (wallet > 0) await recordWalletMovement(t.db, { customerId: who.id, kind: 'CREDIT', amountMinor: wallet, note: 'stress' })
    return who
  }
  const callAsDiner = (who: TestCustomer, path: string, payload: unknown, key: string, method: 'POST' | 'PUT' = 'POST') =>
    callAs(t, who, method, path, { data: encryptPayload(payload, t.env.PAYLOAD_KEY) }, { 'Idempotency-Key': key })
  const nextYear = new Date().getUTCFullYear() + 1
  const tokenize = async () =>
    (
      (await callAs(t, undefined, 'POST', '/provider/sandbox/tokenize', { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' }, {
        Authorization: SANDBOX_TOKENIZE_AUTHORIZATION,
      })).body as { token: string }
    ).token

  it('gives WELCOME10 to exactly 3 of 200 concurrent placements by one customer, each with its own key', async () => {
    const racer = await newDiner('Coupon')
    const request = { ...(await pattyMelt('race-coupon')), items: [{ itemId: (await pattyMelt('x')).items[0]!.itemId, quantity: 2 }], couponCode: 'WELCOME10' }
    const answers = await Promise.all(Array.from({ length: 200 }, (_, index) => callAsDiner(racer, '/order/customer/createOrder', request, `race-coupon-${index}`)))
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 409).map((answer) => answer.text)).toEqual([])
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3)
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.code === 'coupon_limit_reached')).toBe(true)
    expect(await t.db.select().from(offerRedemptions).where(eq(offerRedemptions.customerId, racer.id))).toHaveLength(3)
  })

  it('spends a wallet of 10,000 at most once across 100 concurrent placements asking 1,000 each', async () => {
    const spender = await newDiner('Wallet', 10_000)
    const request = { ...(await pattyMelt('race-wallet')), walletAmount: 1_000 }
    const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => callAsDiner(spender, '/order/customer/createOrder', request, `race-wallet-${index}`)))
    expect(answers.filter((answer) => answer.status !== 201 && !(answer.status === 409 && answer.body.code === 'wallet_changed')).map((answer) => answer.text)).toEqual([])
    const used = answers.filter((answer) => answer.status === 201).reduce((sum, answer) => sum + (answer.body as OrderDetail).walletRedeemed, 0)
    expect(used).toBe(10_000)
    expect((await t.db.select().from(customers).where(eq(customers.id, spender.id)))[0]!.walletAmountMinor).toBe(0)
  })

  it('never captures more than was authorized when tips, payments, cancels and the expiry race on 30 orders', async () => {
    const payer = await newDiner('Payer', 30_000)
    const token = await tokenize()
    const placed = await Promise.all(
      Array.from({ length: 30 }, async (_, index) =>
        (await callAsDiner(payer, '/order/customer/createOrder', { ...(await pattyMelt(`race-pay-${index}`)), walletAmount: 500, tip: { tipType: 'FLATFEE', value: 1_000 } }, `race-pay-${index}`))
          .body as OrderDetail,
      ),
    )
    // Half the orders are past their deadline: the expiry races their payments; the other half must be collected.
    const due = placed.filter((_, index) => index % 2 === 0).map((order) => order.orderId)
    await t.db.update(orders).set({ payBy: new Date(Date.now() - 1_000) }).where(inArray(orders.id, due))
    const providerFor = cardProviderFor({ SANDBOX: true, TOKEN_SECRET: t.env.TOKEN_SECRET })
    const calls = placed.flatMap((order, index) => [
      () => callAsDiner(payer, '/order/v2/customer/add-tip', { orderId: order.orderId, tip: index * 50, tipType: 'FLATFEE' }, `race-tip-${index}`, 'PUT'),
      () => callAsDiner(payer, '/payment/v2/authorize', { orderId: order.orderId, cardToken: token }, `race-auth-${index}`),
      () => callAsDiner(payer, '/payment/collect-payment', { orderId: order.orderId }, `race-collect-${index}`),
      () => callAsDiner(payer, '/order/v2/customer/add-tip', { orderId: order.orderId, tip: 0, tipType: 'NONE' }, `race-untip-${index}`, 'PUT'),
      ...(index % 3 === 0 ? [() => callAsDiner(payer, '/order/customer/cancel', { orderId: order.orderId }, `race-cancel-${index}`)] : []),
      ...(index % 5 === 0 ? [() => expireUnpaidOrders(t.db, new Date(), { providerFor })] : []),
    ])
    const answers = await Promise.all(calls.map((call) => call()))
    for (const answer of answers) if (answer && 'status' in answer) expect(answer.status, answer.text).toBeLessThan(500)
    const rows = await t.db
      .select({ payment: payments, event: paymentEvents })
      .from(payments)
      .leftJoin(paymentEvents, eq(paymentEvents.paymentId, payments.id))
      .where(inArray(payments.orderId, placed.map((order) => order.orderId)))
    for (const { payment, event } of rows) if (event?.type === 'CAPTURE') expect(event.amountMinor).toBe(payment.amountMinor)
    const results = answers.filter((answer): answer is Awaited<ReturnType<typeof callAsDiner>> => Boolean(answer && 'status' in answer))
    const collected = results.filter((answer) => answer.status === 200 && (answer.body as PaymentResult).paymentStatus === '19')
    const cancelled = await t.db.select().from(orders).where(and(inArray(orders.id, placed.map((order) => order.orderId)), inArray(orders.status, ['8', '9'])))
    expect(collected.length).toBeGreaterThan(0)
    expect(cancelled.filter((order) => order.status === '9').every((order) => due.includes(order.id))).toBe(true)
    console.info(
      `money race: ${collected.length} of 30 orders collected, ${cancelled.length} cancelled or expired, ${rows.filter((row) => row.event?.type === 'VOID').length} holds voided`,
    )
  })
})
