import { and, eq, inArray, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderDetail, PlaceOrderRequest } from '../src/shared/api/contracts/ordering'
import type { Reservation } from '../src/shared/api/contracts/reservations'
import { encryptPayload } from '../src/shared/lib/crypto/payload'
import { addDays, zonedClock } from '../src/shared/lib/hours'
import { diningTables, locations, menuItems, orders, reservations, tableHolds } from '../server/src/db/schema'
import { callAs, createTestCustomer, type TestCustomer } from '../server/src/modules/customers/signed-in-client'
import { createTestApp, type TestApp } from '../server/src/test/harness'

// The races of `npm test` (placement.test.ts: 20 calls, one key; reservations.test.ts: 50 bookings
// for the last table) with ten times the concurrency, on PGlite or on DATABASE_URL's PostgreSQL.
let t: TestApp
let diner: TestCustomer

beforeAll(async () => {
  t = await createTestApp()
  diner = await createTestCustomer(t, 'Racer', '+14155550951')
})
afterAll(() => t.close())

async function locationOf(slug: string) {
  return (await t.db.select().from(locations).where(eq(locations.locationSlug, slug)))[0]!
}

async function pattyMelt(instruction: string): Promise<PlaceOrderRequest> {
  const empire = await locationOf('empire-burger')
  const [melt] = await t.db.select().from(menuItems).where(and(eq(menuItems.locationId, empire.id), eq(menuItems.name, 'Patty Melt')))
  return { locationId: empire.id, orderTypeCode: 'pickup', items: [{ itemId: melt!.id, quantity: 1 }], orderInstruction: instruction }
}

const place = (request: PlaceOrderRequest, key: string) =>
  callAs(t, diner, 'POST', '/order/customer/createOrder', { data: encryptPayload(request, t.env.PAYLOAD_KEY) }, { 'Idempotency-Key': key })

describe('placements racing on Idempotency-Keys', () => {
  it('answers 200 concurrent calls with one key with one order and 200 identical answers', async () => {
    const request = await pattyMelt('race-one-key')
    const answers = await Promise.all(Array.from({ length: 200 }, () => place(request, 'race-one-key')))
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(201))
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1)
    expect(await t.db.select().from(orders).where(eq(orders.orderInstruction, 'race-one-key'))).toHaveLength(1)
  })

  it('places exactly one order for each of 50 keys sent 4 times at once, interleaved', async () => {
    const keys = Array.from({ length: 50 }, (_, index) => `race-many-${index}`)
    const requests = await Promise.all(keys.map((key) => pattyMelt(key)))
    const calls = [0, 1, 2, 3].flatMap(() => keys.map((key, index) => () => place(requests[index]!, key)))
    const answers = await Promise.all(calls.map((call) => call()))
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.text)).toEqual([])
    const placed = await t.db.select().from(orders).where(like(orders.orderInstruction, 'race-many-%'))
    expect(placed).toHaveLength(50)
    const byKey = new Map<string, Set<string>>()
    answers.forEach((answer, index) => {
      const key = keys[index % keys.length]!
      byKey.set(key, (byKey.get(key) ?? new Set()).add((answer.body as OrderDetail).orderId))
    })
    expect([...byKey.values()].every((ids) => ids.size === 1)).toBe(true)
  })
})

describe('bookings racing for the last table', () => {
  it('gives the one table for 8 to exactly one of 50 parallel bookings on each of 4 days, 200 in all', async () => {
    const soma = await locationOf('olive-tree-soma')
    const fitting = (await t.db.select().from(diningTables).where(eq(diningTables.locationId, soma.id))).filter(
      (table) => table.capacity >= 8 && table.minCapacity <= 8,
    )
    expect(fitting).toHaveLength(1)
    const days = [2, 3, 4, 5].map((ahead) => addDays(zonedClock(new Date(), soma.timeZoneCd).date, ahead))
    const book = (date: string) =>
      callAs(
        t,
        diner,
        'POST',
        `/customer/reservations?${new URLSearchParams({ locationId: soma.id, fullName: 'Racer', mobile: '+14155550951', guestCount: '8', deviceId: '', channelName: 'ONLINE', seatTogether: '1', reservationDate: date, reservationSlot: '20:00' })}`,
      )
    const answers = await Promise.all(days.flatMap((date) => Array.from({ length: 50 }, () => book(date))))
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 409).map((answer) => answer.text)).toEqual([])
    const won = answers.filter((answer) => answer.status === 201).map((answer) => answer.body as Reservation)
    expect(won.map((reservation) => reservation.reservationDate).sort()).toEqual([...days].sort())
    const rows = await t.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.locationId, soma.id), eq(reservations.reservationSlot, '20:00'), inArray(reservations.reservationDate, days)))
    expect(rows).toHaveLength(4)
    const holds = await t.db.select().from(tableHolds).where(eq(tableHolds.tableId, fitting[0]!.id))
    expect(new Set(holds.map((hold) => hold.reservationId))).toEqual(new Set(won.map((reservation) => reservation.reservationId)))
  })
})
