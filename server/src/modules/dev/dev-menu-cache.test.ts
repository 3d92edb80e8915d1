import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locations } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/dev/menu-cache (SANDBOX only): the bench’s menu cache hit ratio', () => {
  it('counts the first read of a menu as a miss and the repeat of the same version as a hit', async () => {
    const [soma] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.locationSlug, 'olive-tree-soma'))
    const counts = async () => (await t.get('/dev/menu-cache')).body as { hits: number; misses: number }
    const before = await counts()
    const read = () => t.postEncrypted('/merchants/menu/v2', { locationId: soma!.id, menuType: 'pickup', visibleTo: ['C'] })
    expect((await read()).status).toBe(200)
    const afterFirst = await counts()
    expect(afterFirst.misses - before.misses).toBe(1)
    expect((await read()).status).toBe(200)
    const afterSecond = await counts()
    expect(afterSecond.hits - afterFirst.hits).toBe(1)
    expect(afterSecond.misses).toBe(afterFirst.misses)
  })
})
