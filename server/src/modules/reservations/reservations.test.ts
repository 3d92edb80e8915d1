import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ONE_ACTIVE_CHECKIN, type Reservation } from '@/shared/api/contracts/reservations'
import { addDays, zonedClock } from '@/shared/lib/hours'
import { customers, diningTables, locations, reservations, smsMessages, tableHolds, tableSections } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestCustomer, createTestGuest, type TestCustomer } from '../../test/signed-in-client'

let t: TestApp
let alice: TestCustomer
let bob: TestCustomer
let gia: TestCustomer
type LocationRow = typeof locations.$inferSelect
let soma: LocationRow
let empire: LocationRow

const ALICE_PHONE = '+14155550101'
const BOB_PHONE = '+14155550102'
const GUEST_PHONE = '+14155550199'

const locationOf = async (slug: string) => (await t.db.select().from(locations).where(eq(locations.locationSlug, slug)))[0]!
/** A day a few days ahead on the location's calendar, inside the reservation window. */
const dayAhead = (location: LocationRow, days = 3) => addDays(zonedClock(new Date(), location.timeZoneCd).date, days)

const reservationQuery = (location: LocationRow, overrides: Record<string, string | number> = {}) =>
  new URLSearchParams(
    Object.entries({
      locationId: location.id,
      fullName: 'Alice Diner',
      mobile: ALICE_PHONE,
      guestCount: 2,
      deviceId: '',
      channelName: 'ONLINE',
      seatTogether: '1',
      ...overrides,
    }).map(([name, value]) => [name, String(value)]),
  ).toString()

const book = (who: TestCustomer | undefined, location: LocationRow, overrides: Record<string, string | number> = {}, headers: Record<string, string> = {}) =>
  callAs(t, who, 'POST', `/customer/reservations?${reservationQuery(location, overrides)}`, undefined, headers)

const reserve = (who: TestCustomer | undefined, location: LocationRow, overrides: Record<string, string | number> = {}, headers: Record<string, string> = {}) =>
  book(who, location, { reservationDate: dayAhead(location), reservationSlot: '19:00', ...overrides }, headers)

const cancel = (who: TestCustomer | undefined, reservation: Pick<Reservation, 'locationId' | 'reservationId'>, reason = 'Plans changed') =>
  callAs(t, who, 'PUT', '/customer/cancel-table?user=customer', { locationId: reservation.locationId, reservationId: reservation.reservationId, cancelReason: reason })

const read = (who: TestCustomer | undefined, reservationId: string) => callAs(t, who, 'POST', '/customer/reservationId/v2', { reservationId })

beforeAll(async () => {
  t = await createTestApp()
  alice = await createTestCustomer(t, 'Alice', ALICE_PHONE)
  bob = await createTestCustomer(t, 'Bob', BOB_PHONE)
  gia = await createTestGuest(t, 'Gia Guest', GUEST_PHONE)
  soma = await locationOf('olive-tree-soma')
  empire = await locationOf('empire-burger')
})
afterAll(() => t.close())

describe('POST /customer/reservations: a reservation', () => {
  it('books a table for the slot, answers 201 with the reservation and texts a confirmation', async () => {
    const response = await reserve(alice, soma, { guestCount: 3, kidzSize: 1, highChair: 1, notes: 'Window please' })
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const reservation = response.body as Reservation
    expect(reservation).toMatchObject({
      kind: 'RESERVATION',
      status: 'Active',
      checkedIn: false,
      guestCount: 3,
      adults: 2,
      kids: 1,
      highChairs: 1,
      reservationDate: dayAhead(soma),
      reservationSlot: '19:00',
      branchName: soma.branchName,
      channel: 'ONLINE',
      notes: 'Window please',
      queuePosition: null,
    })
    expect(reservation.tableName).toMatch(/^T\d+$/)
    expect(new Date(reservation.slotEnd!).getTime() - new Date(reservation.slotStart!).getTime()).toBe(90 * 60_000)
    const holds = await t.db.select().from(tableHolds).where(eq(tableHolds.reservationId, reservation.reservationId))
    expect(holds).toHaveLength(6)
    const texts = await t.db.select().from(smsMessages).where(eq(smsMessages.phone, ALICE_PHONE))
    expect(texts.map((text) => text.body)).toContainEqual(
      expect.stringMatching(new RegExp(`^Your table for 3 at ${soma.branchName} is booked for \\w+day, \\w{3} \\d{1,2} at 19:00\\. Reservation ${reservation.reservationId.slice(0, 8)}\\.$`)),
    )
  })

  it('prefers the requested section, then the smallest table that fits', async () => {
    const [patio] = await t.db.select().from(tableSections).where(and(eq(tableSections.locationId, soma.id), eq(tableSections.name, 'Patio')))
    // A diner holds one table per restaurant and day (docs/accounts.md "Limits"): Bob books the second.
    const date = dayAhead(soma, 4)
    const outside = (await reserve(alice, soma, { sectionId: patio!.id, reservationSlot: '19:30', reservationDate: date })).body as Reservation
    expect(outside).toMatchObject({ sectionName: 'Patio', sectionId: patio!.id })
    const [table] = await t.db.select().from(diningTables).where(and(eq(diningTables.locationId, soma.id), eq(diningTables.name, outside.tableName!)))
    expect(table).toMatchObject({ sectionId: patio!.id, capacity: 2 })
    const anywhere = (await reserve(bob, soma, { guestCount: 3, reservationSlot: '19:30', reservationDate: date, mobile: BOB_PHONE })).body as Reservation
    const [smallest] = await t.db.select().from(diningTables).where(and(eq(diningTables.locationId, soma.id), eq(diningTables.name, anywhere.tableName!)))
    expect(smallest!.capacity).toBe(4)
    const foreign = await reserve(alice, soma, { sectionId: '00000000-0000-4000-8000-000000000000' })
    expect(foreign.body).toMatchObject({ status: 400, code: 'section_not_found' })
  })

  it('gives the last free table to exactly one of 50 parallel bookings', async () => {
    // A party of 8 fits only one table at this location (T8, 5 to 8 seats).
    const fitting = (await t.db.select().from(diningTables).where(eq(diningTables.locationId, soma.id))).filter((table) => table.capacity >= 8 && table.minCapacity <= 8)
    expect(fitting).toHaveLength(1)
    // Fifty different guests, each with the guest token of their own number, so only the table decides.
    const guests = await Promise.all(Array.from({ length: 50 }, (_, n) => createTestGuest(t, `Guest ${n}`, `+1415555${String(4000 + n)}`)))
    const answers = await Promise.all(guests.map((guest) => reserve(guest, soma, { guestCount: 8, reservationSlot: '20:00', mobile: guest.phone, fullName: 'Big Table' })))
    const won = answers.filter((answer) => answer.status === 201)
    const lost = answers.filter((answer) => answer.status === 409)
    expect(won).toHaveLength(1)
    expect(lost).toHaveLength(49)
    expect(lost[0]!.body).toMatchObject({ status: 409, code: 'slot_taken', message: 'No table for 8 is free at 20:00 any more. Please choose another time.' })
    const holds = await t.db.select().from(tableHolds).where(eq(tableHolds.tableId, fitting[0]!.id))
    expect(holds).toHaveLength(8)
    expect(new Set(holds.map((hold) => hold.reservationId))).toEqual(new Set([(won[0]!.body as Reservation).reservationId]))
    const rows = await t.db.select().from(reservations).where(and(eq(reservations.locationId, soma.id), eq(reservations.reservationSlot, '20:00')))
    expect(rows).toHaveLength(1)

    // Cancelling frees the table: the same slot can be booked again, and the slot list shows it.
    const winner = won[0]!.body as Reservation
    const slotsBefore = await t.get(`/merchants/generate-reservation-slot/${soma.id}?guestCount=8&date=${dayAhead(soma)}`)
    expect((slotsBefore.body as { slots: { time: string; available: boolean }[] }).slots.find((slot) => slot.time === '20:00')?.available).toBe(false)
    const winningGuest = guests.find((guest) => guest.phone === winner.phone)!
    expect((await cancel(winningGuest, winner)).status).toBe(200)
    expect(await t.db.select().from(tableHolds).where(eq(tableHolds.reservationId, winner.reservationId))).toHaveLength(0)
    const slotsAfter = await t.get(`/merchants/generate-reservation-slot/${soma.id}?guestCount=8&date=${dayAhead(soma)}`)
    expect((slotsAfter.body as { slots: { time: string; available: boolean }[] }).slots.find((slot) => slot.time === '20:00')?.available).toBe(true)
    const again = await reserve(bob, soma, { guestCount: 8, reservationSlot: '20:00', mobile: BOB_PHONE })
    expect(again.status).toBe(201)
  })

  it('refuses a slot the generator does not offer, with the reason', async () => {
    const past = await reserve(alice, soma, { reservationDate: addDays(dayAhead(soma, 0), -1) })
    expect(past.status).toBe(400)
    expect(past.body).toMatchObject({ code: 'slot_passed' })
    const far = await reserve(alice, soma, { reservationDate: dayAhead(soma, 40) })
    expect(far.status).toBe(400)
    expect(far.body).toMatchObject({ code: 'beyond_reservation_window' })
    const night = await reserve(alice, soma, { reservationSlot: '03:00' })
    expect(night.status).toBe(400)
    expect(night.body).toMatchObject({ code: 'slot_unavailable' })
    // 21:30 is within the Dinner session but after the last seating (an hour before 22:00 or 22:30).
    const late = await reserve(alice, soma, { reservationSlot: '22:00' })
    expect(late.status).toBe(400)
    const tooBig = await reserve(alice, soma, { guestCount: 12 })
    expect(tooBig.body).toMatchObject({ status: 400, message: `No table at ${soma.branchName} seats a party of 12. Please call the restaurant.` })
  })

  it('refuses with 409 where reservations are turned off', async () => {
    const velvet = await locationOf('velvet-hour')
    const response = await reserve(alice, velvet)
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({ message: 'The Velvet Hour does not take reservations online.' })
    const slots = await t.get(`/merchants/generate-reservation-slot/${velvet.id}?guestCount=2&date=${dayAhead(velvet)}`)
    expect(slots.status).toBe(409)
  })

  it('takes a guest only with a verified phone, and lets whoever holds the id read it', async () => {
    const unverified = await reserve(undefined, soma, { mobile: '+14155550177', fullName: 'Nobody' })
    expect(unverified.status).toBe(403)
    expect(unverified.body).toMatchObject({ code: 'mobile_not_verified' })
    // A phone verified once is not enough without the guest token of this session.
    const withoutToken = await reserve(undefined, soma, { mobile: GUEST_PHONE, fullName: 'Gia Guest', reservationSlot: '18:00' })
    expect(withoutToken.status).toBe(403)
    expect(withoutToken.body).toMatchObject({ code: 'mobile_not_verified' })
    const guest = await reserve(gia, soma, { mobile: GUEST_PHONE, fullName: 'Gia Guest', reservationSlot: '18:00' })
    expect(guest.status).toBe(201)
    const id = (guest.body as Reservation).reservationId
    expect((await read(undefined, id)).body).toMatchObject({ reservationId: id, fullName: 'Gia Guest' })
    const badToken = await callAs(t, { id: 'x', token: 'not-a-token' }, 'POST', `/customer/reservations?${reservationQuery(soma)}`)
    expect(badToken.status).toBe(401)
  })

  it('replays the same reservation for a repeated Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': 'reserve-once-1' }
    const date = dayAhead(soma, 7)
    const first = await reserve(alice, soma, { reservationSlot: '17:30', guestCount: 4, reservationDate: date }, headers)
    const second = await reserve(alice, soma, { reservationSlot: '17:30', guestCount: 4, reservationDate: date }, headers)
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect((second.body as Reservation).reservationId).toBe((first.body as Reservation).reservationId)
    const rows = await t.db.select().from(reservations).where(and(eq(reservations.locationId, soma.id), eq(reservations.reservationSlot, '17:30')))
    expect(rows).toHaveLength(1)
  })
})

describe('reading, cancelling and changing', () => {
  it("keeps customer A's reservation from customer B (404) and cancels it once for A", async () => {
    const mine = (await reserve(alice, soma, { reservationSlot: '21:00', reservationDate: dayAhead(soma, 8) })).body as Reservation
    expect((await read(bob, mine.reservationId)).status).toBe(404)
    expect((await read(undefined, mine.reservationId)).status).toBe(404)
    expect((await cancel(bob, mine)).status).toBe(404)
    expect((await read(alice, mine.reservationId)).body).toMatchObject({ status: 'Active' })
    const cancelled = await cancel(alice, mine, 'Running late')
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toMatchObject({ status: 'Cancelled', cancelReason: 'Running late' })
    const twice = await cancel(alice, mine)
    expect(twice.status).toBe(409)
    expect((await t.db.select().from(smsMessages).where(eq(smsMessages.phone, ALICE_PHONE))).map((text) => text.body)).toContainEqual(
      `Your reservation at ${soma.branchName} is cancelled. We hope to see you another time.`,
    )
  })

  it('re-holds a table for a new party size, or keeps the old one when none is free', async () => {
    const date = dayAhead(soma, 9)
    const booked = (await reserve(alice, soma, { reservationSlot: '17:00', guestCount: 2, reservationDate: date })).body as Reservation
    const bigger = await callAs(t, alice, 'PUT', '/customer/reservations', { reservationId: booked.reservationId, guestCount: 6, notes: 'Birthday' })
    expect(bigger.status).toBe(200)
    expect(bigger.body).toMatchObject({ guestCount: 6, notes: 'Birthday' })
    expect(await t.db.select().from(tableHolds).where(eq(tableHolds.reservationId, booked.reservationId))).toHaveLength(7)
    // Take the only table for 8 at that slot, then ask for 8: refused, the party of 6 stays.
    expect((await reserve(bob, soma, { reservationSlot: '17:00', guestCount: 8, mobile: BOB_PHONE, reservationDate: date })).status).toBe(201)
    const refused = await callAs(t, alice, 'PUT', '/customer/reservations', { reservationId: booked.reservationId, guestCount: 8 })
    expect(refused.status).toBe(409)
    const kept = (await read(alice, booked.reservationId)).body as Reservation
    expect(kept).toMatchObject({ guestCount: 6, tableName: (bigger.body as Reservation).tableName })
    expect(await t.db.select().from(tableHolds).where(eq(tableHolds.reservationId, booked.reservationId))).toHaveLength(7)
  })
})

describe('POST /customer/reservations: a check-in', () => {
  const checkIn = (who: TestCustomer | undefined, overrides: Record<string, string | number> = {}, headers: Record<string, string> = {}) => book(who, empire, overrides, headers)

  it('puts the party on the waitlist with its position and texts it', async () => {
    const response = await checkIn(alice, { deviceId: 'device-a' })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ kind: 'CHECKIN', status: 'Active', checkedIn: true, queuePosition: 1, estimatedWaitMinutes: 0 })
    expect((await t.db.select().from(smsMessages).where(eq(smsMessages.phone, ALICE_PHONE))).map((text) => text.body)).toContainEqual(
      `You're on the waitlist at ${empire.branchName}: number 1. We'll text you when your table is ready.`,
    )

    const samePhone = await checkIn(alice, { deviceId: 'device-b' })
    expect(samePhone.status).toBe(400)
    expect(samePhone.body).toEqual({ status: 400, code: 'checkin_exists', message: ONE_ACTIVE_CHECKIN })
    // The same device with another phone, and the same phone at another location.
    expect((await checkIn(bob, { deviceId: 'device-a', mobile: BOB_PHONE })).body).toMatchObject({ code: 'checkin_exists' })
    const koramangala = await locationOf('spice-route-koramangala')
    expect((await book(alice, koramangala, { mobile: ALICE_PHONE })).body).toEqual({ status: 400, code: 'checkin_exists', message: ONE_ACTIVE_CHECKIN })

    const cancelled = await cancel(alice, response.body as Reservation, 'Not hungry')
    expect(cancelled.status).toBe(200)
    const again = await checkIn(alice, { deviceId: 'device-a' })
    expect(again.status).toBe(201)
    await cancel(alice, again.body as Reservation)
  })

  it('lets only one of two parallel check-ins from one phone through, by the unique index', async () => {
    const [one, two] = await Promise.all([checkIn(bob, { mobile: BOB_PHONE, deviceId: 'p-1' }), checkIn(bob, { mobile: BOB_PHONE, deviceId: 'p-2' })])
    expect([one!.status, two!.status].sort()).toEqual([201, 400])
    const refused = one!.status === 400 ? one! : two!
    expect(refused.body).toEqual({ status: 400, code: 'checkin_exists', message: ONE_ACTIVE_CHECKIN })
    const active = await t.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.phone, BOB_PHONE), eq(reservations.kind, 'CHECKIN'), eq(reservations.status, 'Active')))
    expect(active).toHaveLength(1)
    await cancel(bob, { locationId: empire.id, reservationId: active[0]!.id })
  })

  it('refuses a party no table seats, a location without online check-in, and a wait over the threshold', async () => {
    expect((await checkIn(alice, { guestCount: 9 })).body).toEqual({
      status: 400,
      code: 'no_table_for_party',
      message: `No table at ${empire.branchName} seats a party of 9. Please call the restaurant.`,
    })
    const westVillage = await locationOf('olive-tree-west-village')
    const closed = await book(alice, westVillage)
    expect(closed.status).toBe(409)
    expect(closed.body).toMatchObject({ message: `${westVillage.branchName} does not take online check-ins.` })

    // Three parties of 8 ahead for two tables of 8: the third waits a whole dining time (120 min > 45).
    for (const phone of ['+14155550301', '+14155550302', '+14155550303']) {
      await t.db.insert(reservations).values({ locationId: empire.id, kind: 'CHECKIN', fullName: 'Big party', phone, adults: 8 })
    }
    const long = await checkIn(alice, { guestCount: 8 })
    expect(long.status).toBe(409)
    expect(long.body).toMatchObject({
      code: 'wait_too_long',
      message: `The wait at ${empire.branchName} is over ${empire.maxCheckinWaitThreshold} minutes right now. Please try again later or reserve a table.`,
    })
    await t.db.update(reservations).set({ status: 'Cancelled' }).where(eq(reservations.fullName, 'Big party'))
  })
})

describe('merchant calls', () => {
  it('answers the wait-time board and the table details encrypted', async () => {
    const board = await t.postEncrypted('/merchants/v2/locations/wait-times', { locationId: empire.id })
    expect(board.status).toBe(200)
    expect(board.body).toMatchObject({ locationId: empire.id, acceptingCheckins: true, maxOnlineCheckin: empire.maxOnlineCheckin })
    expect((board.body as { waitTimes: { label: string }[] }).waitTimes.map((band) => band.label)).toEqual(['1-2', '3-4', '5-6', '7-8'])
    const details = await t.postEncrypted('/merchants/locations/reservations/table-details/v2', { locationId: soma.id })
    expect(details.status).toBe(200)
    expect((details.body as { sections: { name: string; tables: unknown[] }[] }).sections.map((section) => [section.name, section.tables.length])).toEqual([
      ['Main hall', 8],
      ['Patio', 4],
    ])
    expect((await t.postEncrypted('/merchants/v2/locations/wait-times', { locationId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404)
  })
})
