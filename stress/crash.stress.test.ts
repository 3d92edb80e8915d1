import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { MenuResponse, RestaurantDetail } from '@/shared/api/contracts/merchants'
import type { OrderDetail, PlaceOrderRequest } from '@/shared/api/contracts/ordering'
import type { TotalsResponse } from '@/shared/api/contracts/orders'
import { openDatabase } from '../server/src/db/client'
import { auditMoney, describeViolation } from '../server/src/db/money-audit'
import { orderItemOptions, orderItems, orders, orderStatusHistory } from '../server/src/db/schema'
import { callServer, createScratchDatabase, sandboxCustomer, startServer, type ServerProcess } from '../server/src/test/server-process'

const PLACEMENTS = 200
const CONCURRENCY = 10
/** The server is killed once this many placements were acknowledged, with others in flight. */
const KILL_AFTER_ACKS = 70

type Outcome = { key: string; orderId?: string; replayed?: boolean; error?: string }

async function burgerCart(origin: string): Promise<Omit<PlaceOrderRequest, 'orderInstruction'>> {
  const restaurant = await callServer(origin, 'POST', '/merchants/locations/slug', { body: { slug: 'empire-burger' }, encrypted: true })
  expect(restaurant.status, restaurant.text).toBe(200)
  const locationId = (restaurant.body as RestaurantDetail).id
  const menu = await callServer(origin, 'GET', `/merchants/locations/${locationId}/menu?orderType=pickup`)
  expect(menu.status, menu.text).toBe(200)
  const items = (menu.body as MenuResponse).items
  const classic = items.find((item) => item.name === 'Empire Classic')!
  const melt = items.find((item) => item.name === 'Patty Melt')!
  const option = (modifier: string, name: string) =>
    classic.modifiers.find((candidate) => candidate.name === modifier)!.options.find((candidate) => candidate.name === name)!.id
  return {
    locationId,
    orderTypeCode: 'pickup',
    items: [
      {
        itemId: classic.id,
        quantity: 2,
        options: [
          { modifierOptionId: option('Side', 'Onion rings'), quantity: 1 },
          { modifierOptionId: option('Add-ons', 'Bacon'), quantity: 1 },
        ],
        comment: 'No pickles',
      },
      { itemId: melt.id, quantity: 1 },
    ],
    tip: { tipType: 'FLATFEE', value: 300 },
  }
}

/** Places `keys` with CONCURRENCY at a time; `onAck` runs after each 201. Connection errors are outcomes, not failures. */
async function placeAll(origin: string, token: string, cart: object, keys: string[], onAck: (acked: number) => void = () => {}): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  let next = 0
  let acked = 0
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!
      try {
        const response = await callServer(origin, 'POST', '/order/customer/createOrder', {
          body: { ...cart, orderInstruction: key },
          encrypted: true,
          token,
          headers: { 'Idempotency-Key': key },
        })
        if (response.status === 201) {
          outcomes.push({ key, orderId: (response.body as OrderDetail).orderId, replayed: response.headers.get('Idempotent-Replayed') === 'true' })
          onAck(++acked)
        } else outcomes.push({ key, error: `${response.status} ${response.text.slice(0, 200)}` })
      } catch (error) {
        outcomes.push({ key, error: (error as Error).message })
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return outcomes
}

/**
 * 200 placements, a SIGKILL part-way, a restart on the same database, then every key retried.
 * What was acknowledged is there whole; nothing is half-written; no key places two orders.
 */
async function crashAndRecover(database: { databaseUrl: string } | { dataDir: string }) {
  let server: ServerProcess = await startServer(database)
  const customer = await sandboxCustomer(server.origin, 'Crash', '+14155550901')
  // A wallet to spend a little of on every placement, so the audit after the crash checks the ledger too.
  const topUp = await callServer(server.origin, 'POST', '/dev/session', { body: { firstName: 'Crash', mobilePhone: '+14155550901', walletAmount: 1_000_000 } })
  expect(topUp.status, topUp.text).toBe(201)
  const cart = { ...(await burgerCart(server.origin)), walletAmount: 100 }
  const quote = await callServer(server.origin, 'POST', '/order/customer/totals', { body: cart, encrypted: true, token: customer.token })
  expect(quote.status, quote.text).toBe(200)
  const totals = quote.body as TotalsResponse
  const keys = Array.from({ length: PLACEMENTS }, (_, index) => `crash-${index}`)

  let killed: Promise<void> | undefined
  const first = await placeAll(server.origin, customer.token, cart, keys, (acked) => {
    if (acked === KILL_AFTER_ACKS) killed = server.kill()
  })
  await killed
  const acknowledged = first.filter((outcome) => outcome.orderId)
  const unacknowledged = first.filter((outcome) => !outcome.orderId)
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS)
  expect(unacknowledged.length, 'the kill came after every placement was done').toBeGreaterThan(0)
  expect(server.child.signalCode).toBe('SIGKILL')

  server = await startServer(database)
  let retried: Outcome[]
  try {
    // Every key again, acknowledged or not: a replay for the first, one placement at most for the rest.
    retried = await placeAll(server.origin, customer.token, cart, keys)
  } finally {
    await server.stop()
  }
  expect(retried.filter((outcome) => outcome.error).map((outcome) => `${outcome.key}: ${outcome.error}`)).toEqual([])
  const afterRetry = new Map(retried.map((outcome) => [outcome.key, outcome.orderId]))
  for (const outcome of acknowledged) expect(afterRetry.get(outcome.key), `${outcome.key} was replayed`).toBe(outcome.orderId)
  expect(retried.filter((outcome) => acknowledged.some((acked) => acked.key === outcome.key) && !outcome.replayed)).toEqual([])

  const handle = await openDatabase('databaseUrl' in database ? { databaseUrl: database.databaseUrl, dataDir: 'unused' } : { dataDir: database.dataDir })
  try {
    const db = handle.db
    const placed = await db.select().from(orders).where(like(orders.orderInstruction, 'crash-%'))
    const perKey = new Map<string, number>()
    for (const order of placed) perKey.set(order.orderInstruction!, (perKey.get(order.orderInstruction!) ?? 0) + 1)
    expect([...perKey.values()].filter((count) => count !== 1), 'keys with more than one order').toEqual([])
    expect(perKey.size, 'every key placed exactly one order after the retries').toBe(PLACEMENTS)

    for (const order of placed) {
      expect(order, order.orderInstruction!).toMatchObject({ status: '6', subtotalMinor: totals.subtotal, tipMinor: 300, walletRedeemedMinor: 100, totalMinor: totals.total })
    }
    const ids = placed.map((order) => order.id)
    const lines = await db.select().from(orderItems).where(inArray(orderItems.orderId, ids))
    const options = await db.select().from(orderItemOptions).where(inArray(orderItemOptions.orderItemId, lines.map((line) => line.id)))
    const history = await db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids))
    for (const id of ids) {
      const mine = lines.filter((line) => line.orderId === id)
      expect(mine.map((line) => line.quantity).sort(), `lines of ${id}`).toEqual([1, 2])
      const classic = mine.find((line) => line.quantity === 2)!
      expect(options.filter((option) => option.orderItemId === classic.id), `options of ${id}`).toHaveLength(2)
      expect(history.filter((row) => row.orderId === id).map((row) => row.status), `status rows of ${id}`).toEqual(['6'])
    }
    // No half-written order anywhere in the database: each order has its lines and its status row.
    const withoutLines = await db
      .select({ id: orders.id })
      .from(orders)
      .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(isNull(orderItems.id))
    expect(withoutLines).toEqual([])
    const withoutStatus = await db
      .select({ id: orders.id })
      .from(orders)
      .leftJoin(orderStatusHistory, and(eq(orderStatusHistory.orderId, orders.id)))
      .where(isNull(orderStatusHistory.id))
    expect(withoutStatus).toEqual([])
    // The money rules hold after the crash and the retries (docs/payments.md "The money audit").
    const audit = await auditMoney(db)
    expect(audit.violations.map(describeViolation)).toEqual([])
    const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(orders).where(like(orders.orderInstruction, 'crash-%'))) as [{ count: number }]
    const committedUnseen = retried.filter((outcome) => outcome.replayed && !acknowledged.some((acked) => acked.key === outcome.key)).length
    console.info(
      `crash test (${handle.kind}): ${acknowledged.length} acknowledged before the SIGKILL, ${unacknowledged.length} not ` +
        `(${committedUnseen} of them had committed and were replayed on retry); after the restart ${count} orders for ${PLACEMENTS} keys, none half-written`,
    )
  } finally {
    await handle.close()
  }
}

describe('a SIGKILL in the middle of 200 placements', () => {
  it('loses no acknowledged order, leaves none half-written and never duplicates one on PGlite (DATA_DIR)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tf-crash-'))
    try {
      await crashAndRecover({ dataDir })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it.skipIf(!process.env.DATABASE_URL)(
    'does the same on PostgreSQL (skipped without DATABASE_URL: `node scripts/with-postgres.mjs npm run test:stress`)',
    async () => {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL!)
      try {
        await crashAndRecover({ databaseUrl: scratch.url })
      } finally {
        await scratch.drop()
      }
    },
  )
})
