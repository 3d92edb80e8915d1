import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Reservation, ReservationEvent } from '@/shared/api/contracts/reservations'
import { callServer, createScratchDatabase, sandboxCustomer, startServer, type ServerProcess } from './server-process'
import { sseEvents } from './sse'

const serverUrl = process.env.DATABASE_URL

// LISTEN/NOTIFY across processes needs one PostgreSQL server; PGlite belongs to a single process.
describe.skipIf(!serverUrl)('two server processes on one PostgreSQL (skipped without DATABASE_URL: run `npm run test:pg`)', () => {
  let a: ServerProcess
  let b: ServerProcess
  let drop: () => Promise<void>
  let url: string

  beforeAll(async () => {
    const scratch = await createScratchDatabase(serverUrl!)
    drop = scratch.drop
    url = scratch.url
    // One after the other: the first migrates and seeds, the second finds the data there.
    a = await startServer({ databaseUrl: scratch.url })
    b = await startServer({ databaseUrl: scratch.url })
  }, 120_000)
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await drop?.()
  })

  it('streams a queue change made through instance A to a diner watching on instance B', async () => {
    const sql = postgres(url, { max: 1, onnotice: () => {} })
    const [empire] = await sql<{ id: string }[]>`select id from locations where location_slug = 'empire-burger'`
    await sql.end()
    const locationId = empire!.id
    const first = await sandboxCustomer(a.origin, 'First', '+14155550801')
    const second = await sandboxCustomer(a.origin, 'Second', '+14155550802')
    const checkIn = (who: { token: string }, mobile: string) =>
      callServer(a.origin, 'POST', `/customer/reservations?${new URLSearchParams({ locationId, fullName: 'Diner', mobile, guestCount: '2' })}`, { token: who.token })
    const ahead = await checkIn(first, '+14155550801')
    expect(ahead.status, ahead.text).toBe(201)
    const mine = await checkIn(second, '+14155550802')
    expect(mine.status, mine.text).toBe(201)
    const reservation = mine.body as Reservation
    expect(reservation.queuePosition).toBe((ahead.body as Reservation).queuePosition! + 1)

    const stream = await fetch(`${b.origin}/api/customer/reservations/${reservation.reservationId}/events`, {
      headers: { Authorization: `Bearer ${second.token}` },
    })
    expect(stream.status).toBe(200)
    const events = sseEvents<ReservationEvent>(stream, 'reservation')
    try {
      expect((await events.next())?.reservation.queuePosition).toBe(reservation.queuePosition)
      const cancelled = await callServer(a.origin, 'PUT', '/customer/cancel-table?user=customer', {
        token: first.token,
        body: { locationId, reservationId: (ahead.body as Reservation).reservationId, cancelReason: 'Leaving' },
      })
      expect(cancelled.status, cancelled.text).toBe(200)
      const moved = await events.next()
      expect(moved?.reservation).toMatchObject({ reservationId: reservation.reservationId, queuePosition: reservation.queuePosition! - 1 })
    } finally {
      await events.cancel()
    }
  })

  it('logout on instance A ends the access token on instance B at its next request (no per-instance cache of live sign-ins)', async () => {
    const diner = await sandboxCustomer(a.origin, 'Leaving', '+14155550803')
    const profile = (server: ServerProcess) => callServer(server.origin, 'POST', '/customer/profile/v2', { token: diner.token, body: { id: diner.id } })
    expect((await profile(b)).status).toBe(200)
    expect((await callServer(a.origin, 'POST', '/customer/logout', { body: { refreshToken: diner.refreshToken } })).status).toBe(204)
    const after = await profile(b)
    expect(after.status).toBe(401)
    expect(after.body).toMatchObject({ code: 'token_expired', message: 'Your session has ended. Please sign in again.' })
  })

  it("shows a menu edit committed by any writer in both instances' cached menus", async () => {
    const sql = postgres(url, { max: 1, onnotice: () => {} })
    try {
      const [item] = await sql<{ id: string; location_id: string; price_minor: number }[]>`
        select i.id, i.location_id, i.price_minor from menu_items i join locations l on l.id = i.location_id
        where l.location_slug = 'empire-burger' and i.display = 1 order by i.sort_order limit 1`
      const read = (server: ServerProcess) =>
        callServer(server.origin, 'POST', '/merchants/menu/v2', { encrypted: true, body: { locationId: item!.location_id, menuType: 'pickup', visibleTo: ['C'] } })
      const priceIn = async (server: ServerProcess) => (await read(server)).body.items.find((i: { id: string }) => i.id === item!.id)?.price
      // Both instances have the menu built and cached.
      expect(await priceIn(a)).toBe(item!.price_minor)
      expect(await priceIn(b)).toBe(item!.price_minor)
      await sql`update menu_items set price_minor = price_minor + 100 where id = ${item!.id}`
      // The NOTIFY reaches both within moments (the 1 s re-check is only a safety net).
      await expect.poll(() => priceIn(b), { timeout: 3000 }).toBe(item!.price_minor + 100)
      await expect.poll(() => priceIn(a), { timeout: 3000 }).toBe(item!.price_minor + 100)
    } finally {
      await sql.end()
    }
  })
})
