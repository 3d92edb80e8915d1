import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { locations, menuItems, orders } from '../db/schema'
import type { DatabaseHandle } from '../db/client'
import { callAs, createTestCustomer, type TestCustomer } from './signed-in-client'
import { createTestApp, type TestApp } from './harness'

/** What PostgreSQL raises, as drizzle wraps it. */
const deadlock = () => new Error('Failed query: update "locations" …', { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) })

// The next transaction the app runs does all its work, then fails as a deadlock victim would.
let failNextTransaction = false
const withDeadlocks = (db: DatabaseHandle['db']) =>
  new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver)
      return (work: (tx: unknown) => Promise<unknown>, config?: unknown) =>
        (target.transaction as (work: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown>)(async (tx) => {
          const result = await work(tx)
          if (failNextTransaction) {
            failNextTransaction = false
            throw deadlock()
          }
          return result
        }, config)
    },
  })

let t: TestApp
let asha: TestCustomer
let cart: unknown
beforeAll(async () => {
  t = await createTestApp({ wrapDb: withDeadlocks })
  asha = await createTestCustomer(t, 'Asha', '+14155550377')
  const [empire] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'empire-burger'))
  const [fries] = await t.db.select().from(menuItems).where(and(eq(menuItems.locationId, empire!.id), eq(menuItems.name, 'French Fries')))
  cart = { locationId: empire!.id, orderTypeCode: 'pickup', items: [{ itemId: fries!.id, quantity: 1 }], tip: { tipType: 'NONE', value: 0 } }
})
afterAll(() => t.close())

const place = (key: string) =>
  callAs(t, asha, 'POST', '/order/customer/createOrder', { data: encryptPayload(cart, t.env.PAYLOAD_KEY) }, { 'Idempotency-Key': key })

describe('a deadlock or serialization failure', () => {
  it('answers 503 with Retry-After and the error body, keeps nothing, and the retry with the same key places one order', async () => {
    failNextTransaction = true
    const refused = await place('deadlock-retry-1')
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(refused.body).toMatchObject({ status: 503, code: 'try_again' })
    expect(refused.body.message).toMatch(/try again; nothing was saved/)
    expect(await t.db.select().from(orders).where(eq(orders.customerId, asha.id))).toHaveLength(0)
    // Not an internal error: nothing was logged as one.
    expect(t.errors).toEqual([])

    const retried = await place('deadlock-retry-1')
    expect(retried.status).toBe(201)
    const again = await place('deadlock-retry-1')
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await t.db.select().from(orders).where(eq(orders.customerId, asha.id))).toHaveLength(1)
  })
})
