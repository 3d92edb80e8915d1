import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GuestVerifiedResponse } from '@/shared/api/contracts/auth'
import type { OrderHistoryResponse } from '@/shared/api/contracts/account'
import type { Reservation, SlotsResponse } from '@/shared/api/contracts/reservations'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { addDays, zonedClock } from '@/shared/lib/hours'
import { diningTables, locations, menuItems, orders, reservations, smsMessages } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestCustomer, createTestGuest, lastTextedCode, type TestCustomer } from '../../test/signed-in-client'
import { RESERVATIONS_PER_DINER_PER_DAY } from '../reservations/rules'
import { signGuestToken } from './tokens'

let t: TestApp
let asha: TestCustomer
let ben: TestCustomer
type LocationRow = typeof locations.$inferSelect
let empire: LocationRow
let soma: LocationRow

const ASHA_PHONE = '+14155550911'
const BEN_PHONE = '+14155550912'

const locationOf = async (slug: string) => (await t.db.select().from(locations).where(eq(locations.locationSlug, slug)))[0]!
const dayAhead = (location: LocationRow, days: number) => addDays(zonedClock(new Date(), location.timeZoneCd).date, days)

beforeAll(async () => {
  t = await createTestApp()
  asha = await createTestCustomer(t, 'Asha', ASHA_PHONE)
  ben = await createTestCustomer(t, 'Ben', BEN_PHONE)
  empire = await locationOf('empire-burger')
  soma = await locationOf('olive-tree-soma')
})
afterAll(() => t.close())

/** A Patty Melt for pickup at Empire Burger (open around the clock), placed by `who` with the guest details. */
async function placeGuestOrder(who: TestCustomer | undefined, guest: { fullName: string; phone: string }, key = `order-${randomUUID()}`) {
  const [item] = await t.db.select().from(menuItems).where(and(eq(menuItems.locationId, empire.id), eq(menuItems.name, 'Patty Melt')))
  const order = { locationId: empire.id, orderTypeCode: 'pickup', items: [{ itemId: item!.id, quantity: 1 }], guest }
  return callAs(t, who, 'POST', '/order/customer/createOrder', { data: encryptPayload(order, t.env.PAYLOAD_KEY) }, { 'Idempotency-Key': key })
}

const query = (location: LocationRow, fields: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries({ locationId: location.id, guestCount: 2, deviceId: '', channelName: 'ONLINE', seatTogether: '1', ...fields }).map(([k, v]) => [k, String(v)]),
  ).toString()
const checkIn = (who: TestCustomer | undefined, mobile: string, fullName = 'Diner') =>
  callAs(t, who, 'POST', `/customer/reservations?${query(empire, { mobile, fullName })}`)
const book = (who: TestCustomer | undefined, location: LocationRow, fields: Record<string, string | number>) =>
  callAs(t, who, 'POST', `/customer/reservations?${query(location, fields)}`, undefined, { 'Idempotency-Key': `book-${randomUUID()}` })

describe('a phone verified by code proves it for that guest session only (docs/accounts.md "Guests")', () => {
  it('a guest order giving a registered customer’s phone without that session’s code is refused (403 mobile_not_verified) and shows in nobody’s history', async () => {
    // The number is a registered, verified account's: that no longer proves anything for anyone else.
    const anonymous = await placeGuestOrder(undefined, { fullName: 'Mallory', phone: ASHA_PHONE })
    expect(anonymous.status).toBe(403)
    expect(anonymous.body).toMatchObject({ code: 'mobile_not_verified', message: 'Please verify your mobile number with the code we text you, then place the order.' })
    // Mallory proves her own number, then gives Asha's.
    const mallory = await createTestGuest(t, 'Mallory Guest', '+14155550913')
    const swapped = await placeGuestOrder(mallory, { fullName: 'Mallory', phone: ASHA_PHONE })
    expect(swapped.status).toBe(403)
    expect(swapped.body).toMatchObject({ code: 'mobile_not_verified' })
    // A token for Asha's number signed with someone else's secret is no proof either.
    const forged = { id: mallory.id, token: await signGuestToken({ id: mallory.id, phone: ASHA_PHONE }, 'not-the-server-secret-not-the-server-secret') }
    expect((await placeGuestOrder(forged, { fullName: 'Mallory', phone: ASHA_PHONE })).status).toBe(401)
    expect(await t.db.select().from(orders).where(eq(orders.guestPhone, ASHA_PHONE))).toEqual([])
    const history = await callAs(t, asha, 'GET', `/order/customer/getOrders?search=customerId:${asha.id}&page=0&size=1000&sort=orderTime,desc`)
    expect((history.body as OrderHistoryResponse).content).toEqual([])
    // Her own number, proven in her session: placed.
    const own = await placeGuestOrder(mallory, { fullName: 'Mallory', phone: mallory.phone! })
    expect(own.status, own.text).toBe(201)
    expect(own.body).toMatchObject({ customerId: null, phone: mallory.phone })
  })

  it('validating a guest code answers the guest token that places the order; a stale token says to verify again', async () => {
    const mobile = '+14155550914'
    await t.postJson('/customer/sendSMS', { fullName: 'Gwen Guest', mobile, countryCode: 'US' })
    const verified = (await t.postJson('/customer/validateOTP/v2', { mobile, otp: await lastTextedCode(t, mobile) })).body as GuestVerifiedResponse
    const gwen = { id: verified.userId, token: verified.guestToken }
    expect((await placeGuestOrder(gwen, { fullName: 'Gwen Guest', phone: mobile })).status).toBe(201)
    const stale = { id: gwen.id, token: await signGuestToken({ id: gwen.id, phone: mobile }, t.env.TOKEN_SECRET, Date.now() - 13 * 3600_000) }
    const refused = await placeGuestOrder(stale, { fullName: 'Gwen Guest', phone: mobile })
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({ code: 'token_expired', message: expect.stringContaining('verify it again') })
  })

  it('two guests using the same Idempotency-Key each place their own order (the guest id is part of the key’s scope)', async () => {
    const [one, two] = await Promise.all([createTestGuest(t, 'Una Guest', '+14155550915'), createTestGuest(t, 'Dua Guest', '+14155550916')])
    const key = 'same-key-from-two-guests'
    const first = await placeGuestOrder(one, { fullName: 'Una Guest', phone: one.phone! }, key)
    const second = await placeGuestOrder(two, { fullName: 'Dua Guest', phone: two.phone! }, key)
    expect([first.status, second.status]).toEqual([201, 201])
    expect(second.headers.get('idempotent-replayed')).toBeNull()
    expect(second.body).toMatchObject({ phone: two.phone })
  })

  it('a signed-in diner cannot check in a stranger’s number (403 with a message to use their own); the stranger gets no text and can still check in', async () => {
    const stranger = '+14155550917'
    const refused = await checkIn(ben, stranger, 'Not Ben')
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'mobile_not_verified', message: 'Please use your own mobile number, the one verified on your account, to check in.' })
    expect(await t.db.select().from(smsMessages).where(eq(smsMessages.phone, stranger))).toEqual([])
    const strangerAsGuest = await createTestGuest(t, 'Sara Stranger', stranger)
    const own = await checkIn(strangerAsGuest, stranger, 'Sara Stranger')
    expect(own.status, own.text).toBe(201)
    // A guest token of one number never checks in another.
    const other = await checkIn(strangerAsGuest, '+14155550918', 'Someone Else')
    expect(other.status).toBe(403)
    expect(other.body).toMatchObject({ code: 'mobile_not_verified' })
    await callAs(t, strangerAsGuest, 'PUT', '/customer/cancel-table?user=customer', { locationId: empire.id, reservationId: (own.body as Reservation).reservationId, cancelReason: 'Done' })
    // Ben with his own verified number: checked in.
    const bens = await checkIn(ben, BEN_PHONE, 'Ben')
    expect(bens.status, bens.text).toBe(201)
    await callAs(t, ben, 'PUT', '/customer/cancel-table?user=customer', { locationId: empire.id, reservationId: (bens.body as Reservation).reservationId, cancelReason: 'Done' })
  })
})

describe('reservations per diner per day (docs/accounts.md "Limits")', () => {
  /** Restaurants that take reservations and have a table for 2, with a bookable slot on `date`. */
  async function bookable(date: (location: LocationRow) => string, count: number) {
    const candidates = (await t.db.select().from(locations)).filter((location) => !location.disabledServices.isReservation)
    const found: { location: LocationRow; date: string; time: string }[] = []
    for (const location of candidates) {
      const tables = await t.db.select().from(diningTables).where(eq(diningTables.locationId, location.id))
      if (!tables.some((table) => table.capacity >= 2 && table.minCapacity <= 2)) continue
      const day = date(location)
      const slots = await t.get(`/merchants/generate-reservation-slot/${location.id}?guestCount=2&date=${day}`)
      const slot = (slots.body as SlotsResponse).slots?.find((candidate) => candidate.available)
      if (slot) found.push({ location, date: day, time: slot.time })
      if (found.length === count) break
    }
    expect(found).toHaveLength(count)
    return found
  }

  it('20 concurrent bookings by one account for different tables at one slot give exactly one table (one per restaurant and day)', async () => {
    const date = dayAhead(soma, 5)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => book(asha, soma, { mobile: ASHA_PHONE, fullName: 'Asha', reservationDate: date, reservationSlot: '19:00', notes: `try ${n}` })),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(19)
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body).toMatchObject({ code: 'reservation_limit', message: `You already have a table at ${soma.branchName} on ${date}. Change that reservation instead of booking another.` })
    }
    const held = await t.db.select().from(reservations).where(and(eq(reservations.customerId, asha.id), eq(reservations.reservationDate, date)))
    expect(held).toHaveLength(1)
  })

  it(`20 concurrent bookings by one account across restaurants on one date give at most ${RESERVATIONS_PER_DINER_PER_DAY}, counting the account and its phone`, async () => {
    // One local date for all of them: the limit is per date as the diner chose it.
    const date = dayAhead(soma, 6)
    const targets = await bookable(() => date, 4)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => {
        const target = targets[n % targets.length]!
        return book(ben, target.location, { mobile: BEN_PHONE, fullName: 'Ben', reservationDate: date, reservationSlot: target.time })
      }),
    )
    const won = answers.filter((answer) => answer.status === 201)
    expect(won).toHaveLength(RESERVATIONS_PER_DINER_PER_DAY)
    expect(new Set(won.map((answer) => (answer.body as Reservation).locationId)).size).toBe(RESERVATIONS_PER_DINER_PER_DAY)
    expect(answers.filter((answer) => answer.status === 409).every((answer) => (answer.body as { code: string }).code === 'reservation_limit')).toBe(true)
    const active = await t.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.phone, BEN_PHONE), eq(reservations.reservationDate, date), eq(reservations.kind, 'RESERVATION'), eq(reservations.status, 'Active')))
    expect(active).toHaveLength(RESERVATIONS_PER_DINER_PER_DAY)

    // A guest with Ben's number (a code proved it) counts against the same day: the phone is the diner.
    const benAsGuest = await createTestGuest(t, 'Ben Guest', BEN_PHONE)
    const free = targets.find((target) => !active.some((row) => row.locationId === target.location.id))!
    const asGuest = await book(benAsGuest, free.location, { mobile: BEN_PHONE, fullName: 'Ben', reservationDate: date, reservationSlot: free.time })
    expect(asGuest.status).toBe(409)
    expect(asGuest.body).toMatchObject({ code: 'reservation_limit', message: expect.stringContaining(`You already hold 2 reservations on ${date}`) })
    // Cancelling one frees a place for another.
    await callAs(t, ben, 'PUT', '/customer/cancel-table?user=customer', { locationId: active[0]!.locationId, reservationId: active[0]!.id, cancelReason: 'Changed plans' })
    expect((await book(ben, free.location, { mobile: BEN_PHONE, fullName: 'Ben', reservationDate: date, reservationSlot: free.time })).status).toBe(201)
  })
})
