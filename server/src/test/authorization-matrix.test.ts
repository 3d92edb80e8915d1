import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { demoStaffToken } from '../db/seed'
import { orders } from '../db/schema'
import { callAs, type TestCustomer } from './signed-in-client'
import { createTestApp, type TestApp } from './harness'
import { A_NAME, A_PHONE, callEndpoint, createCustomerObjects, CUSTOMER_ENDPOINTS, secretsOf, STAFF_ENDPOINTS, type Answer, type Endpoint, type Ids } from './customer-objects'

let t: TestApp
let asha: TestCustomer
let ben: TestCustomer
let forged: TestCustomer
let stranger: TestCustomer
let ashaAsGuest: TestCustomer
let ids: Ids

beforeAll(async () => {
  t = await createTestApp()
  ;({ asha, ben, forged, stranger, ashaAsGuest, ids } = await createCustomerObjects(t))
})
afterAll(() => t.close())

const call = (endpoint: Endpoint, headers: Record<string, string>) => callEndpoint(t, ids, endpoint, headers)
const bearer = (who: TestCustomer) => ({ Authorization: `Bearer ${who.token}` })

function expectNothingOfA(answer: Answer) {
  const visible = `${answer.text}\n${typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)}`
  for (const secret of secretsOf(ids)) expect(visible, `leaks ${secret}`).not.toContain(secret)
}

const callers = {
  'customer B': () => bearer(ben),
  'a guest (no token)': () => ({}),
  'a forged token for A': () => bearer(forged),
  'a malformed token': () => ({ Authorization: 'Bearer not-a-token' }),
  // A guest token proves a phone for one guest session: it is never a customer, not even A's own number's.
  'a guest token of another number': () => bearer(stranger),
  'a guest token of A’s own number': () => bearer(ashaAsGuest),
}

describe.each(Object.entries(callers))('customer endpoints called with A’s ids by %s', (caller, headers) => {
  it.each(Object.entries(CUSTOMER_ENDPOINTS))('%s: refused, and nothing of A’s in the answer', async (_name, endpoint) => {
    const answer = await call(endpoint, headers())
    expect(answer.body).not.toMatchObject({ code: 'no_such_endpoint' })
    if (endpoint.selfScoped && caller === 'customer B') expect(answer.status).toBe(200)
    else expect([401, 403, 404], answer.text).toContain(answer.status)
    expectNothingOfA(answer)
  })
})

const staffCallers = {
  'another location’s staff': (endpoint: Endpoint) => ({ Authorization: `Bearer ${demoStaffToken(endpoint.path(ids).includes(ids.somaId) ? 'empire-burger' : 'olive-tree-soma')}` }),
  'no token': () => ({}),
  'a made-up staff token': () => ({ Authorization: `Bearer ${demoStaffToken('nowhere')}` }),
  'customer A': () => bearer(asha),
}

describe.each(Object.entries(staffCallers))('staff endpoints called by %s', (_caller, headers) => {
  it.each(Object.entries(STAFF_ENDPOINTS))('%s: 401 or 403, nothing of A’s', async (_name, endpoint) => {
    const answer = await call(endpoint, headers(endpoint))
    expect([401, 403], answer.text).toContain(answer.status)
    expectNothingOfA(answer)
  })
})

describe('guest tokens place and check in only with their own number', () => {
  const order = (phone: string) => ({
    data: encryptPayload(
      { locationId: ids.empireId, orderTypeCode: 'pickup', items: [{ itemId: ids.itemId, quantity: 1 }], guest: { fullName: 'Some Guest', phone } },
      t.env.PAYLOAD_KEY,
    ),
  })
  const checkIn = (phone: string) =>
    `/customer/reservations?${new URLSearchParams({ locationId: ids.empireId, fullName: 'Some Guest', mobile: phone, guestCount: '2', deviceId: '', channelName: 'ONLINE', seatTogether: '1' })}`

  it.each([
    ['another guest’s number', () => '+14155550874'],
    ['A’s number', () => A_PHONE],
  ])('one guest’s token never places an order or checks in with %s (403 mobile_not_verified)', async (_name, phone) => {
    const placed = await callAs(t, stranger, 'POST', '/order/customer/createOrder', order(phone()), { 'Idempotency-Key': `guest-${phone()}` })
    expect(placed.status).toBe(403)
    expect(placed.body).toMatchObject({ code: 'mobile_not_verified' })
    const checkedIn = await callAs(t, stranger, 'POST', checkIn(phone()))
    expect(checkedIn.status).toBe(403)
    expect(checkedIn.body).toMatchObject({ code: 'mobile_not_verified' })
    expect((await t.db.select().from(orders).where(eq(orders.guestPhone, phone()))).length).toBe(0)
  })
})

describe('the owner', () => {
  it('still has every object, unchanged by the refused calls', async () => {
    const receipt = await callAs(t, asha, 'POST', '/order/customer', { data: encryptPayload({ orderId: ids.tabOrderId, transactionId: ids.paymentId }, t.env.PAYLOAD_KEY) })
    expect(receipt.status).toBe(200)
    expect(receipt.body).toMatchObject({ orderId: ids.tabOrderId, fullName: expect.stringContaining(A_NAME), transaction: { id: ids.paymentId } })
    const delivery = (await t.db.select().from(orders).where(eq(orders.id, ids.deliveryOrderId)))[0]!
    expect(delivery.tipMinor ?? 0).toBe(0)
    const addresses = await callAs(t, asha, 'GET', `/addresses?customerId=${asha.id}`)
    expect(addresses.body).toEqual([expect.objectContaining({ id: ids.addressId, addressLine1: '9 Private Lane' })])
    const cards = await callAs(t, asha, 'GET', `/cards?customerId=${asha.id}`)
    expect(cards.body).toEqual([expect.objectContaining({ id: ids.cardId })])
    const reservation = await callAs(t, asha, 'POST', '/customer/reservationId/v2', { reservationId: ids.reservationId })
    expect(reservation.body).toMatchObject({ reservationId: ids.reservationId, status: 'Active', guestCount: 2 })
    const profile = await callAs(t, asha, 'POST', '/customer/profile/v2', { id: asha.id })
    expect(profile.body).toMatchObject({ firstName: A_NAME, isPromoSubscribed: false })
    const staff = await call(STAFF_ENDPOINTS['waiter calls']!, { Authorization: `Bearer ${demoStaffToken('empire-burger')}` })
    expect(staff.body).toEqual([expect.objectContaining({ id: ids.waiterCallId, status: 'Open' })])
  })

  it('reads each read endpoint of the matrix with the same ids, so the refusals above are not typos', async () => {
    const reads = Object.entries(CUSTOMER_ENDPOINTS).filter(([, endpoint]) => endpoint.read)
    expect(reads.length).toBeGreaterThan(15)
    for (const [name, endpoint] of reads) {
      const answer = await call(endpoint, bearer(asha))
      expect(answer.status, `${name}: ${answer.text}`).toBe(200)
    }
  })
})

