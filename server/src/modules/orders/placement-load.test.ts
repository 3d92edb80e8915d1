import { and, count, eq, inArray, sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderDetail, PlaceOrderRequest } from '@/shared/api/contracts/ordering'
import type { MenuResponse } from '@/shared/api/contracts/merchants'
import { decryptPayload, encryptPayload } from '@/shared/lib/crypto/payload'
import { zonedClock } from '@/shared/lib/hours'
import { isPgliteClient, type Database } from '../../db/client'
import * as schema from '../../db/schema'
import { auditMoney, describeViolation } from '../../db/money-audit'
import { idempotencyRecords, locations, menuItems, modifierOptions, modifiers, orderItems, orders, payments, walletMovements } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { recordWalletMovement } from '../wallet/ledger'
import { takeStock } from './order-lines'
import { placeOrder } from './place'
import { createTestApp, type TestApp } from '../../test/harness'
import { writeAndHearMenuNotice } from '../../test/menu-notice'
import { callAs, createTestCustomer, type TestCustomer } from '../../test/signed-in-client'

/* Placement under load (docs/decisions.md "Issue 16 — no hot row"): stock races, deadlocks, lock waits and statements per placement. */

let t: TestApp
let asha: TestCustomer
/** Every statement the app sends through drizzle, while `recording`. */
let recording = false
/**
 * Statements the app sends for one placement (drizzle's; BEGIN and COMMIT come on top): 6 on
 * PostgreSQL, 5 on PGlite, which needs no lock_timeout (docs/decisions.md "Issue 16 — placement
 * CPU, second pass" and "a placement in seven statements").
 */
const BUDGET = process.env.DATABASE_URL ? 6 : 5
const statements: string[] = []

function counted(db: Database): Database {
  const logger = { logQuery: (query: string) => void (recording && statements.push(query)) }
  const client = db.$client
  return (isPgliteClient(client) ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePostgres(client as never, { schema, logger })) as Database
}

beforeAll(async () => {
  t = await createTestApp({ wrapDb: counted })
  asha = await createTestCustomer(t, 'Asha', '+14155550601')
})
afterAll(() => t.close())

async function idOf(slug: string) {
  const [row] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.locationSlug, slug))
  return row!.id
}
async function dish(slug: string, name: string) {
  const [row] = await t.db.select({ id: menuItems.id }).from(menuItems).where(and(eq(menuItems.locationId, await idOf(slug)), eq(menuItems.name, name)))
  return row!.id
}
async function option(item: string, modifier: string, name: string) {
  const [row] = await t.db
    .select({ id: modifierOptions.id })
    .from(modifierOptions)
    .innerJoin(modifiers, eq(modifierOptions.modifierId, modifiers.id))
    .where(and(eq(modifiers.itemId, item), eq(modifiers.name, modifier), eq(modifierOptions.name, name)))
  return row!.id
}

async function burgerCart(extra: Partial<PlaceOrderRequest> = {}): Promise<PlaceOrderRequest> {
  const classic = await dish('empire-burger', 'Empire Classic')
  return {
    locationId: await idOf('empire-burger'),
    orderTypeCode: 'pickup',
    items: [
      { itemId: classic, quantity: 2, options: [{ modifierOptionId: await option(classic, 'Side', 'Onion rings'), quantity: 1 }, { modifierOptionId: await option(classic, 'Add-ons', 'Bacon'), quantity: 1 }] },
      { itemId: await dish('empire-burger', 'Patty Melt'), quantity: 1 },
    ],
    tip: { tipType: 'FLATFEE', value: 300 },
    ...extra,
  }
}

let keys = 0
async function statementsOf(request: PlaceOrderRequest) {
  statements.length = 0
  recording = true
  const body = { data: encryptPayload(request, t.env.PAYLOAD_KEY) }
  const response = await callAs(t, asha, 'POST', '/order/customer/createOrder', body, { 'Idempotency-Key': `load-${++keys}` })
  recording = false
  expect(response.status, JSON.stringify(response.body) + String(t.errors.flat().map((e) => (e as Error)?.stack ?? e))).toBe(201)
  return [...statements]
}

describe('statements per placement', () => {
  it('counts the statements of a pickup and a delivery placement', async () => {
    const melt = await dish('empire-burger', 'Patty Melt')
    await t.db.update(menuItems).set({ stockQuantity: 1000, alertQuantity: 5 }).where(eq(menuItems.id, melt))
    const empire = await idOf('empire-burger')
    const locationRow = async () => (await t.db.select({ version: locations.menuVersion, updatedAt: locations.updatedAt }).from(locations).where(eq(locations.id, empire)))[0]
    const before = await locationRow()
    const pickup = await statementsOf(await burgerCart())
    const delivery = await statementsOf(
      await burgerCart({ orderTypeCode: 'delivery', deliveryLocation: { lat: 40.7614, lng: -73.9776 }, deliveryAddress: { addressLine1: '30 Rockefeller Plaza' } }),
    )
    if (process.env.PRINT_STATEMENTS) console.log(`pickup: ${pickup.length} statements\n${pickup.join('\n')}\n\ndelivery: ${delivery.length} statements\n${delivery.join('\n')}`)
    // 31 each before issue 16 (plus BEGIN and COMMIT): docs/decisions.md "Issue 16 — no hot row"; 13 before the hours joined the location's read; 11 before the cart's dishes, modifiers and options came with the location, and the order's lines with the order; 7 before the diner's row came with the cart; 6 before the stock came with the order.
    expect(pickup.length).toBeLessThanOrEqual(BUDGET)
    expect(delivery.length).toBeLessThanOrEqual(BUDGET)
    // Stock in one statement, the location and the menu read once, no location lock: no statement
    // locks a row but the dishes', and the location's row was not written (a trigger's write would
    // move its menu version), so no placement waits on it.
    // The stock is taken by the order's own statement (take_stock in a CTE the order number's subquery reads).
    expect(pickup.filter((q) => /take_stock\(/.test(q))).toEqual([expect.stringMatching(/^with "stock" as \(select take_stock\(.*\(select take_order_number\(.*\) from stock\)/s)])
    expect(pickup.filter((q) => /for no key update/.test(q))).toEqual([])
    expect(await locationRow()).toEqual(before)
    // The location, the cart's dishes, their modifiers and the options in one read.
    const cartReads = pickup.filter((q) => q.startsWith('select') && (/"locations"\."currency"/.test(q) || /from "?(menu_items|modifiers|modifier_options)"? /.test(q)))
    expect(cartReads).toHaveLength(1)
    for (const table of [/ from "locations" /, /join "menu_items"/, /from modifiers /, /from modifier_options /, /left join "customers"/]) expect(cartReads[0]).toMatch(table)
    // The key's record: claimed, then answered, on PostgreSQL; read, then written once with the answer, on PGlite.
    const recordWrites = pickup.filter((q) => /^(insert into|update) "idempotency_records"/.test(q)).map((q) => q.split(' ')[0])
    expect(recordWrites).toEqual(process.env.DATABASE_URL ? ['insert', 'update'] : ['insert'])
    // The diner's row comes with the cart (no wallet, no coupon): no read of its own.
    expect(pickup.filter((q) => /from "customers"/.test(q))).toEqual([])
    // The order, its lines and its first status in one statement.
    const orderWrite = (statements: string[]) => statements.filter((q) => /insert into "(orders|order_items|order_status_history)"/.test(q))
    expect(orderWrite(pickup)).toEqual([expect.stringMatching(/^with .*insert into "order_status_history".*insert into "order_items".*\) insert into "orders"/s)])
    // Its lines and options come as JSON records: a cart of another shape (one line, no options) sends the same text.
    const single = await statementsOf({ ...(await burgerCart()), items: [{ itemId: melt, quantity: 1, options: [] }] })
    expect(orderWrite(single)).toEqual(orderWrite(pickup))
  })

  it('refuses a signed-in caller whose account is gone (401 unauthenticated) when the diner comes with the cart, writing nothing', async () => {
    const ordersBefore = await t.db.select({ n: count() }).from(orders)
    const gone = '00000000-0000-4000-8000-000000000001'
    // Empire Burger never closes: the refusal is the account's at any hour.
    const cart = { locationId: await idOf('empire-burger'), orderTypeCode: 'pickup', items: [{ itemId: await dish('empire-burger', 'Patty Melt'), quantity: 1, options: [] }], tip: { tipType: 'NONE', value: 0 } }
    await expect(t.db.transaction((tx) => placeOrder(tx, { customerId: gone }, cart as never, new Date()))).rejects.toMatchObject({ status: 401, code: 'unauthenticated' })
    expect(await t.db.select({ n: count() }).from(orders)).toEqual(ordersBefore)
  })

  it('refuses a malformed cart (400 invalid_request) before its Idempotency-Key: no key claimed, no transaction opened, and a malformed key is not what it is told', async () => {
    const malformed = { data: encryptPayload({ locationId: await idOf('empire-burger'), orderTypeCode: 'pickup', items: 'two burgers' }, t.env.PAYLOAD_KEY) }
    for (const key of ['refused-body', 'a key with spaces']) {
      statements.length = 0
      recording = true
      const response = await callAs(t, asha, 'POST', '/order/customer/createOrder', malformed, { 'Idempotency-Key': key })
      recording = false
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ code: 'invalid_request' })
      expect(statements.filter((q) => /idempotency_records|lock_timeout/.test(q))).toEqual([])
    }
  })
})

/** mulberry32: a small seeded generator, so a race's baskets are the same every run. */
function seeded(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = Math.imul(a ^ (a >>> 15), 1 | a)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

const placeAs = (who: TestCustomer, request: PlaceOrderRequest, key: string) =>
  callAs(t, who, 'POST', '/order/customer/createOrder', { data: encryptPayload(request, t.env.PAYLOAD_KEY) }, { 'Idempotency-Key': key })

describe('stock under concurrent placements', () => {
  it('N placements racing for the last K units sell exactly K and refuse the rest as out of stock, writing nothing for a refused one (no order, payment, wallet movement or stored answer)', async () => {
    const SEED = 16_2026
    console.log(`stock race seed ${SEED}`)
    const random = seeded(SEED)
    const [K, N] = [4, 14]
    const empire = await idOf('empire-burger')
    const cheesecake = await dish('empire-burger', 'New York Cheesecake')
    const melt = await dish('empire-burger', 'Patty Melt')
    await t.db.update(menuItems).set({ stockQuantity: K, alertQuantity: 6 }).where(eq(menuItems.id, cheesecake))
    const diners = await Promise.all(['Ria', 'Sol', 'Tam', 'Uma'].map((name, i) => createTestCustomer(t, name, `+1415555062${i}`)))
    for (const diner of diners) await recordWalletMovement(t.db, { customerId: diner.id, kind: 'CREDIT', amountMinor: 100_000, note: 'test' })
    const ordersBefore = (await t.db.select({ n: count() }).from(orders).where(eq(orders.locationId, empire)))[0]!.n
    const movementsBefore = (await t.db.select({ n: count() }).from(walletMovements).where(inArray(walletMovements.customerId, diners.map((d) => d.id))))[0]!.n
    const paymentsBefore = (await t.db.select({ n: count() }).from(payments))[0]!.n
    const baskets = Array.from({ length: N }, (_, i) => {
      const wallet = random() < 0.5
      const request: PlaceOrderRequest = {
        locationId: empire,
        orderTypeCode: 'pickup',
        // The same dish in a random place of the basket, sometimes beside an unlimited one.
        items: random() < 0.5 ? [{ itemId: cheesecake, quantity: 1 }] : [{ itemId: melt, quantity: 1 }, { itemId: cheesecake, quantity: 1 }],
        tip: { tipType: 'NONE', value: 0 },
        ...(wallet ? { walletAmount: 300 } : {}),
      }
      return { who: diners[Math.floor(random() * diners.length)]!, request, key: `race-${SEED}-${i}`, wallet }
    })
    const answers = await Promise.all(baskets.map(({ who, request, key }) => placeAs(who, request, key)))
    const placed = answers.flatMap((answer, i) => (answer.status === 201 ? [{ order: answer.body as OrderDetail, basket: baskets[i]! }] : []))
    expect(placed).toHaveLength(K)
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer.status, `${answer.text.slice(0, 300)} ${JSON.stringify(t.errors.flat().map((e) => String((e as Error)?.cause ?? e)))}`).toBe(409)
      // Lost the race inside the placement, or priced after the last one went.
      expect([
        { code: 'out_of_stock', message: 'New York Cheesecake has just sold out. Please lower the quantity or remove it.' },
        { code: 'sold_out', message: 'New York Cheesecake is sold out.' },
      ]).toContainEqual({ code: (answer.body as { code: string }).code, message: (answer.body as { message: string }).message })
    }
    const [left] = await t.db.select({ stock: menuItems.stockQuantity }).from(menuItems).where(eq(menuItems.id, cheesecake))
    expect(left!.stock).toBe(0)
    expect((await t.db.select({ n: count() }).from(orders).where(eq(orders.locationId, empire)))[0]!.n).toBe(ordersBefore + K)
    const sold = await t.db.select({ orderId: orderItems.orderId }).from(orderItems).where(eq(orderItems.itemId, cheesecake))
    expect(sold.filter((line) => placed.some((p) => p.order.orderId === line.orderId))).toHaveLength(K)
    const movements = await t.db.select().from(walletMovements).where(inArray(walletMovements.customerId, diners.map((d) => d.id)))
    expect(movements.length - movementsBefore).toBe(placed.filter((p) => p.basket.wallet).length)
    expect(movements.filter((m) => m.orderId !== null).every((m) => placed.some((p) => p.order.orderId === m.orderId))).toBe(true)
    expect((await t.db.select({ n: count() }).from(payments))[0]!.n).toBe(paymentsBefore)
    const stored = await t.db.select({ key: idempotencyRecords.key }).from(idempotencyRecords).where(inArray(idempotencyRecords.key, baskets.map((b) => b.key)))
    expect(stored.map((r) => r.key).sort()).toEqual(placed.map((p) => p.basket.key).sort())
    expect(t.errors).toEqual([])
    expect((await auditMoney(t.db)).violations.map(describeViolation)).toEqual([])
    await t.db.update(menuItems).set({ stockQuantity: 5, alertQuantity: 6 }).where(eq(menuItems.id, cheesecake))
  })

  it('takeStock: transactions racing for the last K units take exactly K; every other one is refused with out_of_stock and its message', async () => {
    const SEED = 4242
    console.log(`takeStock race seed ${SEED}`)
    const random = seeded(SEED)
    const [K, N] = [3, 12]
    const fries = await dish('empire-burger', 'French Fries')
    await t.db.update(menuItems).set({ stockQuantity: K }).where(eq(menuItems.id, fries))
    const tries = Array.from({ length: N }, () => (random() < 0.5 ? 'alone' : 'with-melt'))
    const melt = await dish('empire-burger', 'Patty Melt')
    const outcomes = await Promise.all(
      tries.map((kind) =>
        t.db
          .transaction(async (tx) => {
            const lines = [{ itemId: fries, name: 'French Fries', quantity: 1 }]
            if (kind === 'with-melt') lines.unshift({ itemId: melt, name: 'Patty Melt', quantity: 1 })
            await takeStock(tx, lines)
          })
          .then(
            () => 'taken',
            (error: unknown) => (error instanceof ApiError ? `${error.status} ${error.code} ${error.message}` : String(error)),
          ),
      ),
    )
    expect(outcomes.filter((o) => o === 'taken')).toHaveLength(K)
    expect(new Set(outcomes.filter((o) => o !== 'taken'))).toEqual(new Set(['409 out_of_stock French Fries has just sold out. Please lower the quantity or remove it.']))
    const [left] = await t.db.select({ stock: menuItems.stockQuantity }).from(menuItems).where(eq(menuItems.id, fries))
    expect(left!.stock).toBe(0)
    await t.db.update(menuItems).set({ stockQuantity: null }).where(eq(menuItems.id, fries))
  })

  it('baskets of the same two counted dishes in opposite orders never deadlock: every placement succeeds and the stock adds up', async () => {
    const [x, y] = [await dish('empire-burger', 'Patty Melt'), await dish('empire-burger', 'French Fries')]
    await t.db.update(menuItems).set({ stockQuantity: 100 }).where(inArray(menuItems.id, [x, y]))
    const empire = await idOf('empire-burger')
    const basket = (first: string, second: string): PlaceOrderRequest => ({
      locationId: empire,
      orderTypeCode: 'pickup',
      items: [{ itemId: first, quantity: 1 }, { itemId: second, quantity: 2 }],
      tip: { tipType: 'NONE', value: 0 },
    })
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => placeAs(asha, i % 2 ? basket(x, y) : basket(y, x), `opposite-${i}`)))
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201))
    const stock = await t.db.select({ id: menuItems.id, stock: menuItems.stockQuantity }).from(menuItems).where(inArray(menuItems.id, [x, y]))
    expect(Object.fromEntries(stock.map((r) => [r.id, r.stock]))).toEqual({ [x]: 100 - 6 - 12, [y]: 100 - 12 - 6 })
    expect(t.errors).toEqual([])
    await t.db.update(menuItems).set({ stockQuantity: null }).where(inArray(menuItems.id, [x, y]))
  })
})

describe('the menu cache under sales', () => {
  const menu = async (locationId: string) => {
    const response = await t.app.request(`/api/merchants/locations/${locationId}/menu?orderType=pickup`)
    return { etag: response.headers.get('etag'), body: decryptPayload(await response.text(), t.env.PAYLOAD_KEY) as MenuResponse }
  }
  const versionOf = async (locationId: string) => (await t.db.select({ v: locations.menuVersion }).from(locations).where(eq(locations.id, locationId)))[0]!.v
  const heardAfter = (locationId: string, write: () => Promise<unknown>) => writeAndHearMenuNotice(t, locationId, write)

  it('a sale that leaves more than the alert quantity keeps the menu’s version and ETag; the sale of the last one changes both and shows it sold out; a price change changes them', async () => {
    const empire = await idOf('empire-burger')
    const melt = await dish('empire-burger', 'Patty Melt')
    await heardAfter(empire, () => t.db.update(menuItems).set({ stockQuantity: 8, alertQuantity: 3 }).where(eq(menuItems.id, melt)))
    const sale = (quantity: number, key: string) =>
      placeAs(asha, { locationId: empire, orderTypeCode: 'pickup', items: [{ itemId: melt, quantity }], tip: { tipType: 'NONE', value: 0 } }, key)
    const before = await menu(empire)
    expect(before.body.items.find((i) => i.id === melt)?.stockQuantity).toBeNull()
    const version = await versionOf(empire)
    expect((await sale(4, 'menu-sale-1')).status).toBe(201)
    expect(await versionOf(empire)).toBe(version)
    expect((await menu(empire)).etag).toBe(before.etag)
    // 4 left, then the last 4 in one sale: sold out, a new version and a new ETag.
    await heardAfter(empire, async () => expect((await sale(4, 'menu-sale-2')).status).toBe(201))
    const soldOut = await menu(empire)
    expect(await versionOf(empire)).toBeGreaterThan(version)
    expect(soldOut.etag).not.toBe(before.etag)
    expect(soldOut.body.items.find((i) => i.id === melt)?.stockQuantity).toBe(0)
    const [row] = await t.db.select({ price: menuItems.priceMinor }).from(menuItems).where(eq(menuItems.id, melt))
    await heardAfter(empire, () => t.db.update(menuItems).set({ priceMinor: row!.price + 100, stockQuantity: null, alertQuantity: null }).where(eq(menuItems.id, melt)))
    const repriced = await menu(empire)
    expect(repriced.etag).not.toBe(soldOut.etag)
    expect(repriced.body.items.find((i) => i.id === melt)?.price).toBe(row!.price + 100)
    await heardAfter(empire, () => t.db.update(menuItems).set({ priceMinor: row!.price }).where(eq(menuItems.id, melt)))
  })
})

describe.skipIf(!process.env.DATABASE_URL)('placements at one restaurant are not serialised (PostgreSQL)', () => {
  it('while one placement’s transaction is still open, another of a different dish at the same restaurant runs to its end without waiting for any lock', async () => {
    const empire = await idOf('empire-burger')
    const [melt, fries] = [await dish('empire-burger', 'Patty Melt'), await dish('empire-burger', 'French Fries')]
    await t.db.update(menuItems).set({ stockQuantity: 10, alertQuantity: null }).where(inArray(menuItems.id, [melt, fries]))
    const ben = await createTestCustomer(t, 'Ben', '+14155550690')
    const tomorrow = zonedClock(new Date(Date.now() + 24 * 3600_000), 'America/New_York').date
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let placedFirst!: (order: OrderDetail) => void
    const first = new Promise<OrderDetail>((resolve) => (placedFirst = resolve))
    // The first takes a Patty Melt (a counted dish) and stays open.
    const open = t.db.transaction(async (tx) => {
      placedFirst(await placeOrder(tx, { customerId: asha.id }, { locationId: empire, orderTypeCode: 'pickup', items: [{ itemId: melt, quantity: 1, options: [] }], tip: { tipType: 'NONE', value: 0 } } as never))
      await held
    })
    try {
      const firstOrder = await first
      // The second: French Fries (counted too), for tomorrow (its own day's order numbers), with no patience for a lock.
      const second = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '1ms'`)
        return placeOrder(
          tx,
          { customerId: ben.id },
          { locationId: empire, orderTypeCode: 'pickup', items: [{ itemId: fries, quantity: 1, options: [] }], tip: { tipType: 'NONE', value: 0 }, isScheduleOrder: true, selectedDate: tomorrow, selectedTimeSlot: '12:00' } as never,
        )
      })
      // lock_timeout = 1ms: had it waited for any lock the first holds, it would have failed instead.
      expect(second.orderId).not.toBe(firstOrder.orderId)
    } finally {
      release()
      await open
    }
    const stock = await t.db.select({ id: menuItems.id, stock: menuItems.stockQuantity }).from(menuItems).where(inArray(menuItems.id, [melt, fries]))
    expect(stock.map((r) => r.stock)).toEqual([9, 9])
    await t.db.update(menuItems).set({ stockQuantity: null, alertQuantity: null }).where(inArray(menuItems.id, [melt, fries]))
  })
})
