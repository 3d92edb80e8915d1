import { asc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SplitBill } from '@/shared/api/contracts/dine-in'
import type { OrderDetail, PaymentResult, PlaceOrderRequest } from '@/shared/api/contracts/ordering'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import type { Transaction } from '../../db/executor'
import { auditMoney, describeViolation } from '../../db/money-audit'
import { orders, paymentEvents, payments } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import type { PaymentProvider } from '../../providers/payment/payment-provider'
import { createSandboxPaymentProvider } from '../../providers/payment/sandbox-payments'
import { createTestApp, type TestApp } from '../../test/harness'
import { empireBurger, sandboxCardToken } from '../../test/money-setup'
import { callAs, createTestCustomer, type TestCustomer } from '../../test/signed-in-client'
import { authorizePayment } from './authorize-payment'

// A reload between authorizing and collecting leaves an uncaptured hold; another card then
// replaces it instead of answering 409 (docs/payments.md "Another card replaces a hold").
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

// Every test leaves the books balanced: the money audit finds nothing.
afterEach(async () => {
  expect((await auditMoney(t.db)).violations.map(describeViolation)).toEqual([])
  expect(t.errors).toEqual([])
})

const diner = (name: string) => createTestCustomer(t, name, `+1415556${String(1000 + ++phones).padStart(4, '0')}`)

let keys = 0
const call = (who: TestCustomer, path: string, payload: unknown) =>
  callAs(t, who, 'POST', path, { data: encryptPayload(payload, t.env.PAYLOAD_KEY) }, { 'Idempotency-Key': `hold-${++keys}` })

const tokenize = (number?: string) => sandboxCardToken(t, number)

async function place(who: TestCustomer, request: Partial<PlaceOrderRequest> = {}): Promise<OrderDetail> {
  const response = await call(who, '/order/customer/createOrder', {
    locationId: empireId,
    orderTypeCode: 'pickup',
    items: [{ itemId: pattyMelt, quantity: 1 }],
    tip: { tipType: 'NONE', value: 0 },
    ...request,
  })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body as OrderDetail
}

async function authorize(who: TestCustomer, orderId: string, cardToken: string, splitId?: string): Promise<PaymentResult> {
  const response = await call(who, '/payment/v2/authorize', { orderId, cardToken, ...(splitId ? { splitId } : {}) })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body as PaymentResult
}

const paymentRows = (orderId: string) => t.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt), asc(payments.id))
const eventsOf = (paymentId: string) => t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))
const orderRow = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!

describe('another card replaces an uncaptured hold', () => {
  it('a diner whose page reloaded between authorizing and collecting is not stuck: a new card voids the old hold (VOID, replaced, the provider’s reference) and is authorized and collected in its place', async () => {
    const who = await diner('Reloaded')
    const order = await place(who)
    const first = await authorize(who, order.orderId, await tokenize())
    expect(first).toMatchObject({ paymentStatus: '18', amount: order.total })
    // The page reloads: collect never comes, and the checkout asks for a card, which gets a new token.
    const second = await authorize(who, order.orderId, await tokenize('5555555555554444'))
    expect(second).toMatchObject({ paymentStatus: '18', amount: order.total, orderStatus: '18' })
    expect(second.paymentId).not.toBe(first.paymentId)

    const [old, replacement] = await paymentRows(order.orderId)
    expect(old!.id).toBe(first.paymentId)
    expect(await eventsOf(first.paymentId)).toEqual([
      expect.objectContaining({ type: 'VOID', amountMinor: order.total, reason: 'replaced', providerReference: old!.providerReference }),
    ])
    expect(replacement).toMatchObject({ id: second.paymentId, status: '18', cardLast4: '4444', amountMinor: order.total })

    const collected = await call(who, '/payment/collect-payment', { orderId: order.orderId })
    expect(collected.body).toMatchObject({ paymentId: second.paymentId, paymentStatus: '19', amount: order.total, orderStatus: '19' })
    const detail = (await call(who, '/order/customer', { orderId: order.orderId })).body as OrderDetail
    expect(detail.payments.map((payment) => [payment.id, payment.status, payment.voidedAt === null])).toEqual([
      [first.paymentId, '18', false],
      [second.paymentId, '19', true],
    ])
  })

  it('the same card again answers the hold it has, without a new authorization or a void', async () => {
    const who = await diner('Same Card')
    const order = await place(who)
    const token = await tokenize()
    const first = await authorize(who, order.orderId, token)
    expect(await authorize(who, order.orderId, token)).toEqual(first)
    expect(await paymentRows(order.orderId)).toHaveLength(1)
    expect(await eventsOf(first.paymentId)).toEqual([])
  })

  it('a declined replacement card leaves the hold it would have replaced, and the order can still be collected with it', async () => {
    const who = await diner('Declined Replacement')
    const order = await place(who)
    const first = await authorize(who, order.orderId, await tokenize())
    const declined = await authorize(who, order.orderId, await tokenize('4000000000000341'))
    expect(declined).toMatchObject({ paymentStatus: '20', message: expect.stringContaining('declined'), orderStatus: '18' })
    expect(await orderRow(order.orderId)).toMatchObject({ status: '18', paymentStatus: '18' })
    expect(await eventsOf(first.paymentId)).toEqual([])
    const collected = await call(who, '/payment/collect-payment', { orderId: order.orderId })
    expect(collected.body).toMatchObject({ paymentId: first.paymentId, paymentStatus: '19' })
  })

  it('an unknown replacement card is refused before anything is voided', async () => {
    const who = await diner('Unknown Card')
    const order = await place(who)
    const first = await authorize(who, order.orderId, await tokenize())
    const refused = await call(who, '/payment/v2/authorize', { orderId: order.orderId, cardToken: 'tok_sandbox_nope' })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 'invalid_card_token' })
    expect(await eventsOf(first.paymentId)).toEqual([])
    expect(await paymentRows(order.orderId)).toHaveLength(1)
  })

  it('a captured payment is never replaced: another card answers 409 order_already_paid and nothing is voided', async () => {
    const who = await diner('Paid')
    const order = await place(who)
    const first = await authorize(who, order.orderId, await tokenize())
    await call(who, '/payment/collect-payment', { orderId: order.orderId })
    const again = await call(who, '/payment/v2/authorize', { orderId: order.orderId, cardToken: await tokenize('5555555555554444') })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'order_already_paid' })
    expect((await eventsOf(first.paymentId)).map((event) => event.type)).toEqual(['CAPTURE'])
    expect(await paymentRows(order.orderId)).toHaveLength(1)
  })

  it('a share of a split bill: another card replaces that share’s hold only, and both shares collect the total', async () => {
    const who = await diner('Split Table')
    const tab = await place(who, { orderTypeCode: 'dinein', items: [{ itemId: pattyMelt, quantity: 2 }], tableId: tableIds[0]! })
    const bill = (await call(who, '/order/customer/split', { orderId: tab.orderId, mode: 'EVEN', parts: 2 })).body as SplitBill
    const [one, two] = bill.shares
    const oneFirst = await authorize(who, tab.orderId, await tokenize(), one!.id)
    const twoHold = await authorize(who, tab.orderId, await tokenize(), two!.id)
    const oneSecond = await authorize(who, tab.orderId, await tokenize('5555555555554444'), one!.id)
    expect(oneSecond).toMatchObject({ paymentStatus: '18', amount: one!.amount })
    expect((await eventsOf(oneFirst.paymentId)).map((event) => [event.type, event.reason])).toEqual([['VOID', 'replaced']])
    expect(await eventsOf(twoHold.paymentId)).toEqual([])
    for (const share of [one!, two!]) {
      const collected = await call(who, '/payment/collect-payment', { orderId: tab.orderId, splitId: share.id })
      expect(collected.body).toMatchObject({ paymentStatus: '19', amount: share.amount })
    }
    expect((await orderRow(tab.orderId)).paymentStatus).toBe('19')
  })

  it('a hold the provider cannot void stays, the new card’s hold is released, and the answer is 503 payment_gateway_unavailable with nothing recorded', async () => {
    const who = await diner('Stuck Gateway')
    const order = await place(who)
    const first = await authorize(who, order.orderId, await tokenize())
    const newToken = await tokenize('5555555555554444')
    const voided: string[] = []
    // The sandbox processor, except that it cannot release the first hold.
    const stuckProvider = (tx: Transaction) => {
      const sandbox = createSandboxPaymentProvider(tx, t.env.TOKEN_SECRET)
      const provider: PaymentProvider = {
        ...sandbox,
        void: async (request) => {
          if (request.reference === stuckReference) return { status: '21', message: 'The gateway did not answer.' }
          voided.push(request.reference)
          return sandbox.void(request)
        },
      }
      return provider
    }
    const stuckReference = (await paymentRows(order.orderId))[0]!.providerReference!
    const refusal = await t.db
      .transaction((tx) => authorizePayment(tx, stuckProvider, { customerId: who.id }, { orderId: order.orderId, cardToken: newToken }))
      .catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(ApiError)
    expect(refusal).toMatchObject({ status: 503, code: 'payment_gateway_unavailable' })
    expect(voided).toHaveLength(1)
    expect(voided[0]).not.toBe(stuckReference)
    expect(await paymentRows(order.orderId)).toEqual([expect.objectContaining({ id: first.paymentId })])
    expect(await eventsOf(first.paymentId)).toEqual([])
    expect(await orderRow(order.orderId)).toMatchObject({ status: '18', paymentStatus: '18' })
  })
})
