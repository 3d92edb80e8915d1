import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_TOKENIZE_AUTHORIZATION } from '@/shared/api/contracts/card-provider'
import type { SplitBill } from '@/shared/api/contracts/dine-in'
import type { OrderDetail, PlaceOrderRequest } from '@/shared/api/contracts/ordering'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import type { Transaction } from '../lib/idempotency'
import { callAs, createTestCustomer, type TestCustomer } from '../test/signed-in-client'
import { expireUnpaidOrders } from '../modules/orders/cancellation'
import { recordWalletMovement } from '../modules/wallet/ledger'
import { cardProviderFor } from '../providers/payment/sandbox-payments'
import { createTestApp, type TestApp } from '../test/harness'
import { auditMoney, describeViolation, type MoneyRule } from './money-audit'
import { customers, diningTables, locations, menuItems, offerRedemptions, offers, orders, orderSplits, paymentEvents, payments } from './schema'

let t: TestApp
let asha: TestCustomer
let empireId: string
let pattyMelt: string
let tableId: string
const nextYear = new Date().getUTCFullYear() + 1

let keys = 0
const call = (who: TestCustomer | undefined, path: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') =>
  callAs(t, who, method, path, { data: encryptPayload(payload, t.env.PAYLOAD_KEY) }, { 'Idempotency-Key': `audit-${++keys}` })

async function tokenize(): Promise<string> {
  const response = await callAs(t, undefined, 'POST', '/provider/sandbox/tokenize', { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' }, {
    Authorization: SANDBOX_TOKENIZE_AUTHORIZATION,
  })
  return (response.body as { token: string }).token
}

const melts = (quantity: number, extra: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest => ({
  locationId: empireId,
  orderTypeCode: 'pickup',
  items: [{ itemId: pattyMelt, quantity }],
  tip: { tipType: 'NONE', value: 0 },
  ...extra,
})

async function place(request: PlaceOrderRequest): Promise<OrderDetail> {
  const response = await call(asha, '/order/customer/createOrder', request)
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body as OrderDetail
}

/** Every normal flow once: placement with coupon and wallet, tips, payments, pay at the restaurant, split bills, a round, cancel, expiry. */
beforeAll(async () => {
  t = await createTestApp()
  asha = await createTestCustomer(t, 'Asha', '+14155554001')
  const [empire] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'empire-burger'))
  empireId = empire!.id
  const [melt] = await t.db.select().from(menuItems).where(eq(menuItems.name, 'Patty Melt'))
  pattyMelt = melt!.id
  tableId = (await t.db.select().from(diningTables).where(eq(diningTables.locationId, empireId)).limit(1))[0]!.id
  await recordWalletMovement(t.db, { customerId: asha.id, kind: 'CREDIT', amountMinor: 20_000, note: 'test' })

  const token = await tokenize()
  const paid = await place(melts(3, { couponCode: 'WELCOME10', walletAmount: 1_000, tip: { tipType: 'PERCENTAGE', value: 1_500 } }))
  await call(asha, '/order/v2/customer/add-tip', { orderId: paid.orderId, tip: 4_500, tipType: 'FLATFEE' }, 'PUT')
  await call(asha, '/payment/v2/authorize', { orderId: paid.orderId, cardToken: token })
  await call(asha, '/payment/collect-payment', { orderId: paid.orderId })
  const counter = await place(melts(1))
  await call(asha, '/payment/transfer-order', { orderId: counter.orderId })
  await call(asha, '/payment/customer-initiate-offline-payment', { orderId: counter.orderId })
  const tab = await place({ ...melts(2), orderTypeCode: 'dinein', tableId, walletAmount: 1_000 })
  await call(asha, '/order/customer/split', { orderId: tab.orderId, mode: 'EVEN', parts: 2 })
  await call(asha, '/order/update/customer', { orderId: tab.orderId, items: [{ itemId: pattyMelt, quantity: 1 }] }, 'PUT')
  await call(asha, '/order/v2/customer/add-tip', { orderId: tab.orderId, tip: 1_000, tipType: 'FLATFEE' }, 'PUT')
  const bill = (await call(asha, '/order/customer/splits', { orderId: tab.orderId })).body as SplitBill
  for (const share of bill.shares) {
    await call(asha, '/payment/v2/authorize', { orderId: tab.orderId, splitId: share.id, cardToken: token })
    await call(asha, '/payment/collect-payment', { orderId: tab.orderId, splitId: share.id })
  }
  const cancelled = await place(melts(2, { couponCode: 'WELCOME10', walletAmount: 700 }))
  await call(asha, '/payment/v2/authorize', { orderId: cancelled.orderId, cardToken: token })
  await call(asha, '/order/customer/cancel', { orderId: cancelled.orderId })
  await place(melts(2, { couponCode: 'WELCOME10', walletAmount: 300 }))
  const bill2 = (await call(asha, '/order/customer/splits', { orderId: tab.orderId })).body as SplitBill
  expect(bill2.shares.map((share) => share.paid)).toEqual([true, true])
  await expireUnpaidOrders(t.db, new Date(Date.now() + 16 * 60_000), { providerFor: cardProviderFor({ SANDBOX: true, TOKEN_SECRET: 'x'.repeat(32) }) })
  await place(melts(1))
})
afterAll(() => t.close())

/** Writes what the app never would inside a transaction that is rolled back, and audits it there. */
async function auditAfter(write: (tx: Transaction) => Promise<unknown>): Promise<MoneyRule[]> {
  let rules: MoneyRule[] = []
  const undo = new Error('undo')
  await t.db
    .transaction(async (tx) => {
      await write(tx)
      rules = (await auditMoney(tx)).violations.map((violation) => violation.rule)
      throw undo
    })
    .catch((error: unknown) => {
      if (error !== undo) throw error
    })
  return rules
}

/** An unpaid pickup order. */
const someOrder = async (tx: Transaction) => (await tx.select().from(orders).where(and(eq(orders.status, '6'), isNull(orders.paymentStatus))).limit(1))[0]!

describe('the money audit', () => {
  it('finds no violation after every normal flow (placement, coupon, wallet, tips, payments, split bills, rounds, cancel, expiry)', async () => {
    const audit = await auditMoney(t.db)
    expect(audit.violations.map(describeViolation)).toEqual([])
    expect(audit.counts.orders).toBeGreaterThanOrEqual(5)
    expect(audit.counts.paymentEvents).toBeGreaterThanOrEqual(4)
    expect(audit.counts.walletMovements).toBeGreaterThanOrEqual(5)
    expect(audit.predatingOrders).toEqual([])
    const statuses = (await t.db.select({ status: orders.status }).from(orders)).map((row) => row.status)
    expect(statuses).toEqual(expect.arrayContaining(['8', '9', '19', '25']))
  })

  it('finds an order whose total is negative or does not add up, and a discount or tip above the subtotal', async () => {
    const rules = await auditAfter(async (tx) => {
      // The CHECKs of migration 0009 hold these rules; the audit must find them on a database without them.
      for (const check of ['orders_amounts_not_negative', 'orders_total_adds_up', 'orders_discount_within_subtotal', 'orders_tip_within_subtotal']) {
        await tx.execute(sql.raw(`alter table orders drop constraint ${check}`))
      }
      const order = await someOrder(tx)
      await tx.update(orders).set({ totalMinor: -500 }).where(eq(orders.id, order.id))
      const other = (await tx.select().from(orders).where(eq(orders.status, '19')).limit(1))[0]!
      await tx.update(orders).set({ discountMinor: other.subtotalMinor + 1, tipMinor: other.subtotalMinor + 1 }).where(eq(orders.id, other.id))
    })
    expect(rules).toEqual(expect.arrayContaining(['amounts_not_negative', 'total_adds_up', 'discount_within_subtotal', 'tip_within_subtotal']))
  })

  it('finds a capture above its authorization and refunds above the capture', async () => {
    const rules = await auditAfter(async (tx) => {
      await tx.execute(sql`alter table payment_events disable trigger payment_events_follow_rules`)
      const [payment] = await tx.select().from(payments).where(eq(payments.status, '18')).limit(1)
      await tx.insert(paymentEvents).values({ paymentId: payment!.id, type: 'REFUND', amountMinor: payment!.amountMinor * 3 })
      await tx.execute(sql`drop index payment_events_one_capture_uq`)
      await tx.insert(paymentEvents).values({ paymentId: payment!.id, type: 'CAPTURE', amountMinor: payment!.amountMinor + 1 })
    })
    expect(rules).toEqual(expect.arrayContaining(['capture_within_authorization', 'refunds_within_capture']))
  })

  it('finds an order marked paid that did not collect its total, and live shares that do not add up', async () => {
    const rules = await auditAfter(async (tx) => {
      const order = await someOrder(tx)
      await tx.update(orders).set({ paymentStatus: '19' }).where(eq(orders.id, order.id))
      const other = (await tx.select().from(orders).where(eq(orders.status, '25')).limit(1))[0]!
      await tx.insert(orderSplits).values({ orderId: other.id, label: 'Share 1 of 1', amountMinor: other.totalMinor + 1 })
    })
    expect(rules).toEqual(expect.arrayContaining(['paid_order_collected_its_total', 'shares_add_up_to_total']))
  })

  it('finds a wallet balance that is not its ledger, and an order whose wallet is not what its ledger took', async () => {
    const rules = await auditAfter(async (tx) => {
      await tx.execute(sql`select set_config('tablefront.wallet_ledger', 'on', true)`)
      await tx.update(customers).set({ walletAmountMinor: 1 }).where(eq(customers.id, asha.id))
      await tx.execute(sql`select set_config('tablefront.wallet_ledger', 'off', true)`)
      const order = await someOrder(tx)
      await recordWalletMovement(tx, { customerId: asha.id, kind: 'RELEASE', amountMinor: 50, orderId: order.id })
    })
    expect(rules).toEqual(expect.arrayContaining(['wallet_balance_is_its_ledger', 'order_wallet_matches_ledger']))
  })

  it('finds an order whose discount is not its offer uses, a cancelled order still holding one, and a redeemer over an offer’s limit', async () => {
    const rules = await auditAfter(async (tx) => {
      const [welcome] = await tx.select().from(offers).where(eq(offers.code, 'WELCOME10'))
      // An extra live use on each of the customer's orders, the cancelled ones too: more than WELCOME10's limit of 3.
      await tx.execute(sql`drop index offer_redemptions_offer_order_uq`)
      for (const order of await tx.select().from(orders).where(eq(orders.customerId, asha.id))) {
        await tx.insert(offerRedemptions).values({ offerId: welcome!.id, customerId: asha.id, orderId: order.id, amountMinor: 1 })
      }
    })
    expect(rules).toEqual(expect.arrayContaining(['order_discount_matches_offer_uses', 'offer_limit_respected']))
  })
})

describe('npm run audit:money', () => {
  it('audits the database of DATABASE_URL or DATA_DIR and exits 1 on a violation', async () => {
    const { execFileSync } = await import('node:child_process')
    const { mkdtempSync, rmSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const { openDatabase } = await import('./client')
    const dataDir = mkdtempSync(join(tmpdir(), 'tf-audit-'))
    try {
      const handle = await openDatabase({ dataDir })
      await handle.migrate()
      const [customer] = await handle.db.insert(customers).values({ firstName: 'Audit', mobilePhone: '+14155554099' }).returning()
      await recordWalletMovement(handle.db, { customerId: customer!.id, kind: 'CREDIT', amountMinor: 100 })
      await handle.close()
      const run = () => execFileSync('npx', ['tsx', 'scripts/audit-money.ts'], { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir }, encoding: 'utf8' })
      expect(run()).toContain('No violation.')

      const broken = await openDatabase({ dataDir })
      await broken.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('tablefront.wallet_ledger', 'on', true)`)
        await tx.update(customers).set({ walletAmountMinor: 5 }).where(eq(customers.id, customer!.id))
      })
      await broken.close()
      let failure: { status?: number; stdout?: string } = {}
      try {
        run()
      } catch (error) {
        failure = error as { status?: number; stdout?: string }
      }
      expect(failure.status).toBe(1)
      expect(failure.stdout).toContain(`wallet_balance_is_its_ledger: customer ${customer!.id} (balance 5, ledger 100)`)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
