import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderHistoryResponse } from '../../../../src/shared/api/contracts/account'
import { locations, orders } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestCustomer, type TestCustomer } from '../customers/signed-in-client'

let t: TestApp
let asha: TestCustomer
let ben: TestCustomer

const path = (customerId: string, extra = '') => `/order/customer/getOrders?search=customerId:${customerId}&page=0&size=1000&sort=orderTime,desc${extra}`

beforeAll(async () => {
  t = await createTestApp()
  asha = await createTestCustomer(t, 'Asha', '+14155550501')
  ben = await createTestCustomer(t, 'Ben', '+14155550502')
  const [olive] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'olive-tree-soma'))
  const [udupi] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'udupi-leaf'))
  await t.db.insert(orders).values([
    { customerId: asha.id, locationId: olive!.id, orderTypeCode: 'pickup', status: '16', totalMinor: 2450, currency: 'USD', createdAt: new Date('2026-01-02T18:00:00Z') },
    { customerId: asha.id, locationId: udupi!.id, orderTypeCode: 'delivery', status: '14', totalMinor: 48000, currency: 'INR', createdAt: new Date('2026-01-05T08:30:00Z') },
    { customerId: asha.id, locationId: olive!.id, orderTypeCode: 'pickup', status: '6', totalMinor: 990, currency: 'USD', createdAt: new Date('2025-12-24T12:00:00Z') },
    { customerId: ben.id, locationId: olive!.id, orderTypeCode: 'delivery', status: '15', totalMinor: 3100, currency: 'USD' },
  ])
})
afterAll(() => t.close())

describe('my orders', () => {
  it('lists only the signed-in customer’s orders, newest first, encrypted, with the SPEC §4 labels', async () => {
    const response = await callAs(t, asha, 'GET', path(asha.id))
    expect(response.status).toBe(200)
    expect(response.text.startsWith('U2FsdGVkX1')).toBe(true)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const history = response.body as OrderHistoryResponse
    expect(history.totalElements).toBe(3)
    expect(history.content.map((o) => [o.branchName, o.status, o.statusLabel, o.total, o.currency])).toEqual([
      ['Udupi Leaf', '14', 'Out for Delivery', 48000, 'INR'],
      ['Olive Tree — SoMa', '16', 'Completed - Pickup Order', 2450, 'USD'],
      ['Olive Tree — SoMa', '6', 'Order placed', 990, 'USD'],
    ])
    expect(history.content[0]).toMatchObject({
      merchantName: 'Udupi Leaf',
      merchantType: 'restaurant',
      locationSlug: 'udupi-leaf',
      orderTypeCode: 'delivery',
      orderTime: '2026-01-05T08:30:00.000Z',
    })
    const oldestFirst = (await callAs(t, asha, 'GET', path(asha.id).replace('desc', 'asc'))).body as OrderHistoryResponse
    expect(oldestFirst.content.map((o) => o.total)).toEqual([990, 2450, 48000])
  })

  it('answers 404 for another customer’s orders, 401 without a token, 400 for a bad query', async () => {
    const other = await callAs(t, ben, 'GET', path(asha.id))
    expect(other.status).toBe(404)
    expect(other.body).toMatchObject({ status: 404, code: 'not_found' })
    expect((await callAs(t, undefined, 'GET', path(asha.id))).status).toBe(401)
    const bad = await callAs(t, asha, 'GET', '/order/customer/getOrders?search=phone:123')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('search must be customerId:{customer id}')
    expect((await callAs(t, asha, 'GET', path(asha.id).replace('size=1000', 'size=1001'))).status).toBe(400)
    const mine = (await callAs(t, ben, 'GET', path(ben.id))).body as OrderHistoryResponse
    expect(mine.content.map((o) => o.statusLabel)).toEqual(['Order Delivered'])
  })
})
