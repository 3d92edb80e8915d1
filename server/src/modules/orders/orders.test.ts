import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderHistoryResponse } from '@/shared/api/contracts/account'
import { locations, orders } from '../../db/schema'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestCustomer, type TestCustomer } from '../../test/signed-in-client'

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
    { customerId: asha.id, locationId: olive!.id, orderTypeCode: 'pickup', status: '16', subtotalMinor: 2450, totalMinor: 2450, currency: 'USD', createdAt: new Date('2026-01-02T18:00:00Z') },
    { customerId: asha.id, locationId: udupi!.id, orderTypeCode: 'delivery', status: '14', subtotalMinor: 48000, totalMinor: 48000, currency: 'INR', createdAt: new Date('2026-01-05T08:30:00Z') },
    { customerId: asha.id, locationId: olive!.id, orderTypeCode: 'pickup', status: '6', subtotalMinor: 990, totalMinor: 990, currency: 'USD', createdAt: new Date('2025-12-24T12:00:00Z') },
    { customerId: ben.id, locationId: olive!.id, orderTypeCode: 'delivery', status: '15', subtotalMinor: 3100, totalMinor: 3100, currency: 'USD' },
    // Asha ordered once as a guest with her number before she signed up; someone else's guest order too.
    {
      customerId: null,
      guestName: 'Asha',
      guestPhone: '+14155550501',
      locationId: olive!.id,
      orderTypeCode: 'pickup',
      status: '16',
      subtotalMinor: 1200, totalMinor: 1200,
      currency: 'USD',
      createdAt: new Date('2025-11-01T12:00:00Z'),
    },
    { customerId: null, guestName: 'Gia', guestPhone: '+14155550599', locationId: olive!.id, orderTypeCode: 'pickup', status: '16', subtotalMinor: 700, totalMinor: 700, currency: 'USD' },
  ])
})
afterAll(() => t.close())

describe('my orders', () => {
  it('lists only the signed-in customer’s orders, newest first, encrypted, with the labels of docs/orders.md "Statuses"', async () => {
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

describe('the other list calls', () => {
  const filter = (who: TestCustomer | undefined, payload: unknown) =>
    callAs(t, who, 'POST', '/order/filter/orders/v2', { data: encryptPayload(payload, t.env.PAYLOAD_KEY) })

  it('GET /order/getOrders sorts by order date', async () => {
    const newest = (await callAs(t, asha, 'GET', `/order/getOrders?search=customerId:${asha.id}&sort=orderDate,desc`)).body as OrderHistoryResponse
    expect(newest.content.map((o) => o.total)).toEqual([48000, 2450, 990])
    const oldest = (await callAs(t, asha, 'GET', `/order/getOrders?search=customerId:${asha.id}&sort=orderDate,asc`)).body as OrderHistoryResponse
    expect(oldest.content.map((o) => o.total)).toEqual([990, 2450, 48000])
    expect((await callAs(t, ben, 'GET', `/order/getOrders?search=customerId:${asha.id}&sort=orderDate,desc`)).status).toBe(404)
  })

  it('POST /order/filter/orders/v2 searches by customer id, or by the customer’s own phone including guest orders', async () => {
    const byId = await filter(asha, { search: `customerId:${asha.id}`, page: 0, size: 1000, sort: 'orderTime,desc' })
    expect(byId.status).toBe(200)
    expect(byId.text).toMatch(/^U2FsdGVkX1/)
    expect((byId.body as OrderHistoryResponse).content.map((o) => o.total)).toEqual([48000, 2450, 990])
    const bare = (await filter(asha, { search: asha.id, page: 0, size: 2, sort: 'orderTime,desc' })).body as OrderHistoryResponse
    expect(bare).toMatchObject({ totalElements: 3, size: 2 })
    expect(bare.content.map((o) => o.total)).toEqual([48000, 2450])

    const byPhone = (await filter(asha, { search: 'phone:+14155550501', page: 0, size: 1000, sort: 'orderTime,desc' })).body as OrderHistoryResponse
    expect(byPhone.content.map((o) => o.total)).toEqual([48000, 2450, 990, 1200])
    expect((await filter(ben, { search: 'phone:+14155550501', page: 0, size: 1000 })).status).toBe(404)
    expect((await filter(ben, { search: '+14155550599', page: 0, size: 1000 })).status).toBe(404)
    expect((await filter(ben, { search: `customerId:${asha.id}` })).status).toBe(404)
    expect((await filter(undefined, { search: `customerId:${asha.id}` })).status).toBe(401)
    const bad = await filter(asha, { search: 'name:Asha' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('search must be customerId:{customer id} or phone:{number in E.164}')
  })

  it('GET /api/v2/customers/orders lists one customer’s orders at one location', async () => {
    const [olive] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'olive-tree-soma'))
    const response = await callAs(t, asha, 'GET', `/v2/customers/orders?customerId=${asha.id}&locationId=${olive!.id}`)
    expect(response.status).toBe(200)
    expect((response.body as OrderHistoryResponse).content.map((o) => o.total)).toEqual([2450, 990])
    expect((await callAs(t, ben, 'GET', `/v2/customers/orders?customerId=${asha.id}&locationId=${olive!.id}`)).status).toBe(404)
    expect((await callAs(t, asha, 'GET', `/v2/customers/orders?customerId=${asha.id}`)).status).toBe(400)
  })
})
