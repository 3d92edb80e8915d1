import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import type { EndpointSpec } from '@/shared/api/contracts/endpoint'
import { endpoints } from '@/shared/api/contracts/endpoints'
import { STAFF_ROLES, type StaffRole } from '@/shared/api/contracts/staff-roles'
import { staffSession } from './staff-auth'
import { orders } from '../db/schema'
import { callAs, type TestCustomer } from './signed-in-client'
import { createTestApp, type TestApp } from './harness'
import {
  A_NAME,
  A_PHONE,
  callEndpoint,
  createCustomerObjects,
  CUSTOMER_ENDPOINTS,
  secretsOf,
  STAFF_ENDPOINTS,
  STAFF_LOCATION_SLUGS,
  type Answer,
  type Endpoint,
  type Ids,
  type StaffEndpoint,
} from './customer-objects'

let t: TestApp
let asha: TestCustomer
let ben: TestCustomer
let forged: TestCustomer
let stranger: TestCustomer
let ashaAsGuest: TestCustomer
let ids: Ids
/** Access and refresh tokens of each demo role at both locations of the staff endpoints. */
const staffTokens = {} as Record<keyof typeof STAFF_LOCATION_SLUGS, Record<StaffRole, { accessToken: string; refreshToken: string }>>

beforeAll(async () => {
  t = await createTestApp()
  ;({ asha, ben, forged, stranger, ashaAsGuest, ids } = await createCustomerObjects(t))
  for (const [location, slug] of Object.entries(STAFF_LOCATION_SLUGS) as [keyof typeof STAFF_LOCATION_SLUGS, string][]) {
    staffTokens[location] = {} as Record<StaffRole, { accessToken: string; refreshToken: string }>
    for (const role of STAFF_ROLES) staffTokens[location][role] = await staffSession(t, slug, role)
  }
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

// Staff endpoints (docs/staff.md "The authorisation matrix"): each is refused to every caller who is
// not staff of its location, with the code that says why, and its roles come from its map entry.
/** The roles an endpoint's map entry names (undefined: any role). */
const rolesOf = (endpoint: StaffEndpoint): readonly StaffRole[] | undefined => (endpoints[endpoint.key] as EndpointSpec).roles
const other = (endpoint: StaffEndpoint) => (endpoint.location === 'empire' ? 'soma' : 'empire')
const staffCallers: Record<string, { headers: (endpoint: StaffEndpoint) => Record<string, string>; code: string }> = {
  'another location’s manager': { headers: (endpoint) => ({ Authorization: `Bearer ${staffTokens[other(endpoint)].manager.accessToken}` }), code: 'forbidden' },
  'another location’s staff of an allowed role': {
    headers: (endpoint) => ({ Authorization: `Bearer ${staffTokens[other(endpoint)][rolesOf(endpoint)?.[0] ?? 'server'].accessToken}` }),
    code: 'forbidden',
  },
  'no token': { headers: () => ({}), code: 'unauthenticated' },
  'a made-up staff token': { headers: () => ({ Authorization: `Bearer tfs_${'x'.repeat(43)}` }), code: 'unauthenticated' },
  'an old demo token': { headers: (endpoint) => ({ Authorization: `Bearer tf_staff_demo_${STAFF_LOCATION_SLUGS[endpoint.location]}` }), code: 'unauthenticated' },
  'customer A': { headers: () => bearer(asha), code: 'unauthenticated' },
  'a staff refresh token used as an access token': { headers: (endpoint) => ({ Authorization: `Bearer ${staffTokens[endpoint.location].manager.refreshToken}` }), code: 'unauthenticated' },
}

describe.each(Object.entries(staffCallers))('staff endpoints called by %s', (_caller, { headers, code }) => {
  it.each(Object.entries(STAFF_ENDPOINTS))('%s: refused with its code, nothing of A’s', async (_name, endpoint) => {
    const answer = await call(endpoint, headers(endpoint))
    expect(answer.body, answer.text).toMatchObject({ code })
    expect([401, 403]).toContain(answer.status)
    expectNothingOfA(answer)
  })
})

describe('staff endpoints and roles', () => {
  it('lists every staff route of the endpoint map, so a new one cannot skip the matrix', () => {
    const staffKeys = Object.entries(endpoints).filter(([, spec]) => spec.auth === 'staff').map(([key]) => key)
    expect(Object.values(STAFF_ENDPOINTS).map((endpoint) => endpoint.key).sort()).toEqual(staffKeys.sort())
  })

  const cases = Object.entries(STAFF_ENDPOINTS).flatMap(([name, endpoint]) => STAFF_ROLES.map((role) => [name, role, endpoint] as const))
  it.each(cases)('%s as the location’s %s: let through when its map entry allows the role (a manager always), else role_not_allowed', async (_name, role, endpoint) => {
    const allowed = role === 'manager' || !rolesOf(endpoint) || rolesOf(endpoint)!.includes(role)
    const answer = await call({ method: endpoint.method, ...endpoint.probe }, { Authorization: `Bearer ${staffTokens[endpoint.location][role].accessToken}` })
    if (allowed) {
      // The probe is refused past the guard (400 or 404), or answered (a read): never by the guard.
      expect(answer.body, answer.text).not.toMatchObject({ code: expect.stringMatching(/^(unauthenticated|token_expired|forbidden|role_not_allowed)$/) })
      expect([200, 400, 404], answer.text).toContain(answer.status)
    } else {
      expect(answer.status).toBe(403)
      expect(answer.body).toMatchObject({ code: 'role_not_allowed' })
    }
  })

  it('GET /staff/me takes a staff token of any location and nothing else', async () => {
    const me = (headers: Record<string, string>) => call({ method: 'GET', path: () => '/staff/me' }, headers)
    expect((await me({ Authorization: `Bearer ${staffTokens.soma.kitchen.accessToken}` })).body).toMatchObject({ role: 'kitchen', location: { id: ids.somaId } })
    expect((await me(bearer(asha))).body).toMatchObject({ code: 'unauthenticated' })
    expect((await me({ Authorization: `Bearer ${staffTokens.soma.kitchen.refreshToken}` })).body).toMatchObject({ code: 'unauthenticated' })
  })

  it('a staff token is refused on a customer call', async () => {
    const answer = await call(CUSTOMER_ENDPOINTS['addresses']!, { Authorization: `Bearer ${staffTokens.empire.manager.accessToken}` })
    expect(answer.status).toBe(401)
    expect(answer.body).toMatchObject({ code: 'unauthenticated' })
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
    const staff = await call(STAFF_ENDPOINTS['waiter calls']!, { Authorization: `Bearer ${staffTokens.empire.server.accessToken}` })
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

