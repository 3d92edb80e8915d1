import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HostBoard, HostEvent, HostParty, TableSuggestions } from '@/shared/api/contracts/host-stand'
import { addDays, localInstant } from '@/shared/lib/hours'
import { diningTables, locations, reservations, smsMessages, tableHolds } from '../../db/schema'
import { databaseErrorOf } from '../../lib/errors'
import { createTestApp, type TestApp } from '../../test/harness'
import { sseEvents } from '../../test/sse'
import { staffHeaders } from '../../test/staff-auth'
import { runHostTick } from '../reservations/host'

/*
 * The host stand (docs/host-stand.md) over HTTP with the app's clock injected: every test runs on
 * its own day at Empire Burger (open all day, New York), so holds and timelines never meet.
 */

let t: TestApp
let now = new Date('2030-06-12T14:00:00Z')
type Location = typeof locations.$inferSelect
let empire: Location
let soma: Location
const MINUTE = 60_000

/** Signed-in demo staff, by "slug role" (server/src/test/staff-auth.ts). */
const signedIn = new Map<string, { Authorization: string }>()
const staff = (slug = 'empire-burger', role: 'host' | 'manager' | 'kitchen' | 'server' = 'host') => ({ ...signedIn.get(`${slug} ${role}`)!, 'Content-Type': 'application/json' })

async function send<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = staff()) {
  const response = await t.app.request(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as T & { code?: string; message?: string } }
}

/** Sets the clock to `hhmm` New York time on the test's day. */
const at = (day: string, hhmm: string) => (now = localInstant(day, hhmm, empire.timeZoneCd)!)
/** A day of its own for each test, far from any other's. */
let dayCount = 0
const newDay = () => addDays('2030-06-12', (dayCount += 3))

const tableId = async (location: Location, name: string) =>
  (await t.db.select().from(diningTables).where(eq(diningTables.locationId, location.id))).find((table) => table.name === name)!.id

const host = (path = '', location = empire) => `/staff/${location.id}/host${path}`
const walkIn = (body: Record<string, unknown>, location = empire) => send<HostParty>('POST', host('/walk-ins', location), body, staff(location.locationSlug))
const phoneBooking = (body: Record<string, unknown>) => send<HostParty>('POST', host('/reservations'), body)
const act = (party: { reservationId: string }, action: 'seat' | 'complete' | 'no-show' | 'cancel', body?: unknown) =>
  send<HostParty>('POST', host(`/parties/${party.reservationId}/${action}`), body ?? (action === 'seat' ? {} : undefined))
const board = async () => (await send<HostBoard>('GET', host())).body

let phones = 0
const nextPhone = () => `+1646555${String(1000 + (phones += 1)).padStart(4, '0')}`

beforeAll(async () => {
  t = await createTestApp({ now: () => now })
  const rows = await t.db.select().from(locations)
  empire = rows.find((row) => row.locationSlug === 'empire-burger')!
  soma = rows.find((row) => row.locationSlug === 'olive-tree-soma')!
  for (const [slug, role] of [['empire-burger', 'host'], ['empire-burger', 'manager'], ['empire-burger', 'kitchen'], ['olive-tree-soma', 'host']] as const) {
    signedIn.set(`${slug} ${role}`, await staffHeaders(t, slug, role))
  }
})
afterAll(() => t.close())

describe('the timeline', () => {
  it("lists today's check-ins and reservations in one list by time, with party size, quoted and actual wait, status, table and notes; tomorrow's stays off", async () => {
    const day = newDay()
    at(day, '09:00')
    const late = (await phoneBooking({ fullName: 'Rita Early', mobile: nextPhone(), guestCount: 4, reservationDate: day, reservationSlot: '12:30', notes: 'Birthday' })).body
    const afternoon = (await phoneBooking({ fullName: 'Ravi Later', mobile: nextPhone(), guestCount: 2, reservationDate: day, reservationSlot: '14:00' })).body
    const tomorrow = (await phoneBooking({ fullName: 'Tom Tomorrow', mobile: nextPhone(), guestCount: 2, reservationDate: addDays(day, 1), reservationSlot: '12:00' })).body
    at(day, '12:00')
    const wendy = (await walkIn({ fullName: 'Wendy Walker', mobile: nextPhone(), guestCount: 2, notes: 'High chair later' })).body
    at(day, '12:10')
    const carl = (await walkIn({ fullName: 'Carl Counter', mobile: nextPhone(), guestCount: 3 })).body
    at(day, '12:25')
    expect((await act(wendy, 'seat')).status).toBe(200)
    at(day, '12:40')

    const today = await board()
    expect(today).toMatchObject({ locationId: empire.id, date: day, timeZone: empire.timeZoneCd, now: now.toISOString() })
    const mine = today.parties.filter((party) => [late, afternoon, tomorrow, wendy, carl].some((row) => row.reservationId === party.reservationId))
    expect(mine.map((party) => party.fullName)).toEqual(['Wendy Walker', 'Carl Counter', 'Rita Early', 'Ravi Later'])
    const [w, c, r, v] = mine
    expect(w).toMatchObject({ kind: 'CHECKIN', status: 'Seated', guestCount: 2, waitedMinutes: 25, notes: 'High chair later', channel: 'STAFF', tableName: 'T7' })
    expect(w!.quotedWaitMinutes).toBe(0)
    expect(c).toMatchObject({ kind: 'CHECKIN', status: 'Active', guestCount: 3, waitedMinutes: 30, queuePosition: 1, tableName: null })
    expect(c!.quotedWaitMinutes).toEqual(expect.any(Number))
    expect(r).toMatchObject({ kind: 'RESERVATION', status: 'Active', reservationSlot: '12:30', late: true, guestCount: 4, notes: 'Birthday', waitedMinutes: null })
    expect(r!.tableName).toMatch(/^T\d+$/)
    expect(v).toMatchObject({ reservationSlot: '14:00', late: false })
    expect(mine.map((party) => party.time)).toEqual([...mine.map((party) => party.time)].sort())
    await act(wendy, 'complete')
    await act(carl, 'cancel', { reason: 'guest_request' })
  })
})

describe('seating', () => {
  it('suggests the smallest free table that fits first, then the party’s section, and seats at the table the host chose', async () => {
    const day = newDay()
    at(day, '15:00')
    const booths = (await board()).sections.find((section) => section.name === 'Booths')!
    const four = (await walkIn({ fullName: 'Four Tops', mobile: nextPhone(), guestCount: 4, sectionId: booths.id })).body
    const suggested = (await send<TableSuggestions>('GET', host(`/parties/${four.reservationId}/tables`))).body
    expect(suggested.guestCount).toBe(4)
    // Four-tops first (T1–T4, the Booths), then the six-tops, then the eights; no two-top.
    expect(suggested.tables.map((table) => table.capacity)).toEqual([4, 4, 4, 4, 6, 6, 8, 8])
    expect(suggested.tables[0]).toMatchObject({ name: 'T1', sectionName: 'Booths', reservedAt: null })

    const pair = (await walkIn({ fullName: 'Two at the Counter', mobile: nextPhone(), guestCount: 2 })).body
    const forPair = (await send<TableSuggestions>('GET', host(`/parties/${pair.reservationId}/tables`))).body
    expect(forPair.tables.slice(0, 4).map((table) => [table.name, table.capacity])).toEqual([
      ['T7', 2],
      ['T8', 2],
      ['T9', 2],
      ['T10', 2],
    ])

    // Among tables of one size, the party's section first: Olive Tree SoMa's Patio two-tops before the Main hall's.
    const somaBoard = (await send<HostBoard>('GET', host('', soma), undefined, staff(soma.locationSlug))).body
    const patio = somaBoard.sections.find((section) => section.name === 'Patio')!
    const outside = (await walkIn({ fullName: 'Fresh Air', mobile: nextPhone(), guestCount: 2, sectionId: patio.id }, soma)).body
    const forPatio = (await send<TableSuggestions>('GET', host(`/parties/${outside.reservationId}/tables`, soma), undefined, staff(soma.locationSlug))).body
    expect(forPatio.tables.map((table) => `${table.name} ${table.sectionName} ${table.capacity}`).slice(0, 6)).toEqual([
      'T9 Patio 2',
      'T10 Patio 2',
      'T1 Main hall 2',
      'T2 Main hall 2',
      'T11 Patio 4',
      'T12 Patio 4',
    ])

    const seated = await act(four, 'seat', { tableId: await tableId(empire, 'T5') })
    expect(seated.status).toBe(200)
    expect(seated.body).toMatchObject({ status: 'Seated', tableName: 'T5', seatedAt: now.toISOString(), waitedMinutes: 0 })
    const holds = await t.db.select().from(tableHolds).where(eq(tableHolds.reservationId, four.reservationId))
    expect(holds.length).toBe(6) // 90 minutes for four, in 15-minute blocks
    // Without a choice the best free table: the smallest that fits.
    expect((await act(pair, 'seat')).body).toMatchObject({ status: 'Seated', tableName: 'T7' })
    for (const party of [four, pair]) expect((await act(party, 'complete')).status).toBe(200)
  })

  it('refuses a table that is occupied (table_occupied), too small (table_too_small), held for a reservation due now (table_held) or not the restaurant’s (table_not_found)', async () => {
    const day = newDay()
    at(day, '10:00')
    const booked = (await phoneBooking({ fullName: 'Due Now', mobile: nextPhone(), guestCount: 4, reservationDate: day, reservationSlot: '11:30' })).body
    at(day, '11:35')
    const sitting = (await walkIn({ fullName: 'Sitting Down', mobile: nextPhone(), guestCount: 2 })).body
    const t7 = await tableId(empire, 'T7')
    expect((await act(sitting, 'seat', { tableId: t7 })).status).toBe(200)
    const next = (await walkIn({ fullName: 'Next Party', mobile: nextPhone(), guestCount: 2 })).body

    const occupied = await act(next, 'seat', { tableId: t7 })
    expect(occupied).toMatchObject({ status: 409, body: { code: 'table_occupied', message: 'T7 is taken: Sitting Down, party of 2, sits there.' } })
    const big = (await walkIn({ fullName: 'Big Group', mobile: nextPhone(), guestCount: 6 })).body
    expect(await act(big, 'seat', { tableId: await tableId(empire, 'T1') })).toMatchObject({ status: 409, body: { code: 'table_too_small' } })
    expect(await act(next, 'seat', { tableId: booked.tableId })).toMatchObject({ status: 409, body: { code: 'table_held' } })
    expect(await act(next, 'seat', { tableId: await tableId(soma, 'T1') })).toMatchObject({ status: 404, body: { code: 'table_not_found' } })
    // Nothing changed for the refused party.
    expect((await board()).parties.find((party) => party.reservationId === next.reservationId)).toMatchObject({ status: 'Active', tableId: null })
    // The reservation itself sits at its own table.
    expect((await act(booked, 'seat')).body).toMatchObject({ status: 'Seated', tableId: booked.tableId })
    for (const party of [sitting, booked]) await act(party, 'complete')
    for (const party of [next, big]) await act(party, 'cancel', { reason: 'guest_request' })
  })

  it('two seatings of one table at once: exactly one wins, the other is told table_occupied', async () => {
    const day = newDay()
    at(day, '13:00')
    const a = (await walkIn({ fullName: 'Racer A', mobile: nextPhone(), guestCount: 2 })).body
    const b = (await walkIn({ fullName: 'Racer B', mobile: nextPhone(), guestCount: 2 })).body
    const t8 = await tableId(empire, 'T8')
    const answers = await Promise.all([act(a, 'seat', { tableId: t8 }), act(b, 'seat', { tableId: t8 })])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('table_occupied')
    const seatedThere = await t.db.select().from(reservations).where(eq(reservations.tableId, t8))
    expect(seatedThere.filter((row) => row.status === 'Seated')).toHaveLength(1)
    for (const party of [a, b]) {
      if (answers.some((answer) => answer.body.reservationId === party.reservationId)) await act(party, 'complete')
      else await act(party, 'cancel', { reason: 'no_table' })
    }
  })

  it('the database itself refuses a second seated party at a table (reservations_seated_table_uq)', async () => {
    const day = newDay()
    at(day, '13:00')
    const a = (await walkIn({ fullName: 'First', mobile: nextPhone(), guestCount: 2 })).body
    const b = (await walkIn({ fullName: 'Second', mobile: nextPhone(), guestCount: 2 })).body
    const t9 = await tableId(empire, 'T9')
    await t.db.update(reservations).set({ status: 'Seated', tableId: t9, seatedAt: now }).where(eq(reservations.id, a.reservationId))
    const second = await t.db
      .update(reservations)
      .set({ status: 'Seated', tableId: t9, seatedAt: now })
      .where(eq(reservations.id, b.reservationId))
      .then(
        () => null,
        (error: unknown) => databaseErrorOf(error),
      )
    expect(second?.code).toBe('23505')
    await act(a, 'complete')
    await act(b, 'cancel', { reason: 'duplicate' })
  })
})

describe('complete, no-show and cancel', () => {
  it('complete frees the table; complete and no-show refuse the wrong status (status_not_allowed); a reservation is no no-show before its time (not_due_yet)', async () => {
    const day = newDay()
    at(day, '10:00')
    const booked = (await phoneBooking({ fullName: 'Not Yet', mobile: nextPhone(), guestCount: 2, reservationDate: day, reservationSlot: '12:00' })).body
    const party = (await walkIn({ fullName: 'Diner Done', mobile: nextPhone(), guestCount: 2 })).body
    expect(await act(party, 'complete')).toMatchObject({ status: 409, body: { code: 'status_not_allowed' } })
    const seated = (await act(party, 'seat')).body
    const table = seated.tableId!
    expect((await board()).sections.flatMap((section) => section.tables).find((tile) => tile.tableId === table)!.state).toBe('seated')
    at(day, '11:00')
    expect(await act(party, 'no-show')).toMatchObject({ status: 409, body: { code: 'status_not_allowed' } })
    expect((await act(party, 'complete')).body).toMatchObject({ status: 'Completed', completedAt: now.toISOString() })
    expect((await board()).sections.flatMap((section) => section.tables).find((tile) => tile.tableId === table)).toMatchObject({ state: 'free', occupant: null })
    expect(await act(party, 'complete')).toMatchObject({ status: 409, body: { code: 'status_not_allowed' } })

    expect(await act(booked, 'no-show')).toMatchObject({ status: 409, body: { code: 'not_due_yet' } })
    at(day, '12:20')
    expect((await act(booked, 'no-show')).body).toMatchObject({ status: 'NoShow' })
    expect(await t.db.select().from(tableHolds).where(eq(tableHolds.reservationId, booked.reservationId))).toEqual([])
    expect(await act(booked, 'seat')).toMatchObject({ status: 409, body: { code: 'status_not_allowed' } })
  })

  it('cancel records the reason from the list and the note, texts the diner, frees the table; refuses a party no longer waiting (not_active) and Other without a note', async () => {
    const day = newDay()
    at(day, '10:00')
    const mobile = nextPhone()
    const booked = (await phoneBooking({ fullName: 'Cancel Me', mobile, guestCount: 2, reservationDate: day, reservationSlot: '20:00' })).body
    expect(await act(booked, 'cancel', { reason: 'other' })).toMatchObject({ status: 400, body: { code: 'invalid_request' } })
    expect(await act(booked, 'cancel', { reason: 'whatever' })).toMatchObject({ status: 400, body: { code: 'invalid_request' } })
    const cancelled = await act(booked, 'cancel', { reason: 'restaurant_closing', note: 'Private event tonight' })
    expect(cancelled.body).toMatchObject({ status: 'Cancelled', cancelCode: 'restaurant_closing', cancelReason: 'Private event tonight' })
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, booked.reservationId))
    expect(row).toMatchObject({ cancelCode: 'restaurant_closing', cancelReason: 'Private event tonight', cancelledAt: now })
    expect(await t.db.select().from(tableHolds).where(eq(tableHolds.reservationId, booked.reservationId))).toEqual([])
    const texts = await t.db.select().from(smsMessages).where(eq(smsMessages.phone, mobile))
    expect(texts.map((text) => text.body)).toContainEqual(expect.stringContaining('is cancelled'))
    expect(await act(booked, 'cancel', { reason: 'guest_request' })).toMatchObject({ status: 409, body: { code: 'not_active' } })

    const walk = (await walkIn({ fullName: 'Left Early', mobile: nextPhone(), guestCount: 2 })).body
    expect((await act(walk, 'cancel', { reason: 'guest_request' })).body).toMatchObject({ cancelCode: 'guest_request', cancelReason: 'The guest asked to cancel' })
  })
})

describe('walk-ins and phone reservations', () => {
  it('a walk-in joins the waitlist with a quoted wait and a text, or is seated at once without a phone and without a text', async () => {
    const day = newDay()
    at(day, '18:00')
    const mobile = nextPhone()
    const waiting = await walkIn({ fullName: 'Queue Person', mobile, guestCount: 2 })
    expect(waiting.status).toBe(201)
    expect(waiting.body).toMatchObject({ kind: 'CHECKIN', status: 'Active', channel: 'STAFF', queuePosition: expect.any(Number), quotedWaitMinutes: expect.any(Number) })
    expect((await t.db.select().from(smsMessages).where(eq(smsMessages.phone, mobile))).map((text) => text.body)).toContainEqual(expect.stringContaining("You're on the waitlist"))

    const before = (await t.db.select().from(smsMessages)).length
    const now8 = await walkIn({ guestCount: 8, seatNow: true })
    expect(now8.status).toBe(201)
    expect(now8.body).toMatchObject({ status: 'Seated', fullName: 'Walk-in', phone: '', guestCount: 8, tableName: 'T11', quotedWaitMinutes: null })
    expect((await t.db.select().from(smsMessages)).length).toBe(before)
    // A second phoneless walk-in seated at once is not "the same phone".
    expect((await walkIn({ guestCount: 8, seatNow: true })).body).toMatchObject({ status: 'Seated', tableName: 'T12' })
    // No eight-top left: refused, and nobody is left on the waitlist for it.
    const none = await walkIn({ fullName: 'Too Many', guestCount: 8, seatNow: true })
    expect(none).toMatchObject({ status: 409, body: { code: 'no_free_table' } })
    expect((await board()).parties.some((party) => party.fullName === 'Too Many')).toBe(false)

    expect(await walkIn({ fullName: 'No Phone', guestCount: 2 })).toMatchObject({ status: 400, body: { code: 'invalid_request' } })
    expect(await walkIn({ fullName: 'Kids Only', mobile: nextPhone(), guestCount: 2, kidzSize: 2 })).toMatchObject({ status: 400, body: { code: 'invalid_request' } })
    expect(await walkIn({ fullName: 'Twice', mobile, guestCount: 2 })).toMatchObject({ status: 400, body: { code: 'checkin_exists' } })
    for (const party of (await board()).parties.filter((row) => row.status === 'Seated')) await act(party, 'complete')
    await act(waiting.body, 'cancel', { reason: 'guest_request' })
  })

  it('a phone reservation is the staff booking: booked, held, texted; refused for a slot not offered or taken', async () => {
    const day = newDay()
    at(day, '10:00')
    const mobile = nextPhone()
    const booked = await phoneBooking({ fullName: 'Phone Caller', mobile, guestCount: 6, reservationDate: addDays(day, 2), reservationSlot: '19:30', notes: 'Window' })
    expect(booked.status).toBe(201)
    expect(booked.body).toMatchObject({ kind: 'RESERVATION', status: 'Active', channel: 'STAFF', reservationSlot: '19:30', guestCount: 6, notes: 'Window' })
    expect(booked.body.tableName).toMatch(/^T[56]$/)
    expect((await t.db.select().from(smsMessages).where(eq(smsMessages.phone, mobile))).map((text) => text.body)).toContainEqual(expect.stringContaining('is booked for'))
    expect(await phoneBooking({ fullName: 'Odd Time', mobile: nextPhone(), guestCount: 2, reservationDate: addDays(day, 2), reservationSlot: '19:10' })).toMatchObject({
      status: 400,
      body: { code: 'slot_unavailable' },
    })
    expect(await phoneBooking({ fullName: 'Too Soon', mobile: nextPhone(), guestCount: 2, reservationDate: day, reservationSlot: '10:30' })).toMatchObject({ status: 400, body: { code: 'slot_too_soon' } })
    expect(await phoneBooking({ fullName: 'No Mobile', guestCount: 2, reservationDate: day, reservationSlot: '19:30' })).toMatchObject({ status: 400, body: { code: 'invalid_request' } })
  })
})

describe('the table map', () => {
  it('shows every table by section with capacity and state: who sits there since when, who it is held for', async () => {
    const day = newDay()
    at(day, '10:00')
    const booked = (await phoneBooking({ fullName: 'Held Soon', mobile: nextPhone(), guestCount: 4, reservationDate: day, reservationSlot: '11:30' })).body
    at(day, '11:10')
    const party = (await walkIn({ fullName: 'Sat Down', mobile: nextPhone(), guestCount: 6, seatNow: true })).body
    at(day, '11:22')
    const map = await board()
    expect(map.sections.map((section) => [section.name, section.tables.map((table) => `${table.name}:${table.capacity}`)])).toEqual([
      ['Booths', ['T1:4', 'T2:4', 'T3:4', 'T4:4', 'T5:6', 'T6:6']],
      ['Counter', ['T7:2', 'T8:2', 'T9:2', 'T10:2']],
      ['Back room', ['T11:8', 'T12:8']],
    ])
    const tiles = map.sections.flatMap((section) => section.tables)
    expect(tiles.find((tile) => tile.tableId === party.tableId)).toMatchObject({
      state: 'seated',
      occupant: { reservationId: party.reservationId, fullName: 'Sat Down', guestCount: 6, seatedAt: new Date(now.getTime() - 12 * MINUTE).toISOString(), minutesSeated: 12 },
      heldFor: null,
    })
    expect(tiles.find((tile) => tile.tableId === booked.tableId)).toMatchObject({
      state: 'held',
      occupant: null,
      heldFor: { reservationId: booked.reservationId, fullName: 'Held Soon', guestCount: 4 },
    })
    expect(tiles.filter((tile) => tile.state === 'free').length).toBe(10)
    await act(party, 'complete')
    await act(booked, 'cancel', { reason: 'guest_request' })
  })
})

describe('live', () => {
  it('every host action wakes the host stand’s stream, which sends the board again', async () => {
    const day = newDay()
    at(day, '16:00')
    const response = await t.app.request(`/api${host('/events')}`, { headers: staff() })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const events = sseEvents<HostEvent>(response, 'host')
    expect((await events.next())?.board.locationId).toBe(empire.id)
    const party = (await walkIn({ fullName: 'Live One', mobile: nextPhone(), guestCount: 2 })).body
    expect((await events.next())?.board.parties.find((row) => row.reservationId === party.reservationId)).toMatchObject({ status: 'Active' })
    await act(party, 'seat')
    expect((await events.next())?.board.parties.find((row) => row.reservationId === party.reservationId)).toMatchObject({ status: 'Seated' })
    await act(party, 'complete')
    const done = (await events.next())!.board
    expect(done.parties.find((row) => row.reservationId === party.reservationId)).toMatchObject({ status: 'Completed' })
    await events.cancel()
  })
})

describe('who may call', () => {
  it('refuses without a staff token (401), another location’s staff (403 forbidden), the kitchen’s role (403 role_not_allowed), and a party of another location (404); a manager may', async () => {
    const day = newDay()
    at(day, '12:00')
    expect(await send('GET', host(), undefined, {})).toMatchObject({ status: 401, body: { code: 'unauthenticated' } })
    expect(await send('GET', host(), undefined, staff('olive-tree-soma'))).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect(await send('POST', host('/walk-ins'), { guestCount: 2, seatNow: true }, staff('olive-tree-soma'))).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect(await send('GET', host(), undefined, staff('empire-burger', 'kitchen'))).toMatchObject({ status: 403, body: { code: 'role_not_allowed' } })
    expect(await send('POST', host('/walk-ins'), { guestCount: 2, seatNow: true }, staff('empire-burger', 'kitchen'))).toMatchObject({ status: 403, body: { code: 'role_not_allowed' } })
    // A manager may do everything at their location.
    expect((await send<HostBoard>('GET', host(), undefined, staff('empire-burger', 'manager'))).status).toBe(200)
    const theirs = (await walkIn({ fullName: 'Soma Guest', mobile: nextPhone(), guestCount: 2 }, soma)).body
    const refused = await send('POST', host(`/parties/${theirs.reservationId}/seat`), {})
    expect(refused).toMatchObject({ status: 404, body: { code: 'not_found' } })
    expect(await send('GET', host(`/parties/${theirs.reservationId}/tables`))).toMatchObject({ status: 404, body: { code: 'not_found' } })
    expect((await board()).parties.some((party) => party.reservationId === theirs.reservationId)).toBe(false)
  })
})

describe('the sandbox host', () => {
  it('moves parties with the host stand’s own rules: it does not seat a reservation at its table while someone sits there', async () => {
    const day = newDay()
    at(day, '10:00')
    const booked = (await phoneBooking({ fullName: 'Arriving', mobile: nextPhone(), guestCount: 2, reservationDate: day, reservationSlot: '11:30' })).body
    // The host seats a walk-in at the reserved table early, for a short stay.
    at(day, '10:00')
    const early = (await walkIn({ fullName: 'Early Bird', mobile: nextPhone(), guestCount: 2, seatNow: true, tableId: booked.tableId })).body
    expect(early).toMatchObject({ status: 'Seated', tableId: booked.tableId })
    at(day, '11:31')
    // 120 s a minute: the walk-in dines 150 minutes in the sandbox's time, so it is still there.
    const moves = await runHostTick(t.db, now, { stepSeconds: 120 })
    // The walk-in is still seated and the other two-tops are free: the reservation sits elsewhere.
    expect(moves).toContainEqual({ reservationId: booked.reservationId, to: 'Seated' })
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, booked.reservationId))
    expect(row!.tableId).not.toBe(booked.tableId)
    expect((await board()).sections.flatMap((section) => section.tables).filter((tile) => tile.state === 'seated').length).toBeGreaterThanOrEqual(2)
  })

  it('leaves a location with staff on shift to its staff, and moves it again once nobody is signed in', async () => {
    const real = new Date()
    const rows = await t.db.select().from(locations)
    const velvet = rows.find((row) => row.locationSlug === 'velvet-hour')!
    const hayes = rows.find((row) => row.locationSlug === 'olive-tree-hayes-valley')!
    const waited = { kind: 'CHECKIN' as const, fullName: 'Waited', adults: 2, createdAt: new Date(real.getTime() - 60_000) }
    const [atVelvet] = await t.db.insert(reservations).values({ ...waited, locationId: velvet.id, phone: nextPhone() }).returning()
    const [atHayes] = await t.db.insert(reservations).values({ ...waited, locationId: hayes.id, phone: nextPhone() }).returning()
    // The Velvet Hour's host signs in: on shift for the access token's 15 minutes (docs/staff.md "On shift").
    await staffHeaders(t, 'velvet-hour', 'host', real)

    const moves = await runHostTick(t.db, new Date(real.getTime() + 1000), { stepSeconds: 1 })
    expect(moves).toContainEqual({ reservationId: atHayes!.id, to: 'Seated' })
    expect(moves.some((move) => move.reservationId === atVelvet!.id)).toBe(false)
    const [untouched] = await t.db.select().from(reservations).where(eq(reservations.id, atVelvet!.id))
    expect(untouched).toMatchObject({ status: 'Active', tableId: null })

    // Twenty minutes on, nobody has renewed a token: the sandbox host takes the floor again.
    expect(await runHostTick(t.db, new Date(real.getTime() + 20 * MINUTE), { stepSeconds: 1 })).toContainEqual({ reservationId: atVelvet!.id, to: 'Seated' })
  })
})
