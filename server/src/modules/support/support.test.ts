import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupportRequestCreated, SupportRequestSummary } from '@/shared/api/contracts/support'
import { locations, orders, smsMessages, supportRequests } from '../../db/schema'
import { sandboxSmsProvider } from '../../providers/sms'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestCustomer, type TestCustomer } from '../../test/signed-in-client'
import { requestSupport, REFERENCE_ALPHABET } from './support.service'

let t: TestApp
let asha: TestCustomer
let ben: TestCustomer
let empireId: string

const CREATE = '/support/createSupportRequest'
const request = (overrides: Record<string, unknown> = {}) => ({
  name: 'Asha Rao',
  phone: '+14155550191',
  topic: 'Problem with an order',
  message: 'My fries were cold.',
  ...overrides,
})

async function orderOf(customer?: TestCustomer): Promise<string> {
  const [row] = await t.db
    .insert(orders)
    .values({ locationId: empireId, customerId: customer?.id ?? null, orderTypeCode: 'pickup', status: '16', currency: 'USD' })
    .returning()
  return row!.id
}

beforeAll(async () => {
  t = await createTestApp()
  asha = await createTestCustomer(t, 'Asha', '+14155550191')
  ben = await createTestCustomer(t, 'Ben', '+14155550192')
  const [empire] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.locationSlug, 'empire-burger'))
  empireId = empire!.id
})

afterAll(async () => {
  await t?.close()
})

describe('POST /support/createSupportRequest', () => {
  it('answers 201 with a quotable reference, links a signed-in customer and their order, and texts the phone', async () => {
    const orderId = await orderOf(asha)
    const response = await callAs(t, asha, 'POST', CREATE, request({ orderId }))
    expect(response.status).toBe(201)
    const created = response.body as SupportRequestCreated
    expect(created.status).toBe('Open')
    expect(created.reference).toMatch(new RegExp(`^TF-[${REFERENCE_ALPHABET}]{6}$`))
    expect(Date.parse(created.createdAt)).not.toBeNaN()

    const [stored] = await t.db.select().from(supportRequests).where(eq(supportRequests.reference, created.reference))
    expect(stored).toMatchObject({ customerId: asha.id, orderId, locationId: empireId, topic: 'Problem with an order', status: 'Open' })
    const texts = await t.db.select().from(smsMessages).where(eq(smsMessages.phone, '+14155550191'))
    expect(texts.map((text) => text.body).join('\n')).toContain(created.reference)
  })

  it('takes a guest’s request without a token (no text without a phone) but needs a way to answer', async () => {
    const guest = await callAs(t, undefined, 'POST', CREATE, request({ phone: '', email: 'Gia@Example.com', topic: 'My account' }))
    expect(guest.status).toBe(201)
    const [stored] = await t.db.select().from(supportRequests).where(eq(supportRequests.reference, (guest.body as SupportRequestCreated).reference))
    expect(stored).toMatchObject({ customerId: null, phone: null, email: 'gia@example.com' })

    const nobody = await callAs(t, undefined, 'POST', CREATE, request({ phone: undefined }))
    expect(nobody.status).toBe(400)
    expect(nobody.body).toMatchObject({ code: 'contact_required' })
  })

  it('refuses an unknown topic, an empty message and a malformed phone with 400; a bad token with 401', async () => {
    for (const body of [request({ topic: 'Complaint' }), request({ message: '   ' }), request({ phone: '555' }), request({ orderId: 'x' })]) {
      expect((await callAs(t, asha, 'POST', CREATE, body)).status).toBe(400)
    }
    expect((await callAs(t, { id: asha.id, token: 'forged' }, 'POST', CREATE, request())).status).toBe(401)
    expect(t.errors).toEqual([])
  })

  it('is 404 for someone else’s order, signed in or not; a guest order may be named by its holder', async () => {
    const ashasOrder = await orderOf(asha)
    expect((await callAs(t, ben, 'POST', CREATE, request({ phone: '+14155550192', orderId: ashasOrder }))).status).toBe(404)
    expect((await callAs(t, undefined, 'POST', CREATE, request({ phone: '+14155550193', orderId: ashasOrder }))).status).toBe(404)
    expect((await callAs(t, undefined, 'POST', CREATE, request({ phone: '+14155550193', orderId: await orderOf() }))).status).toBe(201)
  })

  it('allows 5 requests per phone an hour, then 429 with Retry-After, counted in the database', async () => {
    const phone = '+14155550199'
    for (let index = 0; index < 5; index++) {
      expect((await callAs(t, undefined, 'POST', CREATE, request({ phone, message: `Try ${index}` }))).status).toBe(201)
    }
    const limited = await callAs(t, undefined, 'POST', CREATE, request({ phone, email: 'other@example.com' }))
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/^Too many support requests\. Try again in \d+ minutes?\.$/) })
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(3000)
    expect(Number(limited.headers.get('Retry-After'))).toBeLessThanOrEqual(3600)
    // The same sender by email only is the same sender.
    expect((await callAs(t, undefined, 'POST', CREATE, request({ phone: undefined, email: 'other@example.com' }))).status).toBe(201)
    expect((await callAs(t, undefined, 'POST', CREATE, request({ phone: '+14155550198' }))).status).toBe(201)
  })

  it('retries the reference when it is taken', async () => {
    const taken = ['TF-AAAAAA', 'TF-AAAAAA', 'TF-BBBBBB']
    const reference = () => taken.shift()!
    const input = { name: 'Dev', email: 'dev@example.com', topic: 'Something else' as const, message: 'Hi' }
    expect((await requestSupport(t.db, sandboxSmsProvider(t.db), {}, input, { reference })).reference).toBe('TF-AAAAAA')
    expect((await requestSupport(t.db, sandboxSmsProvider(t.db), {}, input, { reference })).reference).toBe('TF-BBBBBB')
  })
})

describe('GET /support/requests', () => {
  it('lists the signed-in customer’s own requests, newest first, and needs a token', async () => {
    const carl = await createTestCustomer(t, 'Carl', '+14155550177')
    const orderId = await orderOf(carl)
    const first = (await callAs(t, carl, 'POST', CREATE, request({ phone: '+14155550177', topic: 'Delivery', orderId }))).body as SupportRequestCreated
    const second = (await callAs(t, carl, 'POST', CREATE, request({ phone: '+14155550177', topic: 'My account' }))).body as SupportRequestCreated
    const listed = await callAs(t, carl, 'GET', '/support/requests')
    expect(listed.status).toBe(200)
    expect(listed.headers.get('Cache-Control')).toBe('no-store')
    const requests = listed.body as SupportRequestSummary[]
    expect(requests.map((entry) => entry.reference)).toEqual([second.reference, first.reference])
    expect(requests[1]).toMatchObject({ topic: 'Delivery', orderId, branchName: expect.any(String), status: 'Open' })
    expect(((await callAs(t, ben, 'GET', '/support/requests')).body as SupportRequestSummary[]).map((entry) => entry.reference)).not.toContain(first.reference)
    expect((await callAs(t, undefined, 'GET', '/support/requests')).status).toBe(401)
  })
})
