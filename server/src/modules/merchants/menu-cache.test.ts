import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { MenuResponse } from '@/shared/api/contracts/merchants'
import { decryptPayload } from '../../lib/cipher'
import { locations, media, menuCategories, menuItems, menuSubCategories, modifierOptions, modifiers, orderTypes } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { createMenuCache, MENU_VERSION_CHANNEL } from './menu-cache'
import { menuSource } from './menu'

let t: TestApp
let oliveId: string
let spiceId: string
beforeAll(async () => {
  t = await createTestApp()
  const rows = await t.db.select({ id: locations.id, slug: locations.locationSlug }).from(locations)
  oliveId = rows.find((r) => r.slug === 'olive-tree-soma')!.id
  spiceId = rows.find((r) => r.slug !== 'olive-tree-soma')!.id
})
afterAll(() => t.close())

const versionOf = async (locationId: string) =>
  (await t.db.select({ v: locations.menuVersion }).from(locations).where(eq(locations.id, locationId)))[0]!.v

/** Runs `change` and answers by how much each of the two locations' menu versions moved. */
async function bumps(change: () => Promise<unknown>) {
  const before = [await versionOf(oliveId), await versionOf(spiceId)]
  await change()
  return [(await versionOf(oliveId)) - before[0]!, (await versionOf(spiceId)) - before[1]!]
}

const firstItem = async () => (await t.db.select().from(menuItems).where(eq(menuItems.locationId, oliveId)).limit(1))[0]!

describe('menu versions (migration 0008)', () => {
  it('goes up once for each write to anything a menu is built from, only at its own location', async () => {
    const item = await firstItem()
    expect(await bumps(() => t.db.update(menuItems).set({ priceMinor: item.priceMinor + 1 }).where(eq(menuItems.id, item.id)))).toEqual([1, 0])
    expect(await bumps(() => t.db.update(menuItems).set({ alertQuantity: 2 }).where(eq(menuItems.id, item.id)))).toEqual([1, 0])
    const [category] = await t.db.select().from(menuCategories).where(eq(menuCategories.locationId, oliveId)).limit(1)
    expect(await bumps(() => t.db.update(menuCategories).set({ description: 'Changed' }).where(eq(menuCategories.id, category!.id)))).toEqual([1, 0])
    const [sub] = await t.db.insert(menuSubCategories).values({ categoryId: category!.id, name: 'New shelf' }).returning()
    expect(await bumps(() => t.db.update(menuSubCategories).set({ name: 'Renamed shelf' }).where(eq(menuSubCategories.id, sub!.id)))).toEqual([1, 0])
    expect(await bumps(() => t.db.delete(menuSubCategories).where(eq(menuSubCategories.id, sub!.id)))).toEqual([1, 0])
    const [modifier] = await t.db.insert(modifiers).values({ itemId: item.id, name: 'Extra' }).returning()
    const [option] = await t.db.insert(modifierOptions).values({ modifierId: modifier!.id, name: 'Olives', priceMinor: 50 }).returning()
    expect(await bumps(() => t.db.update(modifierOptions).set({ priceMinor: 75 }).where(eq(modifierOptions.id, option!.id)))).toEqual([1, 0])
    expect(await bumps(() => t.db.update(modifiers).set({ maxSelect: 2 }).where(eq(modifiers.id, modifier!.id)))).toEqual([1, 0])
    expect(await bumps(() => t.db.delete(modifiers).where(eq(modifiers.id, modifier!.id)))).toEqual([1, 0])
    const [type] = await t.db.select().from(orderTypes).where(eq(orderTypes.locationId, oliveId)).limit(1)
    expect(await bumps(() => t.db.update(orderTypes).set({ name: type!.name + ' ' }).where(eq(orderTypes.id, type!.id)))).toEqual([1, 0])
    expect(await bumps(() => t.db.update(locations).set({ defaultItemTaxBp: 725 }).where(eq(locations.id, oliveId)))).toEqual([1, 0])
    expect(await bumps(() => t.db.update(locations).set({ isActive: true }).where(eq(locations.id, oliveId)))).toEqual([0, 0])
    // What no menu shows leaves the version alone.
    expect(await bumps(() => t.db.update(locations).set({ aboutUs: 'New words' }).where(eq(locations.id, oliveId)))).toEqual([0, 0])
  })

  it('moves only when the stock a diner sees changes: not for a sale that leaves more than the alert quantity, but when it enters "only N left", sells out or comes back', async () => {
    const item = await firstItem()
    const stock = (stockQuantity: number | null) => bumps(() => t.db.update(menuItems).set({ stockQuantity }).where(eq(menuItems.id, item.id)))
    await t.db.update(menuItems).set({ stockQuantity: 10, alertQuantity: 3 }).where(eq(menuItems.id, item.id))
    expect(await stock(9)).toEqual([0, 0])
    expect(await stock(4)).toEqual([0, 0])
    expect(await stock(3)).toEqual([1, 0])
    expect(await stock(2)).toEqual([1, 0])
    expect(await stock(0)).toEqual([1, 0])
    expect(await stock(0)).toEqual([0, 0])
    expect(await stock(8)).toEqual([1, 0])
    // Unlimited again: the menu still shows no count and no "sold out".
    expect(await stock(null)).toEqual([0, 0])
    expect(await stock(0)).toEqual([1, 0])
    expect(await stock(null)).toEqual([1, 0])
    // A price, a name or the alert quantity is seen by the diner.
    expect(await bumps(() => t.db.update(menuItems).set({ priceMinor: item.priceMinor + 5 }).where(eq(menuItems.id, item.id)))).toEqual([1, 0])
    // The last change's notice heard, so the notices of all of these (PostgreSQL sends them a moment after each commit, in order) are behind the next test.
    const heard: string[] = []
    const stop = await t.listen(MENU_VERSION_CHANNEL, (payload) => heard.push(payload))
    try {
      expect(await bumps(() => t.db.update(menuItems).set({ priceMinor: item.priceMinor, alertQuantity: null }).where(eq(menuItems.id, item.id)))).toEqual([1, 0])
      await expect.poll(() => heard).toContain(oliveId)
    } finally {
      await stop()
    }
  })

  it('goes up once per location for a write to many rows, at every location it touches', async () => {
    const both = await t.db.select({ id: menuItems.id }).from(menuItems).where(inArray(menuItems.locationId, [oliveId, spiceId]))
    expect(both.length).toBeGreaterThan(10)
    expect(await bumps(() => t.db.update(menuItems).set({ alertQuantity: 3 }).where(inArray(menuItems.id, both.map((i) => i.id))))).toEqual([1, 1])
  })

  it('goes up at both locations when a dish moves, once for a statement that changes both the stock shown and another column, and not for a write that changes nothing', async () => {
    const item = await firstItem()
    const [spiceCategory] = await t.db.select().from(menuCategories).where(eq(menuCategories.locationId, spiceId)).limit(1)
    expect(await bumps(() => t.db.update(menuItems).set({ locationId: spiceId, categoryId: spiceCategory!.id }).where(eq(menuItems.id, item.id)))).toEqual([1, 1])
    expect(await bumps(() => t.db.update(menuItems).set({ locationId: oliveId, categoryId: item.categoryId }).where(eq(menuItems.id, item.id)))).toEqual([1, 1])
    expect(await bumps(() => t.db.update(menuItems).set({ description: `${item.description} (new)`, stockQuantity: 0 }).where(eq(menuItems.id, item.id)))).toEqual([1, 0])
    const twice = () =>
      t.db.transaction(async (tx) => {
        await tx.update(menuItems).set({ description: item.description }).where(eq(menuItems.id, item.id))
        await tx.update(menuItems).set({ stockQuantity: 5 }).where(eq(menuItems.id, item.id))
      })
    // Two statements, two bumps; the second's note does not outlive its statement.
    expect(await bumps(twice)).toEqual([2, 0])
    expect(await bumps(() => t.db.update(menuItems).set({ priceMinor: item.priceMinor }).where(eq(menuItems.id, item.id)))).toEqual([0, 0])
    expect(await bumps(() => t.db.update(menuItems).set({ priceMinor: item.priceMinor, name: item.name }).where(eq(menuItems.id, item.id)))).toEqual([0, 0])
  })

  it('watches every column of a dish: the trigger of all but the stock lists each of them (a new column must join it)', async () => {
    const listed = await t.db.execute<{ name: string }>(sql`
      select a.attname as name from pg_trigger g join pg_attribute a on a.attrelid = g.tgrelid and a.attnum = any(g.tgattr::int2[])
      where g.tgname = 'menu_items_menu_version_update' order by 1`)
    const columns = await t.db.execute<{ name: string }>(sql`
      select attname as name from pg_attribute where attrelid = 'menu_items'::regclass and attnum > 0 and not attisdropped and attgenerated = ''
        and attname <> 'stock_quantity' order by 1`)
    const names = (result: unknown) => ((result as { rows?: { name: string }[] }).rows ?? (result as { name: string }[])).map((row) => row.name)
    expect(names(columns).length).toBeGreaterThan(15)
    expect(names(listed)).toEqual(names(columns))
  })

  it('goes up when an image a menu shows changes, at the locations of its merchant', async () => {
    const [image] = await t.db.select({ id: media.id }).from(media).where(eq(media.locationId, oliveId)).limit(1)
    expect(image).toBeDefined()
    const [moved] = await bumps(() => t.db.update(media).set({ altText: 'A new description' }).where(eq(media.id, image!.id)))
    expect(moved).toBe(1)
  })

  it('names the location on the menu_version channel when the change commits', async () => {
    const heard: string[] = []
    const stop = await t.listen(MENU_VERSION_CHANNEL, (payload) => heard.push(payload))
    try {
      const item = await firstItem()
      await t.db.transaction(async (tx) => {
        await tx.update(menuItems).set({ name: 'Inside a transaction' }).where(eq(menuItems.id, item.id))
        await tx.update(menuItems).set({ name: item.name }).where(eq(menuItems.id, item.id))
      })
      await expect.poll(() => heard).toContain(oliveId)
      // One notice per transaction and location (PostgreSQL folds equal payloads).
      expect(heard.filter((id) => id === oliveId)).toHaveLength(1)
    } finally {
      await stop()
    }
  })
})

describe('the menu cache', () => {
  const service = () => menuSource(t.db, t.env.PUBLIC_API_BASE)
  const open = (ciphertext: Uint8Array) => decryptPayload(Buffer.from(ciphertext).toString('latin1'), t.env.PAYLOAD_KEY) as MenuResponse

  it('builds a menu once, then answers it from memory while its version holds', async () => {
    const merchants = service()
    const versions = vi.spyOn(merchants, 'menuVersions')
    // A clock that stands still: a version known from the notifications is not also re-read for its
    // age (maxAgeMs, 1 s) when the 21 reads take longer than that on a busy machine.
    const cache = createMenuCache(merchants, t.env.PAYLOAD_KEY, { listen: t.listen, now: () => 0 })
    await expect.poll(() => cache.stats().listening).toBe(true)
    const first = await cache.read(oliveId, 'pickup', ['C'])
    const again = await Promise.all(Array.from({ length: 20 }, () => cache.read(oliveId, 'pickup', ['C'])))
    expect(cache.stats().builds).toBe(1)
    expect(again.every((entry) => entry === first)).toBe(true)
    // The version was read once and then known from the notifications.
    expect(versions.mock.calls.length).toBe(1)
    expect(open(first.ciphertext).locationId).toBe(oliveId)
  })

  it('answers a change with a new build, on PGlite already at the very next read', async () => {
    const cache = createMenuCache(service(), t.env.PAYLOAD_KEY, { listen: t.listen })
    await expect.poll(() => cache.stats().listening).toBe(true)
    const before = await cache.read(oliveId, 'pickup', ['C'])
    const item = await firstItem()
    await t.db.update(menuItems).set({ name: 'Read right after the write' }).where(eq(menuItems.id, item.id))
    const read = () => cache.read(oliveId, 'pickup', ['C']).then((entry) => open(entry.ciphertext).items.find((i) => i.id === item.id)?.name)
    if (t.kind === 'pglite') expect(await read()).toBe('Read right after the write')
    else await expect.poll(read).toBe('Read right after the write')
    const after = await cache.read(oliveId, 'pickup', ['C'])
    expect(after.etag).not.toBe(before.etag)
    expect(after.version).toBeGreaterThan(before.version)
  })

  it('shares one build among the reads that arrive together after a change', async () => {
    const cache = createMenuCache(service(), t.env.PAYLOAD_KEY, { listen: t.listen })
    await cache.read(spiceId, 'pickup', ['C'])
    const item = (await t.db.select().from(menuItems).where(eq(menuItems.locationId, spiceId)).limit(1))[0]!
    await t.db.update(menuItems).set({ priceMinor: item.priceMinor + 10 }).where(eq(menuItems.id, item.id))
    const builds = cache.stats().builds
    const reads = await Promise.all(Array.from({ length: 10 }, () => cache.read(spiceId, 'pickup', ['C'])))
    expect(cache.stats().builds).toBe(builds + 1)
    expect(new Set(reads.map((r) => r.etag)).size).toBe(1)
    expect(open(reads[0]!.ciphertext).items.find((i) => i.id === item.id)?.price).toBe(item.priceMinor + 10)
  })

  it('asks the database again after maxAgeMs when a notification never came', async () => {
    let clock = 0
    // LISTEN in place, but deaf: the notifications of this change are lost.
    const deaf = async (_channel: string, _onNotify: (payload: string) => void, onListen?: () => void) => {
      onListen?.()
      return async () => {}
    }
    const cache = createMenuCache(service(), t.env.PAYLOAD_KEY, { listen: deaf, maxAgeMs: 1000, now: () => clock })
    const before = await cache.read(oliveId, 'pickup', ['C'])
    const item = await firstItem()
    await t.db.update(menuItems).set({ priceMinor: item.priceMinor + 5 }).where(eq(menuItems.id, item.id))
    clock = 999
    expect((await cache.read(oliveId, 'pickup', ['C'])).etag).toBe(before.etag)
    clock = 1000
    const after = await cache.read(oliveId, 'pickup', ['C'])
    expect(after.etag).not.toBe(before.etag)
    expect(open(after.ciphertext).items.find((i) => i.id === item.id)?.price).toBe(item.priceMinor + 5)
  })

  it('without notifications asks for the version on every read, and still builds once', async () => {
    const merchants = service()
    const versions = vi.spyOn(merchants, 'menuVersions')
    const cache = createMenuCache(merchants, t.env.PAYLOAD_KEY)
    await cache.read(oliveId, 'pickup', ['C'])
    await cache.read(oliveId, 'pickup', ['C'])
    await cache.read(oliveId, 'pickup', ['C'])
    expect(versions.mock.calls.length).toBe(3)
    expect(cache.stats()).toMatchObject({ builds: 1, listening: false })
  })

  it('keeps each menu type and audience apart, and never more bytes than allowed', async () => {
    const probe = createMenuCache(service(), t.env.PAYLOAD_KEY)
    const sizes = await Promise.all([
      probe.read(oliveId, 'pickup', ['C']),
      probe.read(oliveId, 'pickup', ['S', 'C']),
    ]).then((entries) => entries.map((entry) => entry.ciphertext.length))
    const maxBytes = sizes[0]! + sizes[1]! + 10
    const cache = createMenuCache(service(), t.env.PAYLOAD_KEY, { maxBytes })
    const pickup = await cache.read(oliveId, 'pickup', ['C'])
    const staff = await cache.read(oliveId, 'pickup', ['S', 'C'])
    expect(open(staff.ciphertext).items.length).toBeGreaterThanOrEqual(open(pickup.ciphertext).items.length)
    expect(cache.stats().entries).toBe(2)
    // The same audience in another order is the same answer.
    await cache.read(oliveId, 'pickup', ['C', 'S'])
    expect(cache.stats().builds).toBe(2)
    // A third answer pushes out the least recently used one.
    const delivery = await cache.read(oliveId, 'delivery', ['C'])
    expect(delivery.etag).not.toBe(pickup.etag)
    expect(cache.stats().entries).toBeLessThan(3)
    expect(cache.stats().bytes).toBeLessThanOrEqual(maxBytes)
    await cache.read(oliveId, 'pickup', ['C'])
    expect(cache.stats().builds).toBe(4)
  })

  it('while the database is unavailable, answers the menu it already has, and passes on the error for one it has not or for any other failure', async () => {
    const merchants = service()
    const cache = createMenuCache(merchants, t.env.PAYLOAD_KEY)
    const kept = await cache.read(oliveId, 'pickup', ['C'])
    const versions = vi.spyOn(merchants, 'menuVersions').mockRejectedValue(new Error('write CONNECTION_CLOSED 127.0.0.1:5432', { cause: Object.assign(new Error('closed'), { code: 'CONNECTION_CLOSED' }) }))
    expect(await cache.read(oliveId, 'pickup', ['C'])).toBe(kept)
    expect(cache.stats().unavailableHits).toBe(1)
    await expect(cache.read(spiceId, 'pickup', ['C'])).rejects.toThrow(/CONNECTION_CLOSED/)
    // A fault that is not the database being away is not hidden behind an old answer.
    versions.mockRejectedValue(Object.assign(new Error('syntax error'), { code: '42601' }))
    await expect(cache.read(oliveId, 'pickup', ['C'])).rejects.toThrow(/syntax error/)
    versions.mockRestore()
    expect((await cache.read(oliveId, 'pickup', ['C'])).etag).toBe(kept.etag)
  })

  it('keeps the 404s of a missing location or menu type, and caches neither', async () => {
    const cache = createMenuCache(service(), t.env.PAYLOAD_KEY, { listen: t.listen })
    await expect(cache.read('00000000-0000-4000-8000-000000000000', 'pickup', ['C'])).rejects.toMatchObject({ status: 404 })
    await expect(cache.read(oliveId, 'no-such-type', ['C'])).rejects.toMatchObject({ status: 404, code: 'menu_type_not_offered' })
    expect(cache.stats().entries).toBe(0)
  })

  it('stops answering a location the moment it is hidden', async () => {
    const cache = createMenuCache(service(), t.env.PAYLOAD_KEY, { listen: t.listen })
    await expect.poll(() => cache.stats().listening).toBe(true)
    await cache.read(spiceId, 'pickup', ['C'])
    await t.db.update(locations).set({ isActive: false }).where(eq(locations.id, spiceId))
    try {
      const read = () => cache.read(spiceId, 'pickup', ['C']).then(() => 200, (error: { status: number }) => error.status)
      if (t.kind === 'pglite') expect(await read()).toBe(404)
      else await expect.poll(read).toBe(404)
    } finally {
      await t.db.update(locations).set({ isActive: true }).where(eq(locations.id, spiceId))
    }
  })
})
