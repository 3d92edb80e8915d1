import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Favourite, FavouritesResponse } from '@/shared/api/contracts/favourites'
import { customers, favourites, locations, menuItems } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { randomUUID } from 'node:crypto'
import { startSession } from '../auth/sessions'
import { signAccessToken } from '../auth/tokens'

let t: TestApp
let asha: { id: string; token: string }
let ben: { id: string; token: string }
const olive = { id: '', itemId: '', otherItemId: '', staffItemId: '' }
const brewLab = { id: '', itemId: '' }

async function createCustomer(firstName: string, mobilePhone: string) {
  const [row] = await t.db.insert(customers).values({ firstName, mobilePhone }).returning()
  return { id: row!.id, token: (await startSession(t.db, t.env.TOKEN_SECRET, row!.id)).accessToken }
}

async function call(method: 'GET' | 'POST' | 'DELETE', path: string, token: string | undefined, body?: unknown) {
  const headers: Record<string, string> = {}
  if (token) headers.Authorization = `Bearer ${token}`
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await t.app.request(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, headers: response.headers, body: (await response.json()) as any }
}

const list = async (who: { id: string; token: string }, locationId?: string) =>
  (await call('GET', `/favourites?customerId=${who.id}${locationId ? `&locationId=${locationId}` : ''}`, who.token))
    .body as FavouritesResponse

async function location(slug: string) {
  const [row] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.locationSlug, slug))
  return row!.id
}

async function items(locationId: string, staffOnly = false) {
  return t.db
    .select({ id: menuItems.id, name: menuItems.name })
    .from(menuItems)
    .where(
      and(
        eq(menuItems.locationId, locationId),
        staffOnly ? sql`not ${menuItems.visibleTo} @> '["C"]'::jsonb` : sql`${menuItems.visibleTo} @> '["C"]'::jsonb`,
      ),
    )
}

beforeAll(async () => {
  t = await createTestApp()
  asha = await createCustomer('Asha', '+14155550101')
  ben = await createCustomer('Ben', '+14155550102')
  olive.id = await location('olive-tree-soma')
  const oliveItems = await items(olive.id)
  olive.itemId = oliveItems[0]!.id
  olive.otherItemId = oliveItems[1]!.id
  olive.staffItemId = (await items(olive.id, true))[0]!.id
  brewLab.id = await location('brew-lab')
  brewLab.itemId = (await items(brewLab.id))[0]!.id
})
afterAll(() => t.close())

describe('favourite restaurants and items', () => {
  it('adds a restaurant and an item and lists them with what a list needs to show them', async () => {
    const restaurant = await call('POST', '/favourites', asha.token, { customerId: asha.id, locationId: olive.id })
    expect(restaurant.status).toBe(201)
    expect(restaurant.body).toMatchObject({ customerId: asha.id, locationId: olive.id, itemId: null, id: expect.any(String) })
    const item = await call('POST', '/favourites', asha.token, { customerId: asha.id, locationId: olive.id, itemId: olive.itemId })
    expect(item.status).toBe(201)
    expect((item.body as Favourite).itemId).toBe(olive.itemId)

    const all = await list(asha)
    expect(all.restaurants).toEqual([
      expect.objectContaining({
        locationId: olive.id,
        merchantName: 'Olive Tree',
        merchantType: 'restaurant',
        locationSlug: 'olive-tree-soma',
        branchName: expect.any(String),
        city: 'San Francisco',
        logo: expect.objectContaining({ url: expect.stringMatching(/^\/api\/media\/LOGO\//) }),
      }),
    ])
    expect(all.items).toEqual([
      expect.objectContaining({
        itemId: olive.itemId,
        locationId: olive.id,
        name: expect.any(String),
        slug: expect.any(String),
        price: expect.any(Number),
        currency: 'USD',
        locationSlug: 'olive-tree-soma',
      }),
    ])
  })

  it('is idempotent: adding twice keeps one favourite, removing twice is fine', async () => {
    const first = await call('POST', '/favourites', asha.token, { customerId: asha.id, locationId: brewLab.id, itemId: brewLab.itemId })
    const again = await call('POST', '/favourites', asha.token, { customerId: asha.id, locationId: brewLab.id, itemId: brewLab.itemId })
    expect(first.status).toBe(201)
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(first.body.id)
    const rows = await t.db.select().from(favourites).where(eq(favourites.itemId, brewLab.itemId))
    expect(rows).toHaveLength(1)

    const removed = await call('DELETE', '/favourites', asha.token, { customerId: asha.id, locationId: brewLab.id, itemId: brewLab.itemId })
    expect(removed).toMatchObject({ status: 200, body: { removed: true } })
    const removedAgain = await call('DELETE', '/favourites', asha.token, { customerId: asha.id, locationId: brewLab.id, itemId: brewLab.itemId })
    expect(removedAgain).toMatchObject({ status: 200, body: { removed: false } })
    expect((await list(asha)).items.map((i) => i.itemId)).not.toContain(brewLab.itemId)
  })

  it('removes a restaurant favourite without touching the favourite items of that restaurant', async () => {
    await call('POST', '/favourites', asha.token, { customerId: asha.id, locationId: brewLab.id })
    await call('POST', '/favourites', asha.token, { customerId: asha.id, locationId: brewLab.id, itemId: brewLab.itemId })
    const removed = await call('DELETE', '/favourites', asha.token, { customerId: asha.id, locationId: brewLab.id })
    expect(removed.body).toEqual({ removed: true })
    const atBrewLab = await list(asha, brewLab.id)
    expect(atBrewLab.restaurants).toEqual([])
    expect(atBrewLab.items.map((i) => i.itemId)).toEqual([brewLab.itemId])
  })

  it('with locationId returns only that restaurant: its own flag and its items', async () => {
    await call('POST', '/favourites', asha.token, { customerId: asha.id, locationId: olive.id, itemId: olive.otherItemId })
    const atOlive = await list(asha, olive.id)
    expect(atOlive.restaurants.map((r) => r.locationId)).toEqual([olive.id])
    expect(atOlive.items.map((i) => i.itemId).sort()).toEqual([olive.itemId, olive.otherItemId].sort())
    expect(atOlive.items.every((i) => i.locationId === olive.id)).toBe(true)
    const all = await list(asha)
    expect(all.items.map((i) => i.locationId)).toContain(brewLab.id)
    expect(all.items[0]!.itemId).toBe(olive.otherItemId) // newest first
  })

  it('answers with Cache-Control: no-store, as authenticated data', async () => {
    const response = await call('GET', `/favourites?customerId=${asha.id}`, asha.token)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })
})

describe('ownership (docs/accounts.md, "Whose data")', () => {
  it("never shows or changes another customer's favourites: 404 as if they did not exist", async () => {
    const before = await list(asha)
    expect(before.restaurants.length + before.items.length).toBeGreaterThan(0)

    const read = await call('GET', `/favourites?customerId=${asha.id}`, ben.token)
    expect(read.status).toBe(404)
    expect(read.body).toEqual({ status: 404, message: 'The customer was not found.', code: 'not_found' })
    expect(JSON.stringify(read.body)).not.toContain(olive.id)

    const remove = await call('DELETE', '/favourites', ben.token, { customerId: asha.id, locationId: olive.id })
    expect(remove.status).toBe(404)
    const add = await call('POST', '/favourites', ben.token, { customerId: asha.id, locationId: brewLab.id })
    expect(add.status).toBe(404)
    expect(await list(asha)).toEqual(before)
  })

  it("keeps each customer's favourites apart", async () => {
    await call('POST', '/favourites', ben.token, { customerId: ben.id, locationId: brewLab.id })
    expect((await list(ben)).restaurants.map((r) => r.locationId)).toEqual([brewLab.id])
    expect((await list(ben)).items).toEqual([])
    expect((await list(asha)).restaurants.map((r) => r.locationId)).not.toContain(brewLab.id)
  })
})

describe('authentication', () => {
  it('answers 401 without a token, on every method', async () => {
    const key = { customerId: asha.id, locationId: olive.id }
    for (const [method, body] of [['GET', undefined], ['POST', key], ['DELETE', key]] as const) {
      const path = method === 'GET' ? `/favourites?customerId=${asha.id}` : '/favourites'
      const response = await call(method, path, undefined, body)
      expect(response.status).toBe(401)
      expect(response.body).toEqual({ status: 401, message: 'Please sign in to continue.', code: 'unauthenticated' })
    }
  })

  it('answers 401 for an expired token and changes nothing', async () => {
    const expired = await signAccessToken(asha.id, randomUUID(), t.env.TOKEN_SECRET, Date.now() - 16 * 60_000)
    const response = await call('DELETE', '/favourites', expired, { customerId: asha.id, locationId: olive.id })
    expect(response.status).toBe(401)
    expect(response.body.code).toBe('token_expired')
    expect((await list(asha, olive.id)).restaurants).toHaveLength(1)
  })

  it('answers 401 for a token signed with another secret', async () => {
    const forged = await signAccessToken(asha.id, randomUUID(), 'not-the-server-secret-but-32-characters-long')
    expect((await call('GET', `/favourites?customerId=${asha.id}`, forged)).status).toBe(401)
  })

  it('answers 401 when the customer of a valid token no longer exists', async () => {
    const gone = await createCustomer('Gone', '+14155550199')
    await t.db.delete(customers).where(eq(customers.id, gone.id))
    const response = await call('POST', '/favourites', gone.token, { customerId: gone.id, locationId: olive.id })
    expect(response.status).toBe(401)
    expect(t.errors).toEqual([])
  })
})

describe('bad input', () => {
  it('answers 400 naming the field for malformed ids', async () => {
    const badLocation = await call('POST', '/favourites', asha.token, { customerId: asha.id, locationId: "1' or 1=1" })
    expect(badLocation.status).toBe(400)
    expect(badLocation.body).toEqual({ status: 400, message: 'Invalid request: locationId must be a location id.', code: 'invalid_request' })
    const badItem = await call('DELETE', '/favourites', asha.token, { customerId: asha.id, locationId: olive.id, itemId: 42 })
    expect(badItem.status).toBe(400)
    expect(badItem.body.message).toMatch(/itemId must be an item id/)
    const badQuery = await call('GET', '/favourites?customerId=me', asha.token)
    expect(badQuery.status).toBe(400)
    expect(badQuery.body.message).toMatch(/customerId must be a customer id/)
    const missing = await call('GET', '/favourites', asha.token)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toMatch(/customerId/)
  })

  it('answers 400 for a body that is not JSON or is empty', async () => {
    expect((await call('POST', '/favourites', asha.token, '{not json')).body.code).toBe('malformed_json')
    expect((await call('DELETE', '/favourites', asha.token, '')).body.code).toBe('empty_body')
  })

  it('answers 404 for an unknown restaurant or item, and for a staff-only item', async () => {
    const nowhere = '00000000-0000-4000-8000-000000000000'
    const unknownLocation = await call('POST', '/favourites', asha.token, { customerId: asha.id, locationId: nowhere })
    expect(unknownLocation.status).toBe(404)
    expect(unknownLocation.body.message).toBe('The restaurant was not found.')
    expect((await call('GET', `/favourites?customerId=${asha.id}&locationId=${nowhere}`, asha.token)).status).toBe(404)
    const unknownItem = await call('POST', '/favourites', asha.token, { customerId: asha.id, locationId: olive.id, itemId: nowhere })
    expect(unknownItem.status).toBe(404)
    expect(unknownItem.body.message).toBe('The menu item was not found.')
    const staffOnly = await call('POST', '/favourites', asha.token, { customerId: asha.id, locationId: olive.id, itemId: olive.staffItemId })
    expect(staffOnly.status).toBe(404)
  })

  it('answers 400 for an item of another restaurant', async () => {
    const response = await call('POST', '/favourites', asha.token, { customerId: asha.id, locationId: olive.id, itemId: brewLab.itemId })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({
      status: 400,
      message: 'Invalid request: itemId is not on the menu of locationId.',
      code: 'item_not_at_location',
    })
  })

  it('logged no server error for any of it', () => {
    expect(t.errors).toEqual([])
  })
})
