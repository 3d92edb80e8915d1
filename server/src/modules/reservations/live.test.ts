import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reservationEvent, type Reservation, type ReservationEvent } from '@/shared/api/contracts/reservations'
import { decryptPayload, encryptPayload } from '@/shared/lib/crypto/payload'
import { diningTables, locations, reservations, staffMembers, tableHolds } from '../../db/schema'
import { STAFF_ROLES } from '@/shared/api/contracts/staff-roles'
import { demoStaffEmail } from '../../db/seed'
import { staffHeaders } from '../../test/staff-auth'
import { createQueueHub } from './queue-hub'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestCustomer, type TestCustomer } from '../../test/signed-in-client'
import { runHostTick } from './host'
import { sseEvents } from '../../test/sse'

let t: TestApp
let alice: TestCustomer
let bob: TestCustomer
let empire: typeof locations.$inferSelect
let soma: typeof locations.$inferSelect
const ALICE_PHONE = '+14155550201'
const BOB_PHONE = '+14155550202'

const checkIn = (who: TestCustomer, mobile: string, guestCount = 2) =>
  callAs(t, who, 'POST', `/customer/reservations?${new URLSearchParams({ locationId: empire.id, fullName: 'Diner', mobile, guestCount: String(guestCount) })}`)

const cancel = (who: TestCustomer, reservation: Reservation) =>
  callAs(t, who, 'PUT', '/customer/cancel-table?user=customer', { locationId: reservation.locationId, reservationId: reservation.reservationId, cancelReason: 'Leaving' })

async function asStaff(method: 'POST' | 'PUT', path: string, token: string | undefined, payload: unknown) {
  const response = await t.app.request(`/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ data: encryptPayload(payload, t.env.PAYLOAD_KEY) }),
  })
  const text = await response.text()
  return { status: response.status, body: text.startsWith('U2FsdGVkX1') ? (decryptPayload(text, t.env.PAYLOAD_KEY) as Reservation) : JSON.parse(text) }
}


beforeAll(async () => {
  t = await createTestApp()
  alice = await createTestCustomer(t, 'Alice', ALICE_PHONE)
  bob = await createTestCustomer(t, 'Bob', BOB_PHONE)
  empire = (await t.db.select().from(locations).where(eq(locations.locationSlug, 'empire-burger')))[0]!
  soma = (await t.db.select().from(locations).where(eq(locations.locationSlug, 'olive-tree-soma')))[0]!
})
afterAll(() => t.close())

describe('GET /customer/reservations/{reservationId}/events', () => {
  it('pushes the new queue position when a check-in ahead cancels, and ends when the party leaves the queue', async () => {
    const first = (await checkIn(alice, ALICE_PHONE)).body as Reservation
    const second = (await checkIn(bob, BOB_PHONE)).body as Reservation
    expect(second.queuePosition).toBe(2)
    expect((await t.app.request(`/api/customer/reservations/${second.reservationId}/events`, { headers: { Authorization: `Bearer ${alice.token}` } })).status).toBe(404)

    const response = await t.app.request(`/api/customer/reservations/${second.reservationId}/events`, { headers: { Authorization: `Bearer ${bob.token}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const events = sseEvents<ReservationEvent>(response, 'reservation')
    expect((await events.next())?.reservation).toMatchObject({ reservationId: second.reservationId, queuePosition: 2 })

    expect((await cancel(alice, first)).status).toBe(200)
    expect((await events.next())?.reservation).toMatchObject({ queuePosition: 1, status: 'Active' })

    expect((await cancel(bob, second)).status).toBe(200)
    expect((await events.next())?.reservation).toMatchObject({ status: 'Cancelled', queuePosition: null })
    expect(await events.next()).toBeNull()
  })

  it('is in the endpoint map as text/event-stream whose data is a ReservationEvent, and every event it sends parses as one', async () => {
    type Operation = { responses: Record<string, { content: Record<string, { schema: unknown }> }> }
    const document = (await t.get('/openapi.json')).body as { paths: Record<string, { get: Operation }> }
    const stream = document.paths['/customer/reservations/{reservationId}/events']!.get
    expect(stream.responses['200']!.content).toEqual({ 'text/event-stream': { schema: { $ref: '#/components/schemas/ReservationEvent' } } })

    const mine = (await checkIn(alice, ALICE_PHONE)).body as Reservation
    const response = await t.app.request(`/api/customer/reservations/${mine.reservationId}/events`, { headers: { Authorization: `Bearer ${alice.token}` } })
    const events = sseEvents<unknown>(response, 'reservation')
    expect(reservationEvent.safeParse(await events.next()).success).toBe(true)
    expect((await cancel(alice, mine)).status).toBe(200)
    expect(reservationEvent.parse(await events.next()).reservation.status).toBe('Cancelled')
    expect(await events.next()).toBeNull()
  })
})

describe('the queue hub', () => {
  it('shares one LISTEN between streams and ends it with the last one', async () => {
    let listens = 0
    let unlistens = 0
    let deliver: (payload: string) => void = () => {}
    const hub = createQueueHub(async (_channel, onNotify) => {
      listens += 1
      deliver = onNotify
      return async () => {
        unlistens += 1
      }
    }, console)
    const woken: string[] = []
    const stopA = await hub.subscribe('loc-a', () => woken.push('a'))
    const stopB = await hub.subscribe('loc-b', () => woken.push('b'))
    deliver(JSON.stringify({ locationId: 'loc-a' }))
    deliver('not json')
    expect(woken).toEqual(['a'])
    expect(listens).toBe(1)
    await stopA()
    await stopA()
    expect(unlistens).toBe(0)
    await stopB()
    expect([hub.size(), unlistens]).toEqual([0, 1])
  })
})

describe('staff calls', () => {
  let token: string
  const tokenOf = async (slug: string, role: 'host' | 'kitchen' | 'manager' = 'host') => (await staffHeaders(t, slug, role)).Authorization.slice('Bearer '.length)
  beforeAll(async () => {
    token = await tokenOf('empire-burger')
  })

  it('has one demo member of each role per location, at their predictable email', async () => {
    const staff = await t.db.select().from(staffMembers)
    const all = await t.db.select().from(locations)
    expect(staff).toHaveLength(all.length * STAFF_ROLES.length)
    for (const location of all) {
      for (const role of STAFF_ROLES) {
        expect(staff.find((member) => member.email === demoStaffEmail(location.locationSlug, role))).toMatchObject({ locationId: location.id, role, removedAt: null })
      }
    }
  })

  it('refuses without a staff token of that location, and a role other than host or manager', async () => {
    const party = { fullName: 'Walk In', mobile: '+14155550301', guestCount: 2, staffId: null }
    expect((await asStaff('POST', `/merchants/${empire.id}/reservations`, undefined, party)).body).toMatchObject({ code: 'unauthenticated' })
    expect((await asStaff('POST', `/merchants/${empire.id}/reservations`, 'tf_staff_demo_empire-burger', party)).body).toMatchObject({ code: 'unauthenticated' })
    expect((await asStaff('POST', `/merchants/${empire.id}/reservations`, await tokenOf('olive-tree-soma'), party)).body).toMatchObject({ code: 'forbidden' })
    expect((await asStaff('POST', `/merchants/${empire.id}/reservations`, await tokenOf('empire-burger', 'kitchen'), party)).body).toMatchObject({ code: 'role_not_allowed' })
  })

  it('adds a walk-in to the waitlist, seats it at a free table and completes it', async () => {
    const created = await asStaff('POST', `/merchants/${empire.id}/reservations`, token, { fullName: 'Walk In', mobile: '+14155550302', guestCount: 4, kidzSize: 1, staffId: null })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ kind: 'CHECKIN', channel: 'STAFF', status: 'Active', guestCount: 4, queuePosition: 1 })
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, created.body.reservationId))
    expect(row!.staffId).not.toBeNull()

    const seated = await asStaff('PUT', `/merchants/${empire.id}/reservations/${created.body.reservationId}/status`, token, { status: 'Seated' })
    expect(seated.status).toBe(200)
    expect(seated.body).toMatchObject({ status: 'Seated', checkedIn: true })
    expect(seated.body.tableName).toMatch(/^T\d+$/)
    expect((await t.db.select().from(tableHolds).where(eq(tableHolds.reservationId, created.body.reservationId))).length).toBeGreaterThan(0)

    expect((await asStaff('PUT', `/merchants/${empire.id}/reservations/${created.body.reservationId}/status`, token, { status: 'Seated' })).status).toBe(409)
    const done = await asStaff('PUT', `/merchants/${empire.id}/reservations/${created.body.reservationId}/status`, token, { status: 'Completed' })
    expect(done.body).toMatchObject({ status: 'Completed', checkedIn: false })
  })

  it('books a reservation for a phone caller', async () => {
    const date = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-CA', { timeZone: empire.timeZoneCd })
    const booked = await asStaff('POST', `/merchants/${empire.id}/reservations`, token, { fullName: 'Phone Caller', mobile: '+14155550303', guestCount: 6, reservationDate: date, reservationSlot: '20:00' })
    expect(booked.status).toBe(201)
    expect(booked.body).toMatchObject({ kind: 'RESERVATION', channel: 'STAFF', reservationSlot: '20:00' })
  })
})

describe('the sandbox host', () => {
  it('calls a check-in after it has waited, seats it at a free table and completes it after its scaled dining time', async () => {
    const now = new Date()
    const [waited] = await t.db
      .insert(reservations)
      .values({ locationId: soma.id, kind: 'CHECKIN', fullName: 'Waited', phone: '+14155550401', adults: 2, createdAt: new Date(now.getTime() - 11_000) })
      .returning()
    const [fresh] = await t.db
      .insert(reservations)
      .values({ locationId: soma.id, kind: 'CHECKIN', fullName: 'Just came', phone: '+14155550402', adults: 2, createdAt: now })
      .returning()
    const moves = await runHostTick(t.db, now, { stepSeconds: 1 })
    expect(moves).toContainEqual({ reservationId: waited!.id, to: 'Seated' })
    expect(moves.some((move) => move.reservationId === fresh!.id)).toBe(false)
    const [seated] = await t.db.select().from(reservations).where(eq(reservations.id, waited!.id))
    expect(seated).toMatchObject({ status: 'Seated' })
    const [table] = await t.db.select().from(diningTables).where(eq(diningTables.id, seated!.tableId!))
    expect(table!.capacity).toBe(2)

    // A party of 2 dines 75 minutes: 75 s at a step of 1 s.
    expect((await runHostTick(t.db, new Date(now.getTime() + 70_000), { stepSeconds: 1 })).some((move) => move.reservationId === waited!.id)).toBe(false)
    expect(await runHostTick(t.db, new Date(now.getTime() + 76_000), { stepSeconds: 1 })).toContainEqual({ reservationId: waited!.id, to: 'Completed' })
    const [completed] = await t.db.select().from(reservations).where(and(eq(reservations.id, waited!.id), eq(reservations.status, 'Completed')))
    expect(completed?.completedAt).toBeTruthy()
  })
})
