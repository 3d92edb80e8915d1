import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FloorBoard, FloorCall, SupportInboxItem, SupportRequestDetail } from '@/shared/api/contracts/floor'
import { MAX_SUPPORT_REPLY, SUPPORT_REPLIES_PER_HOUR } from '@/shared/api/contracts/floor'
import type { SupportRequestSummary } from '@/shared/api/contracts/support'
import { diningTables, locations, orders, smsMessages, staffMembers, supportReplies, supportRequests, waiterCalls } from '../../db/schema'
import { sandboxSmsProvider } from '../../providers/sms'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestCustomer, type TestCustomer } from '../../test/signed-in-client'
import { sseEvents } from '../../test/sse'
import { staffHeaders, staffSession } from '../../test/staff-auth'
import { floorBoard } from './board'
import { replyToSupportRequest } from './support-inbox'

let t: TestApp
let asha: TestCustomer
let empireId: string
let velvetId: string
let tables: { id: string; name: string }[]
let velvetTableId: string
let empireStaffId: string

/** A signed-in server of the location (docs/staff.md "Demo staff"). */
let headers: Record<string, Record<string, string>> = {}
const staffOf = (slug: string) => headers[slug]!
const empireStaff = () => headers['empire-burger']!

beforeAll(async () => {
  t = await createTestApp()
  asha = await createTestCustomer(t, 'Asha', '+14155550811')
  const [empire] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'empire-burger'))
  const [velvet] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'velvet-hour'))
  empireId = empire!.id
  velvetId = velvet!.id
  tables = await t.db.select({ id: diningTables.id, name: diningTables.name }).from(diningTables).where(eq(diningTables.locationId, empireId)).orderBy(diningTables.name)
  velvetTableId = (await t.db.select({ id: diningTables.id }).from(diningTables).where(eq(diningTables.locationId, velvetId)))[0]!.id
  const server = await staffSession(t, 'empire-burger', 'server')
  empireStaffId = server.id
  headers = {
    'empire-burger': { Authorization: `Bearer ${server.accessToken}` },
    'velvet-hour': await staffHeaders(t, 'velvet-hour', 'server'),
  }
})
afterAll(() => t.close())

async function clearCalls() {
  await t.db.delete(waiterCalls)
}

/** A call made at `at`, as if the diner pressed "Call Waiter" then (the clock of these tests). */
async function callAt(tableId: string, at: Date, reason: string | null = null) {
  const [row] = await t.db.insert(waiterCalls).values({ locationId: empireId, tableId, reason, createdAt: at }).returning()
  return row!
}

describe('the waiter-call queue', () => {
  it('lists open and acknowledged calls oldest first, with table, age at the injected clock and who acknowledged; done ones leave', async () => {
    await clearCalls()
    const now = new Date('2030-03-01T19:30:00Z')
    const newest = await callAt(tables[0]!.id, new Date(now.getTime() - 30_000), 'Water please')
    const oldest = await callAt(tables[1]!.id, new Date(now.getTime() - 5 * 60_000), 'The bill')
    const middle = await callAt(tables[2]!.id, new Date(now.getTime() - 2 * 60_000))
    const done = await callAt(tables[3]!.id, new Date(now.getTime() - 10 * 60_000))
    await t.db.update(waiterCalls).set({ status: 'Acknowledged', acknowledgedAt: now, acknowledgedBy: empireStaffId }).where(eq(waiterCalls.id, middle.id))
    await t.db.update(waiterCalls).set({ status: 'Done', doneAt: now }).where(eq(waiterCalls.id, done.id))

    const board = await floorBoard(t.db, empireId, now)
    expect(board.calls.map((call) => call.id)).toEqual([oldest.id, middle.id, newest.id])
    expect(board.calls.map((call) => call.ageSeconds)).toEqual([300, 120, 30])
    expect(board.calls[0]).toMatchObject({ tableName: tables[1]!.name, reason: 'The bill', status: 'Open', acknowledgedBy: null })
    const [staff] = await t.db.select().from(staffMembers).where(eq(staffMembers.id, empireStaffId))
    expect(board.calls[1]).toMatchObject({ status: 'Acknowledged', acknowledgedBy: staff!.name, acknowledgedAt: now.toISOString() })
    expect(board.now).toBe(now.toISOString())
  })

  it('acknowledges in the name of the staff member, then done; a done call stays done (409 waiter_call_done)', async () => {
    await clearCalls()
    const created = await callAs(t, undefined, 'POST', '/customer/call-waiter', { tableId: tables[0]!.id, reason: 'Napkins' })
    expect(created.status).toBe(201)
    const callId = (created.body as FloorCall).id

    const listed = await callAs(t, undefined, 'GET', `/staff/${empireId}/waiter-calls`, undefined, empireStaff())
    expect(listed.status).toBe(200)
    expect((listed.body as FloorBoard).calls).toEqual([expect.objectContaining({ id: callId, status: 'Open', tableName: tables[0]!.name, reason: 'Napkins' })])

    const acknowledged = await callAs(t, undefined, 'PUT', `/staff/${empireId}/waiter-calls/${callId}`, { status: 'Acknowledged' }, empireStaff())
    expect(acknowledged.status, acknowledged.text).toBe(200)
    const [staff] = await t.db.select().from(staffMembers).where(eq(staffMembers.id, empireStaffId))
    expect(acknowledged.body).toMatchObject({ id: callId, status: 'Acknowledged', acknowledgedBy: staff!.name })
    const [row] = await t.db.select().from(waiterCalls).where(eq(waiterCalls.id, callId))
    expect(row!.acknowledgedBy).toBe(empireStaffId)

    // The diner follows the call by its id and sees it acknowledged.
    const followed = await callAs(t, undefined, 'GET', `/customer/call-waiter/${callId}`)
    expect(followed.body).toMatchObject({ id: callId, status: 'Acknowledged' })
    const unknown = await callAs(t, undefined, 'GET', '/customer/call-waiter/00000000-0000-4000-8000-000000000000')
    expect([unknown.status, unknown.body.code]).toEqual([404, 'not_found'])

    const done = await callAs(t, undefined, 'PUT', `/staff/${empireId}/waiter-calls/${callId}`, { status: 'Done' }, empireStaff())
    expect(done.body).toMatchObject({ status: 'Done', acknowledgedBy: staff!.name })
    expect((await t.db.select().from(waiterCalls).where(eq(waiterCalls.id, callId)))[0]).toMatchObject({ doneBy: empireStaffId })
    for (const status of ['Acknowledged', 'Done']) {
      const again = await callAs(t, undefined, 'PUT', `/staff/${empireId}/waiter-calls/${callId}`, { status }, empireStaff())
      expect([again.status, again.body.code]).toEqual([409, 'waiter_call_done'])
    }
    expect((await callAs(t, undefined, 'GET', `/staff/${empireId}/waiter-calls`, undefined, empireStaff())).body.calls).toEqual([])
  })

  it('refuses another location’s staff, no token, another location’s call and a status of Open', async () => {
    await clearCalls()
    const velvetCall = await callAs(t, undefined, 'POST', '/customer/call-waiter', { tableId: velvetTableId })
    const callId = (velvetCall.body as FloorCall).id
    const noToken = await callAs(t, undefined, 'GET', `/staff/${empireId}/waiter-calls`)
    expect([noToken.status, noToken.body.code]).toEqual([401, 'unauthenticated'])
    const otherStaff = await callAs(t, undefined, 'GET', `/staff/${empireId}/waiter-calls`, undefined, staffOf('velvet-hour'))
    expect([otherStaff.status, otherStaff.body.code]).toEqual([403, 'forbidden'])
    // Empire's staff, with Velvet Hour's call id under their own location: not theirs.
    const elsewhere = await callAs(t, undefined, 'PUT', `/staff/${empireId}/waiter-calls/${callId}`, { status: 'Acknowledged' }, empireStaff())
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, 'not_found'])
    expect((await t.db.select().from(waiterCalls).where(eq(waiterCalls.id, callId)))[0]!.status).toBe('Open')
    const reopen = await callAs(t, undefined, 'PUT', `/staff/${velvetId}/waiter-calls/${callId}`, { status: 'Open' }, staffOf('velvet-hour'))
    expect([reopen.status, reopen.body.code]).toEqual([400, 'invalid_request'])
  })

  it('a manager may use the floor; the kitchen and the host are refused (403 role_not_allowed)', async () => {
    const manager = await callAs(t, undefined, 'GET', `/staff/${empireId}/waiter-calls`, undefined, await staffHeaders(t, 'empire-burger', 'manager'))
    expect(manager.status).toBe(200)
    for (const role of ['kitchen', 'host'] as const) {
      const asRole = await staffHeaders(t, 'empire-burger', role)
      const board = await callAs(t, undefined, 'GET', `/staff/${empireId}/waiter-calls`, undefined, asRole)
      expect([board.status, board.body.code]).toEqual([403, 'role_not_allowed'])
      const inbox = await callAs(t, undefined, 'GET', `/staff/${empireId}/support-requests`, undefined, asRole)
      expect([inbox.status, inbox.body.code]).toEqual([403, 'role_not_allowed'])
    }
  })

  it('the live stream wakes on a new call and on its acknowledgement', async () => {
    await clearCalls()
    const response = await t.app.request(`/api/staff/${empireId}/floor/events`, { headers: empireStaff() })
    expect(response.status).toBe(200)
    const events = sseEvents<FloorBoard>(response, 'floor')
    try {
      expect((await events.next())!.calls).toEqual([])
      const created = await callAs(t, undefined, 'POST', '/customer/call-waiter', { tableId: tables[1]!.id })
      const callId = (created.body as FloorCall).id
      expect((await events.next())!.calls).toEqual([expect.objectContaining({ id: callId, status: 'Open' })])
      await callAs(t, undefined, 'PUT', `/staff/${empireId}/waiter-calls/${callId}`, { status: 'Acknowledged' }, empireStaff())
      expect((await events.next())!.calls).toEqual([expect.objectContaining({ id: callId, status: 'Acknowledged' })])
    } finally {
      await events.cancel()
    }
    const refused = await t.app.request(`/api/staff/${empireId}/floor/events`, { headers: staffOf('velvet-hour') })
    expect(refused.status).toBe(403)
  })
})

async function supportRequest(overrides: Record<string, unknown> = {}, who?: TestCustomer) {
  const created = await callAs(t, who, 'POST', '/support/createSupportRequest', {
    name: 'Asha Rao',
    phone: '+14155550812',
    topic: 'Problem with an order',
    message: 'My fries were cold.',
    locationId: empireId,
    ...overrides,
  })
  expect(created.status, created.text).toBe(201)
  const [row] = await t.db.select().from(supportRequests).where(eq(supportRequests.reference, created.body.reference))
  return row!
}

const replyTo = (requestId: string, message: string, headers = empireStaff(), locationId = empireId) =>
  callAs(t, undefined, 'POST', `/staff/${locationId}/support-requests/${requestId}/replies`, { message }, headers)

describe('the support inbox', () => {
  it('belongs to a location through the order or the restaurant chosen on the form; a mismatch and an unknown restaurant are refused', async () => {
    const [order] = await t.db.insert(orders).values({ locationId: empireId, customerId: asha.id, orderTypeCode: 'pickup', status: '16', currency: 'USD', orderNumber: 12, orderNumberDate: '2030-03-01' }).returning()
    const byOrder = await supportRequest({ locationId: undefined, orderId: order!.id, phone: undefined }, asha)
    expect(byOrder.locationId).toBe(empireId)
    const chosen = await supportRequest({ locationId: velvetId, phone: '+14155550813' })
    expect(chosen.locationId).toBe(velvetId)
    const mismatch = await callAs(t, asha, 'POST', '/support/createSupportRequest', { name: 'Asha', topic: 'Problem with an order', message: 'x', orderId: order!.id, locationId: velvetId })
    expect([mismatch.status, mismatch.body.code]).toEqual([400, 'location_mismatch'])
    const unknown = await callAs(t, undefined, 'POST', '/support/createSupportRequest', { name: 'A', phone: '+14155550814', topic: 'Problem with an order', message: 'x', locationId: '00000000-0000-4000-8000-000000000000' })
    expect([unknown.status, unknown.body.code]).toEqual([404, 'not_found'])
    const guestWithoutContact = await callAs(t, undefined, 'POST', '/support/createSupportRequest', { name: 'A', topic: 'Problem with an order', message: 'x', locationId: empireId })
    expect([guestWithoutContact.status, guestWithoutContact.body.code]).toEqual([400, 'contact_required'])

    const inbox = await callAs(t, undefined, 'GET', `/staff/${empireId}/support-requests`, undefined, empireStaff())
    const items = inbox.body as SupportInboxItem[]
    expect(items.map((item) => item.id)).toContain(byOrder.id)
    expect(items.map((item) => item.id)).not.toContain(chosen.id)
    // A signed-in diner's request with no phone on the form is answered on their own number.
    expect(items.find((item) => item.id === byOrder.id)).toMatchObject({ orderId: order!.id, orderNumber: '#12', status: 'Open', name: 'Asha Rao', phone: '+14155550811' })
    const other = await callAs(t, undefined, 'GET', `/staff/${empireId}/support-requests/${chosen.id}`, undefined, empireStaff())
    expect([other.status, other.body.code]).toEqual([404, 'not_found'])
  })

  it('a reply is texted to the request’s phone, recorded in the thread, makes it Answered, and the diner sees it', async () => {
    const request = await supportRequest({ phone: undefined }, asha)
    const reply = await replyTo(request.id, 'Sorry about that: your next fries are on us.')
    expect(reply.status, reply.text).toBe(201)
    const detail = reply.body as SupportRequestDetail
    expect(detail).toMatchObject({ status: 'Answered', replyCount: 1 })
    expect(detail.replies).toEqual([expect.objectContaining({ body: 'Sorry about that: your next fries are on us.', phone: '+14155550811' })])
    const texts = await t.db.select().from(smsMessages).where(eq(smsMessages.phone, '+14155550811'))
    expect(texts.at(-1)!.body).toMatch(/^Tablefront: Empire Burger\b.* about your request TF-\w{6}: Sorry about that: your next fries are on us\.$/)
    expect(texts.at(-1)!.body).toContain(request.reference)

    const mine = await callAs(t, asha, 'GET', '/support/requests')
    const seen = (mine.body as SupportRequestSummary[]).find((item) => item.reference === request.reference)
    expect(seen).toMatchObject({ status: 'Answered', replies: [expect.objectContaining({ body: 'Sorry about that: your next fries are on us.' })] })

    const listedAnswered = await callAs(t, undefined, 'GET', `/staff/${empireId}/support-requests?status=Answered`, undefined, empireStaff())
    expect((listedAnswered.body as SupportInboxItem[]).every((item) => item.status === 'Answered')).toBe(true)
    expect((listedAnswered.body as SupportInboxItem[]).map((item) => item.id)).toContain(request.id)
  })

  it('an email-only request cannot be texted: 409 no_phone, nothing recorded or sent', async () => {
    const request = await supportRequest({ phone: undefined, email: 'only@example.com' })
    const before = (await t.db.select().from(smsMessages)).length
    const refused = await replyTo(request.id, 'Hello')
    expect([refused.status, refused.body.code]).toEqual([409, 'no_phone'])
    expect(refused.body.message).toContain('only@example.com')
    expect((await t.db.select().from(smsMessages)).length).toBe(before)
    expect(await t.db.select().from(supportReplies).where(eq(supportReplies.requestId, request.id))).toEqual([])
    expect((await t.db.select().from(supportRequests).where(eq(supportRequests.id, request.id)))[0]!.status).toBe('Open')
  })

  it('refuses an empty or too long reply, another location’s staff, and a reply to a closed request; closing twice is harmless', async () => {
    const request = await supportRequest({ phone: '+14155550815' })
    expect((await replyTo(request.id, '   ')).body.code).toBe('invalid_request')
    expect((await replyTo(request.id, 'x'.repeat(MAX_SUPPORT_REPLY + 1))).body.code).toBe('invalid_request')
    expect((await replyTo(request.id, 'x'.repeat(MAX_SUPPORT_REPLY))).status).toBe(201)
    const foreign = await replyTo(request.id, 'Hi', staffOf('velvet-hour'))
    expect([foreign.status, foreign.body.code]).toEqual([403, 'forbidden'])
    const underOwn = await replyTo(request.id, 'Hi', staffOf('velvet-hour'), velvetId)
    expect([underOwn.status, underOwn.body.code]).toEqual([404, 'not_found'])

    const closed = await callAs(t, undefined, 'PUT', `/staff/${empireId}/support-requests/${request.id}/close`, undefined, empireStaff())
    expect(closed.body).toMatchObject({ status: 'Closed' })
    expect((await callAs(t, undefined, 'PUT', `/staff/${empireId}/support-requests/${request.id}/close`, undefined, empireStaff())).body).toMatchObject({ status: 'Closed' })
    const late = await replyTo(request.id, 'One more thing')
    expect([late.status, late.body.code]).toEqual([409, 'support_request_closed'])
    const [row] = await t.db.select().from(supportRequests).where(eq(supportRequests.id, request.id))
    expect(row).toMatchObject({ status: 'Closed', closedBy: empireStaffId })
  })

  it(`allows ${SUPPORT_REPLIES_PER_HOUR} replies to a request an hour at the injected clock, then 429 rate_limited until the oldest is an hour old`, async () => {
    const request = await supportRequest({ phone: '+14155550816' })
    // In the past, so these replies never look like the newest change of the location to the next test.
    const start = new Date('2020-03-01T12:00:00Z')
    const sms = sandboxSmsProvider(t.db)
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000)
    for (let index = 0; index < SUPPORT_REPLIES_PER_HOUR; index++) {
      await replyToSupportRequest(t.db, sms, { staffId: empireStaffId, locationId: empireId, requestId: request.id, message: `Reply ${index}`, now: at(index) })
    }
    const refused = replyToSupportRequest(t.db, sms, { staffId: empireStaffId, locationId: empireId, requestId: request.id, message: 'Too many', now: at(30) })
    await expect(refused).rejects.toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 30 * 60 })
    const later = await replyToSupportRequest(t.db, sms, { staffId: empireStaffId, locationId: empireId, requestId: request.id, message: 'An hour on', now: at(60) })
    expect(later.replies.map((reply) => reply.body)).toEqual(['Reply 0', 'Reply 1', 'Reply 2', 'Reply 3', 'Reply 4', 'An hour on'])
  })

  it('the thread is append-only: the database refuses to change or remove a reply', async () => {
    const request = await supportRequest({ phone: '+14155550817' })
    await replyTo(request.id, 'Kept as sent')
    await expect(t.db.update(supportReplies).set({ body: 'Rewritten' }).where(eq(supportReplies.requestId, request.id))).rejects.toThrow()
    await expect(t.db.delete(supportReplies).where(eq(supportReplies.requestId, request.id))).rejects.toThrow()
    const [row] = await t.db.select().from(supportReplies).where(eq(supportReplies.requestId, request.id))
    expect(row!.body).toBe('Kept as sent')
  })

  it('the floor board counts open requests and moves its support clock on a new request and a reply', async () => {
    const before = await floorBoard(t.db, empireId, new Date())
    const request = await supportRequest({ phone: '+14155550818' })
    const after = await floorBoard(t.db, empireId, new Date())
    expect(after.supportOpen).toBe(before.supportOpen + 1)
    expect(after.supportChangedAt).toBe(request.createdAt.toISOString())
    await replyTo(request.id, 'Answered')
    const answered = await floorBoard(t.db, empireId, new Date())
    expect(answered.supportOpen).toBe(before.supportOpen)
    expect(Date.parse(answered.supportChangedAt!)).toBeGreaterThanOrEqual(Date.parse(after.supportChangedAt!))
  })
})
