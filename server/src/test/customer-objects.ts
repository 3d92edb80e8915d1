import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { SANDBOX_TOKENIZE_AUTHORIZATION } from '@/shared/api/contracts/card-provider'
import { addDays, zonedClock } from '@/shared/lib/hours'
import { decryptPayload, encryptPayload } from '@/shared/lib/crypto/payload'
import { deliveries, diningTables, locations, menuItems, orders, orderStatusHistory, supportRequests } from '../db/schema'
import { signAccessToken } from '../modules/auth/tokens'
import { callAs, createTestCustomer, createTestGuest, type TestCustomer } from './signed-in-client'
import { runCourierTick } from '../modules/delivery/courier'
import type { TestApp } from './harness'
import type { EndpointName } from '@/shared/api/contracts/endpoints'

/** Customer A's objects, created through the API in beforeAll; every endpoint below is called with them. */
export type Ids = {
  customerId: string
  phone: string
  tabOrderId: string
  shareId: string
  otherShareId: string
  paymentId: string
  deliveryOrderId: string
  providerCode: string
  deliveryStaffId: string
  addressId: string
  cardId: string
  cardToken: string
  reservationId: string
  waiterCallId: string
  supportRequestId: string
  empireId: string
  somaId: string
  tableId: string
  itemId: string
}

export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  path: (ids: Ids) => string
  body?: (ids: Ids) => unknown
  /** Another customer may get 200 here: the answer is about the caller, so it must still hold nothing of A's. */
  selfScoped?: boolean
  /** Changes nothing: A reads it with the same ids, which proves the refusals are not typos. */
  read?: true
}

const encrypted = (path: string) => /^\/(order|kot|payment|merchants|coupon)\/|^\/customer\/feedback\//.test(path)

// One line per object endpoint of docs/api.md that takes a customer's ids: a new endpoint is one more line.
export const CUSTOMER_ENDPOINTS: Record<string, Endpoint> = {
  'order receipt': { read: true, method: 'POST', path: () => '/order/customer', body: (ids) => ({ orderId: ids.tabOrderId }) },
  'order receipt of a share': { read: true, method: 'POST', path: () => '/order/customer', body: (ids) => ({ orderId: ids.tabOrderId, splitId: ids.shareId }) },
  'order receipt of a payment': { read: true, method: 'POST', path: () => '/order/customer', body: (ids) => ({ orderId: ids.tabOrderId, transactionId: ids.paymentId }) },
  'order read': { read: true, method: 'GET', path: (ids) => `/order/v2/getOrder?orderId=${ids.tabOrderId}` },
  'add a tip': { method: 'PUT', path: () => '/order/v2/customer/add-tip', body: (ids) => ({ orderId: ids.deliveryOrderId, tip: 500, tipType: 'FLATFEE' }) },
  'authorize a card payment': { method: 'POST', path: () => '/payment/v2/authorize', body: (ids) => ({ orderId: ids.tabOrderId, splitId: ids.otherShareId, cardToken: ids.cardToken }) },
  'authorize (old path)': { method: 'POST', path: () => '/payment/authorize-payment', body: (ids) => ({ orderId: ids.tabOrderId, splitId: ids.otherShareId, cardToken: ids.cardToken }) },
  'collect a payment': { method: 'POST', path: () => '/payment/collect-payment', body: (ids) => ({ orderId: ids.tabOrderId, splitId: ids.shareId }) },
  'pay at the restaurant': { method: 'POST', path: () => '/payment/customer-initiate-offline-payment', body: (ids) => ({ orderId: ids.tabOrderId, splitId: ids.otherShareId }) },
  'transfer to the terminal': { method: 'POST', path: () => '/payment/transfer-order', body: (ids) => ({ orderId: ids.tabOrderId, splitId: ids.otherShareId }) },
  'initiate a payment': { method: 'POST', path: () => '/payment/initiatePayment', body: (ids) => ({ orderId: ids.tabOrderId, kind: 'PAY_AT_LOCATION', splitId: ids.otherShareId }) },
  'start a transaction': { method: 'POST', path: () => '/payment/start-transaction', body: (ids) => ({ orderId: ids.tabOrderId, kind: 'POS', splitId: ids.otherShareId }) },
  'redeem a coupon': { method: 'POST', path: () => '/coupon/v2/redeemCoupon', body: (ids) => ({ code: 'WELCOME10', orderId: ids.deliveryOrderId }) },
  'apply item offers': { method: 'PATCH', path: () => '/coupon/v2/item/offer/apply', body: (ids) => ({ customerId: ids.customerId, offerIds: [ids.itemId], orderAmount: 100, orderId: ids.deliveryOrderId }) },
  'orders by customer id': { read: true, method: 'GET', path: (ids) => `/order/customer/getOrders?search=customerId:${ids.customerId}&page=0&size=1000&sort=orderTime,desc` },
  'orders (second list)': { read: true, method: 'GET', path: (ids) => `/order/getOrders?search=customerId:${ids.customerId}&page=0&size=1000&sort=orderDate,desc` },
  'filtered orders by id': { read: true, method: 'POST', path: () => '/order/filter/orders/v2', body: (ids) => ({ search: `customerId:${ids.customerId}`, page: 0, size: 1000, sort: 'orderTime,desc' }) },
  'filtered orders by phone': { read: true, method: 'POST', path: () => '/order/filter/orders/v2', body: (ids) => ({ search: `phone:${ids.phone}`, page: 0, size: 1000, sort: 'orderTime,desc' }) },
  'orders at one location': { read: true, method: 'GET', path: (ids) => `/v2/customers/orders?customerId=${ids.customerId}&locationId=${ids.empireId}` },
  'profile read': { read: true, method: 'POST', path: () => '/customer/profile/v2', body: (ids) => ({ id: ids.customerId }) },
  'profile change': { method: 'PUT', path: () => '/customer/profile/v2', body: (ids) => ({ customerId: ids.customerId, isPromoSubscribed: true }) },
  'customer update': { method: 'PUT', path: () => '/v2/customers', body: (ids) => ({ customerId: ids.customerId, firstName: 'Mallory' }) },
  'addresses': { read: true, method: 'GET', path: (ids) => `/addresses?customerId=${ids.customerId}` },
  'address change': { method: 'PUT', path: (ids) => `/addresses/${ids.addressId}`, body: () => ({ addressLine1: '1 Attacker Way' }) },
  'address removal': { method: 'DELETE', path: (ids) => `/addresses/${ids.addressId}` },
  'cards': { read: true, method: 'GET', path: (ids) => `/cards?customerId=${ids.customerId}` },
  'card saved for someone else': { method: 'POST', path: () => '/cards', body: (ids) => ({ customerId: ids.customerId, token: ids.cardToken }) },
  'card removal': { method: 'DELETE', path: (ids) => `/cards?cardId=${ids.cardId}` },
  'favourites': { read: true, method: 'GET', path: (ids) => `/favourites?customerId=${ids.customerId}` },
  'favourite added for someone else': { method: 'POST', path: () => '/favourites', body: (ids) => ({ customerId: ids.customerId, locationId: ids.somaId }) },
  'favourite removed for someone else': { method: 'DELETE', path: () => '/favourites', body: (ids) => ({ customerId: ids.customerId, locationId: ids.empireId }) },
  'reservation read': { read: true, method: 'POST', path: () => '/customer/reservationId/v2', body: (ids) => ({ reservationId: ids.reservationId }) },
  'reservation cancel': { method: 'PUT', path: () => '/customer/cancel-table?user=customer', body: (ids) => ({ locationId: ids.somaId, reservationId: ids.reservationId, cancelReason: 'Not mine' }) },
  'reservation update': { method: 'PUT', path: () => '/customer/reservations', body: (ids) => ({ reservationId: ids.reservationId, guestCount: 3 }) },
  'reservation events stream': { read: true, method: 'GET', path: (ids) => `/customer/reservations/${ids.reservationId}/events` },
  'add a round at the table': { method: 'PUT', path: () => '/order/update/customer', body: (ids) => ({ orderId: ids.tabOrderId, items: [{ itemId: ids.itemId, quantity: 1 }] }) },
  'kitchen tickets': { read: true, method: 'POST', path: () => '/kot/v2/getKOTItemsBySortOrder', body: (ids) => ({ orderId: ids.tabOrderId }) },
  'kitchen tickets of a share': { read: true, method: 'POST', path: () => '/kot/v2/getKOTItemsBySortOrder', body: (ids) => ({ orderId: ids.tabOrderId, splitId: ids.shareId, sortOrder: 1 }) },
  'split the bill': { method: 'POST', path: () => '/order/customer/split', body: (ids) => ({ orderId: ids.tabOrderId, mode: 'EVEN', parts: 3 }) },
  'the split bill': { read: true, method: 'POST', path: () => '/order/customer/splits', body: (ids) => ({ orderId: ids.tabOrderId }) },
  'delivery status': { read: true, method: 'POST', path: () => '/delivery/status/v2', body: (ids) => ({ deliveryProviderId: ids.providerCode, orderId: ids.deliveryOrderId }) },
  'courier location': { read: true, method: 'GET', path: (ids) => `/valet/getValetLocation?deliveryStaffId=${encodeURIComponent(ids.deliveryStaffId)}` },
  'tracking stream': { read: true, method: 'GET', path: (ids) => `/order/${ids.deliveryOrderId}/tracking/events` },
  'feedback read': { read: true, method: 'GET', path: (ids) => `/customer/feedback/v2?orderId=${ids.tabOrderId}` },
  'feedback submit': { method: 'POST', path: () => '/customer/feedback/v2', body: (ids) => ({ orderId: ids.deliveryOrderId, answers: [] }) },
  'support request about their order': {
    method: 'POST',
    path: () => '/support/createSupportRequest',
    body: (ids) => ({ name: 'Mallory', phone: '+14155550899', topic: 'Problem with an order', message: 'Whose order is this?', orderId: ids.tabOrderId }),
  },
  'support requests': { read: true, method: 'GET', path: () => '/support/requests', selfScoped: true },
}

/**
 * A staff endpoint of the authorisation matrix (server/src/test/authorization-matrix.test.ts): its
 * map entry (whose `roles` say who may call it), the location its path names, and `probe`, a body
 * or path the guard lets through and the route then refuses (400 or 404), so every allowed role
 * is tried without changing A's objects.
 */
export type StaffEndpoint = Endpoint & {
  key: EndpointName
  location: 'empire' | 'soma'
  probe: Pick<Endpoint, 'path' | 'body'>
}

/** The location slugs of Ids' empireId and somaId. */
export const STAFF_LOCATION_SLUGS = { empire: 'empire-burger', soma: 'olive-tree-soma' } as const

const NO_SUCH_STAFF = '00000000-0000-4000-8000-000000000017'

// Every route of the endpoint map with auth 'staff': one line each (the matrix fails on a missing one).
export const STAFF_ENDPOINTS: Record<string, StaffEndpoint> = {
  'waiter calls': {
    key: 'GET /merchants/:locationId/waiter-calls',
    location: 'empire',
    method: 'GET',
    path: (ids) => `/merchants/${ids.empireId}/waiter-calls`,
    probe: { path: (ids) => `/merchants/${ids.empireId}/waiter-calls` },
  },
  'waiter call change': {
    key: 'PUT /merchants/:locationId/waiter-calls/:callId',
    location: 'empire',
    method: 'PUT',
    path: (ids) => `/merchants/${ids.empireId}/waiter-calls/${ids.waiterCallId}`,
    body: () => ({ status: 'Done' }),
    probe: { path: (ids) => `/merchants/${ids.empireId}/waiter-calls/${ids.waiterCallId}`, body: () => ({ status: 'Open' }) },
  },
  'walk-in by staff': {
    key: 'POST /merchants/:locationId/reservations',
    location: 'soma',
    method: 'POST',
    path: (ids) => `/merchants/${ids.somaId}/reservations`,
    body: () => ({ fullName: 'Walk In', mobile: '+14155550898', guestCount: 2, staffId: null }),
    probe: { path: (ids) => `/merchants/${ids.somaId}/reservations`, body: () => ({ guestCount: 0 }) },
  },
  'reservation status by staff': {
    key: 'PUT /merchants/:locationId/reservations/:reservationId/status',
    location: 'soma',
    method: 'PUT',
    path: (ids) => `/merchants/${ids.somaId}/reservations/${ids.reservationId}/status`,
    body: () => ({ status: 'NoShow' }),
    probe: { path: (ids) => `/merchants/${ids.somaId}/reservations/${ids.reservationId}/status`, body: () => ({ status: 'Gone' }) },
  },
  'team': {
    key: 'GET /staff/:locationId/team',
    location: 'empire',
    method: 'GET',
    path: (ids) => `/staff/${ids.empireId}/team`,
    probe: { path: (ids) => `/staff/${ids.empireId}/team` },
  },
  'team: add someone': {
    key: 'POST /staff/:locationId/team',
    location: 'empire',
    method: 'POST',
    path: (ids) => `/staff/${ids.empireId}/team`,
    body: () => ({ name: 'Mallory', email: `mallory-${randomUUID()}@example.com`, role: 'manager', password: 'let-me-in-please' }),
    probe: { path: (ids) => `/staff/${ids.empireId}/team`, body: () => ({ name: 'Mallory' }) },
  },
  'team: change a role': {
    key: 'PUT /staff/:locationId/team/:staffId',
    location: 'empire',
    method: 'PUT',
    path: (ids) => `/staff/${ids.empireId}/team/${NO_SUCH_STAFF}`,
    body: () => ({ role: 'manager' }),
    probe: { path: (ids) => `/staff/${ids.empireId}/team/${NO_SUCH_STAFF}`, body: () => ({ role: 'chef' }) },
  },
  'staff settings': {
    key: 'GET /staff/:locationId/settings',
    location: 'empire',
    method: 'GET',
    path: (ids) => `/staff/${ids.empireId}/settings`,
    probe: { path: (ids) => `/staff/${ids.empireId}/settings` },
  },
  'staff settings change': {
    key: 'PUT /staff/:locationId/settings',
    location: 'empire',
    method: 'PUT',
    path: (ids) => `/staff/${ids.empireId}/settings`,
    body: () => ({ simulatorsOff: true }),
    probe: { path: (ids) => `/staff/${ids.empireId}/settings`, body: () => ({ simulatorsOff: 'yes' }) },
  },
  'host stand': {
    key: 'GET /staff/:locationId/host',
    location: 'empire',
    method: 'GET',
    path: (ids) => `/staff/${ids.empireId}/host`,
    probe: { path: (ids) => `/staff/${ids.empireId}/host` },
  },
  'host stand stream': {
    key: 'GET /staff/:locationId/host/events',
    location: 'empire',
    method: 'GET',
    path: (ids) => `/staff/${ids.empireId}/host/events`,
    probe: { path: (ids) => `/staff/${ids.empireId}/host/events` },
  },
  'host stand: table choices': {
    key: 'GET /staff/:locationId/host/parties/:reservationId/tables',
    location: 'empire',
    method: 'GET',
    path: (ids) => `/staff/${ids.empireId}/host/parties/${NO_SUCH_STAFF}/tables`,
    probe: { path: (ids) => `/staff/${ids.empireId}/host/parties/${NO_SUCH_STAFF}/tables` },
  },
  ...Object.fromEntries(
    (['seat', 'complete', 'no-show'] as const).map((action) => [
      `host stand: ${action}`,
      {
        key: `POST /staff/:locationId/host/parties/:reservationId/${action}` as EndpointName,
        location: 'empire' as const,
        method: 'POST' as const,
        path: (ids: Ids) => `/staff/${ids.empireId}/host/parties/${NO_SUCH_STAFF}/${action}`,
        ...(action === 'seat' ? { body: () => ({}) } : {}),
        probe: { path: (ids: Ids) => `/staff/${ids.empireId}/host/parties/${NO_SUCH_STAFF}/${action}`, ...(action === 'seat' ? { body: () => ({}) } : {}) },
      },
    ]),
  ),
  'host stand: cancel': {
    key: 'POST /staff/:locationId/host/parties/:reservationId/cancel',
    location: 'empire',
    method: 'POST',
    path: (ids) => `/staff/${ids.empireId}/host/parties/${NO_SUCH_STAFF}/cancel`,
    body: () => ({ reason: 'guest_request' }),
    probe: { path: (ids) => `/staff/${ids.empireId}/host/parties/${NO_SUCH_STAFF}/cancel`, body: () => ({ reason: 'nope' }) },
  },
  'host stand: walk-in': {
    key: 'POST /staff/:locationId/host/walk-ins',
    location: 'empire',
    method: 'POST',
    path: (ids) => `/staff/${ids.empireId}/host/walk-ins`,
    body: () => ({ guestCount: 2, seatNow: true }),
    probe: { path: (ids) => `/staff/${ids.empireId}/host/walk-ins`, body: () => ({ guestCount: 0 }) },
  },
  'host stand: phone reservation': {
    key: 'POST /staff/:locationId/host/reservations',
    location: 'empire',
    method: 'POST',
    path: (ids) => `/staff/${ids.empireId}/host/reservations`,
    body: () => ({ fullName: 'Mallory', mobile: '+14155550897', guestCount: 2, reservationDate: '2030-01-01', reservationSlot: '19:00' }),
    probe: { path: (ids) => `/staff/${ids.empireId}/host/reservations`, body: () => ({ guestCount: 0 }) },
  },
  'floor board': {
    key: 'GET /staff/:locationId/waiter-calls',
    location: 'empire',
    method: 'GET',
    path: (ids) => `/staff/${ids.empireId}/waiter-calls`,
    probe: { path: (ids) => `/staff/${ids.empireId}/waiter-calls` },
  },
  'floor stream': {
    key: 'GET /staff/:locationId/floor/events',
    location: 'empire',
    method: 'GET',
    path: (ids) => `/staff/${ids.empireId}/floor/events`,
    probe: { path: (ids) => `/staff/${ids.empireId}/floor/events` },
  },
  'floor: a waiter call': {
    key: 'PUT /staff/:locationId/waiter-calls/:callId',
    location: 'empire',
    method: 'PUT',
    path: (ids) => `/staff/${ids.empireId}/waiter-calls/${ids.waiterCallId}`,
    body: () => ({ status: 'Done' }),
    probe: { path: (ids) => `/staff/${ids.empireId}/waiter-calls/${ids.waiterCallId}`, body: () => ({ status: 'Open' }) },
  },
  'support inbox': {
    key: 'GET /staff/:locationId/support-requests',
    location: 'empire',
    method: 'GET',
    path: (ids) => `/staff/${ids.empireId}/support-requests`,
    probe: { path: (ids) => `/staff/${ids.empireId}/support-requests?status=Gone` },
  },
  'support request': {
    key: 'GET /staff/:locationId/support-requests/:requestId',
    location: 'empire',
    method: 'GET',
    path: (ids) => `/staff/${ids.empireId}/support-requests/${ids.supportRequestId}`,
    probe: { path: (ids) => `/staff/${ids.empireId}/support-requests/${NO_SUCH_STAFF}` },
  },
  'support reply': {
    key: 'POST /staff/:locationId/support-requests/:requestId/replies',
    location: 'empire',
    method: 'POST',
    path: (ids) => `/staff/${ids.empireId}/support-requests/${ids.supportRequestId}/replies`,
    body: () => ({ message: 'Mallory was here' }),
    probe: { path: (ids) => `/staff/${ids.empireId}/support-requests/${ids.supportRequestId}/replies`, body: () => ({ message: '' }) },
  },
  'support close': {
    key: 'PUT /staff/:locationId/support-requests/:requestId/close',
    location: 'empire',
    method: 'PUT',
    path: (ids) => `/staff/${ids.empireId}/support-requests/${ids.supportRequestId}/close`,
    probe: { path: (ids) => `/staff/${ids.empireId}/support-requests/${NO_SUCH_STAFF}/close` },
  },
  'team: remove someone': {
    key: 'DELETE /staff/:locationId/team/:staffId',
    location: 'empire',
    method: 'DELETE',
    path: (ids) => `/staff/${ids.empireId}/team/${NO_SUCH_STAFF}`,
    probe: { path: (ids) => `/staff/${ids.empireId}/team/${NO_SUCH_STAFF}` },
  },
  'kitchen board': {
    key: 'GET /staff/:locationId/kitchen',
    location: 'empire',
    method: 'GET',
    path: (ids) => `/staff/${ids.empireId}/kitchen`,
    probe: { path: (ids) => `/staff/${ids.empireId}/kitchen` },
  },
  'kitchen live board': {
    key: 'GET /staff/:locationId/kitchen/events',
    location: 'empire',
    method: 'GET',
    path: (ids) => `/staff/${ids.empireId}/kitchen/events`,
    probe: { path: (ids) => `/staff/${ids.empireId}/kitchen/events` },
  },
  'kitchen bump': {
    key: 'POST /staff/:locationId/kitchen/orders/:orderId/bump',
    location: 'empire',
    method: 'POST',
    path: (ids) => `/staff/${ids.empireId}/kitchen/orders/${ids.tabOrderId}/bump`,
    body: () => ({ from: '6' }),
    probe: { path: (ids) => `/staff/${ids.empireId}/kitchen/orders/${ids.tabOrderId}/bump`, body: () => ({ from: 'x' }) },
  },
  'kitchen ticket bump': {
    key: 'POST /staff/:locationId/kitchen/tickets/:ticketId/bump',
    location: 'empire',
    method: 'POST',
    path: (ids) => `/staff/${ids.empireId}/kitchen/tickets/${NO_SUCH_STAFF}/bump`,
    body: () => ({ from: '41' }),
    probe: { path: (ids) => `/staff/${ids.empireId}/kitchen/tickets/${NO_SUCH_STAFF}/bump`, body: () => ({ from: 'x' }) },
  },
  'kitchen undo': {
    key: 'POST /staff/:locationId/kitchen/bumps/:bumpId/undo',
    location: 'empire',
    method: 'POST',
    path: (ids) => `/staff/${ids.empireId}/kitchen/bumps/${NO_SUCH_STAFF}/undo`,
    probe: { path: (ids) => `/staff/${ids.empireId}/kitchen/bumps/${NO_SUCH_STAFF}/undo` },
  },
  'kitchen stock': {
    key: 'GET /staff/:locationId/kitchen/stock',
    location: 'empire',
    method: 'GET',
    path: (ids) => `/staff/${ids.empireId}/kitchen/stock`,
    probe: { path: (ids) => `/staff/${ids.empireId}/kitchen/stock` },
  },
  'kitchen sold out': {
    key: 'PUT /staff/:locationId/kitchen/stock/:itemId',
    location: 'empire',
    method: 'PUT',
    path: (ids) => `/staff/${ids.empireId}/kitchen/stock/${ids.itemId}`,
    body: () => ({ soldOut: true }),
    probe: { path: (ids) => `/staff/${ids.empireId}/kitchen/stock/${ids.itemId}`, body: () => ({ soldOut: 'yes' }) },
  },
  'kitchen pause': {
    key: 'PUT /staff/:locationId/kitchen/ordering',
    location: 'empire',
    method: 'PUT',
    path: (ids) => `/staff/${ids.empireId}/kitchen/ordering`,
    body: () => ({ paused: true }),
    probe: { path: (ids) => `/staff/${ids.empireId}/kitchen/ordering`, body: () => ({ paused: 'yes' }) },
  },
}

export const A_NAME = 'Zenobia'
export const A_PHONE = '+14155550871'

export type Answer = { status: number; text: string; contentType: string; body: unknown }

/** One call; a stream answers its first chunk only, so a leak through an SSE stream is caught too. */
export async function callEndpoint(t: TestApp, ids: Ids, endpoint: Endpoint, headers: Record<string, string>): Promise<Answer> {
  const path = endpoint.path(ids)
  const payload = endpoint.body?.(ids)
  const body = payload === undefined ? undefined : JSON.stringify(encrypted(path) ? { data: encryptPayload(payload, t.env.PAYLOAD_KEY) } : payload)
  const response = await t.app.request(`/api${path}`, {
    method: endpoint.method,
    headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}), 'Idempotency-Key': `call-${randomUUID()}` },
    body,
  })
  const contentType = response.headers.get('content-type') ?? ''
  let text = ''
  if (contentType.includes('text/event-stream')) {
    const reader = response.body!.getReader()
    const first = await reader.read()
    text = new TextDecoder().decode(first.value)
    await reader.cancel()
  } else {
    text = await response.text()
  }
  let parsed: unknown = text
  if (contentType.includes('application/json')) parsed = JSON.parse(text)
  else if (text.startsWith('U2FsdGVkX1')) parsed = decryptPayload(text, t.env.PAYLOAD_KEY)
  return { status: response.status, text, contentType, body: parsed }
}

/** Everything of A's that must not show in someone else's answer, decrypted or not. */
export function secretsOf(ids: Ids): string[] {
  const { empireId: _empire, somaId: _soma, tableId: _table, itemId: _item, providerCode: _provider, cardToken: _token, ...own } = ids
  return [...Object.values(own), A_NAME]
}

const placeAs = async (t: TestApp, who: TestCustomer, path: string, payload: unknown) => {
  const response = await callAs(t, who, 'POST', path, { data: encryptPayload(payload, t.env.PAYLOAD_KEY) }, { 'Idempotency-Key': `setup-${randomUUID()}` })
  expect(response.status, `${path}: ${response.text}`).toBeLessThan(300)
  return response.body
}

/**
 * Customer A with one of every object (a split and part-paid tab, a delivery on its way, an address, a card, a favourite,
 * a reservation, a waiter call, a support request), customer B, a token for A signed with the wrong secret, and two
 * guests with guest tokens: one who proved another number, one who proved A's own number in a guest session.
 */
export async function createCustomerObjects(t: TestApp) {
  const asha = await createTestCustomer(t, A_NAME, A_PHONE)
  const ben = await createTestCustomer(t, 'Ben', '+14155550872')
  const forged: TestCustomer = { id: asha.id, token: await signAccessToken(asha.id, randomUUID(), 'not-the-server-secret-not-the-server-secret') }
  const locationBySlug = async (slug: string) => (await t.db.select().from(locations).where(eq(locations.locationSlug, slug)))[0]!
  const empire = await locationBySlug('empire-burger')
  const soma = await locationBySlug('olive-tree-soma')
  const ids = {} as Ids
  Object.assign(ids, { customerId: asha.id, phone: A_PHONE, empireId: empire.id, somaId: soma.id })
  ids.tableId = (await t.db.select().from(diningTables).where(eq(diningTables.locationId, empire.id)))[0]!.id
  ids.itemId = (await t.db.select().from(menuItems).where(eq(menuItems.locationId, empire.id))).find((item) => item.name === 'Patty Melt')!.id

  const tab = (await placeAs(t, asha, '/order/customer/createOrder', {
    locationId: empire.id,
    orderTypeCode: 'dinein',
    items: [{ itemId: ids.itemId, quantity: 2 }],
    tableId: ids.tableId,
  })) as { orderId: string }
  ids.tabOrderId = tab.orderId
  const split = (await placeAs(t, asha, '/order/customer/split', { orderId: tab.orderId, mode: 'EVEN', parts: 2 })) as { shares: { id: string }[] }
  ids.shareId = split.shares[0]!.id
  ids.otherShareId = split.shares[1]!.id
  const nextYear = new Date().getUTCFullYear() + 1
  const tokenize = async () =>
    ((await callAs(t, undefined, 'POST', '/provider/sandbox/tokenize', { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' }, {
      Authorization: SANDBOX_TOKENIZE_AUTHORIZATION,
    })).body as { token: string }).token
  const paid = (await placeAs(t, asha, '/payment/v2/authorize', { orderId: tab.orderId, splitId: ids.shareId, cardToken: await tokenize() })) as { paymentId: string }
  ids.paymentId = paid.paymentId

  const placedAt = new Date(Date.now() - 60_000)
  const [delivery] = await t.db
    .insert(orders)
    .values({
      customerId: asha.id,
      locationId: empire.id,
      orderTypeCode: 'delivery',
      status: '19',
      paymentStatus: '19',
      subtotalMinor: 2500,
      totalMinor: 2500,
      currency: 'USD',
      deliveryLat: 40.7752,
      deliveryLng: -73.9712,
      deliveryAddressLine1: '1 Example Street',
      updatedAt: placedAt,
    })
    .returning()
  await t.db.insert(orderStatusHistory).values({ orderId: delivery!.id, status: '19', at: placedAt })
  await runCourierTick(t.db, new Date())
  const [booked] = await t.db.select().from(deliveries).where(eq(deliveries.orderId, delivery!.id))
  Object.assign(ids, { deliveryOrderId: delivery!.id, providerCode: booked!.providerCode, deliveryStaffId: booked!.deliveryStaffId })

  const address = await callAs(t, asha, 'POST', '/addresses', { tag: 'Home', addressLine1: '9 Private Lane', lat: 37.77, lng: -122.41 })
  ids.addressId = (address.body as { id: string }).id
  ids.cardToken = await tokenize()
  const card = await callAs(t, asha, 'POST', '/cards', { customerId: asha.id, token: ids.cardToken })
  ids.cardId = (card.body as { id: string }).id
  ids.cardToken = await tokenize()
  expect((await callAs(t, asha, 'POST', '/favourites', { customerId: asha.id, locationId: empire.id })).status).toBe(201)
  const reservationDate = addDays(zonedClock(new Date(), soma.timeZoneCd).date, 3)
  const query = new URLSearchParams({
    locationId: soma.id,
    fullName: `${A_NAME} Diner`,
    mobile: A_PHONE,
    guestCount: '2',
    deviceId: '',
    channelName: 'ONLINE',
    seatTogether: '1',
    reservationDate,
    reservationSlot: '19:00',
  })
  const reservation = await callAs(t, asha, 'POST', `/customer/reservations?${query}`)
  expect(reservation.status, reservation.text).toBe(201)
  ids.reservationId = (reservation.body as { reservationId: string }).reservationId
  const waiterCall = await callAs(t, asha, 'POST', '/customer/call-waiter', { tableId: ids.tableId, orderId: tab.orderId, reason: 'Water' })
  expect(waiterCall.status, waiterCall.text).toBe(201)
  ids.waiterCallId = (waiterCall.body as { id: string }).id
  const support = await callAs(t, asha, 'POST', '/support/createSupportRequest', {
    name: A_NAME,
    phone: A_PHONE,
    topic: 'Problem with an order',
    message: 'My burger was cold.',
    orderId: tab.orderId,
  })
  expect(support.status, support.text).toBe(201)
  const [supportRow] = await t.db.select({ id: supportRequests.id }).from(supportRequests).where(eq(supportRequests.reference, (support.body as { reference: string }).reference))
  ids.supportRequestId = supportRow!.id
  for (const [name, value] of Object.entries(ids)) expect(value, name).toBeTruthy()
  const stranger = await createTestGuest(t, 'Stella Guest', '+14155550873')
  const ashaAsGuest = await createTestGuest(t, `${A_NAME} Guest`, A_PHONE)
  return { asha, ben, forged, stranger, ashaAsGuest, ids }
}
