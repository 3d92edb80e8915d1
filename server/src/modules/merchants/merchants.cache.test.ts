import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MenuResponse } from '@/shared/api/contracts/merchants'
import { decryptPayload, encryptPayload } from '@/shared/lib/crypto/payload'
import { locations, menuItems } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { writeAndHearMenuNotice } from '../../test/menu-notice'
import { PUBLIC_REVALIDATE } from '../../lib/wire'
import { createApiClient } from '@/shared/api/client'
import { callAs, createTestCustomer } from '../../test/signed-in-client'

let t: TestApp
let oliveId: string
beforeAll(async () => {
  t = await createTestApp()
  const [olive] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.locationSlug, 'olive-tree-soma'))
  oliveId = olive!.id
})
afterAll(() => t.close())

const postEncrypted = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.request(`/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ data: encryptPayload(payload, t.env.PAYLOAD_KEY) }),
  })
const menuV2 = (headers?: Record<string, string>) =>
  postEncrypted('/merchants/menu/v2', { locationId: oliveId, menuType: 'pickup', visibleTo: ['C'] }, headers)
const changeMenu = (locationId: string, write: () => Promise<unknown>) => writeAndHearMenuNotice(t, locationId, write)

const menuGet = (headers?: Record<string, string>) => t.app.request(`/api/merchants/locations/${oliveId}/menu?orderType=pickup`, { headers })

describe('ETag and 304 on public merchant reads', () => {
  it('gives the same strong ETag to the same menu, and a body that decrypts to it', async () => {
    const first = await menuV2()
    const second = await menuV2()
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]{20,}"$/)
    expect(second.headers.get('etag')).toBe(etag)
    expect(decryptPayload(await second.text(), t.env.PAYLOAD_KEY)).toEqual(decryptPayload(await first.text(), t.env.PAYLOAD_KEY))
    expect(first.headers.get('cache-control')).toBe(PUBLIC_REVALIDATE)
    // The GET form answers the same menu, so the same tag.
    expect((await menuGet()).headers.get('etag')).toBe(etag)
  })

  it('answers 304 with no body when If-None-Match names the current ETag, 200 otherwise', async () => {
    const etag = (await menuV2()).headers.get('etag')!
    const notModified = await menuV2({ 'If-None-Match': etag })
    expect(notModified.status).toBe(304)
    expect(await notModified.text()).toBe('')
    expect(notModified.headers.get('etag')).toBe(etag)
    const listed = await menuGet({ 'If-None-Match': `"other", W/${etag}` })
    expect(listed.status).toBe(304)
    const stale = await menuV2({ 'If-None-Match': '"not-the-menu"' })
    expect(stale.status).toBe(200)
    expect((decryptPayload(await stale.text(), t.env.PAYLOAD_KEY) as MenuResponse).locationId).toBe(oliveId)
  })

  it('gives a menu a new ETag once an item changes, and the old tag then gets the full menu', async () => {
    const before = (await menuV2()).headers.get('etag')!
    const [item] = await t.db.select().from(menuItems).where(eq(menuItems.locationId, oliveId)).limit(1)
    await changeMenu(oliveId, () => t.db.update(menuItems).set({ priceMinor: item!.priceMinor + 100 }).where(and(eq(menuItems.id, item!.id))))
    const after = await menuV2({ 'If-None-Match': before })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(before)
    const menu = decryptPayload(await after.text(), t.env.PAYLOAD_KEY) as MenuResponse
    expect(menu.items.find((i) => i.id === item!.id)?.price).toBe(item!.priceMinor + 100)
  })

  it('tags restaurant search and detail reads, each by its own answer', async () => {
    const all = await postEncrypted('/customer/findMerchant/v2', {})
    const bengaluru = await postEncrypted('/customer/findMerchant/v2', { cityName: 'bengaluru' })
    expect(all.headers.get('etag')).toBeTruthy()
    expect(bengaluru.headers.get('etag')).not.toBe(all.headers.get('etag'))
    const detail = await postEncrypted('/merchants/locations/slug', { slug: 'olive-tree-soma' })
    const again = await postEncrypted('/merchants/locations/slug', { slug: 'olive-tree-soma' }, { 'If-None-Match': detail.headers.get('etag')! })
    expect(again.status).toBe(304)
    expect(again.headers.get('cache-control')).toBe(PUBLIC_REVALIDATE)
  })

  it('never tags an error, nor marks private, signed-in answers as shareable', async () => {
    const missing = await postEncrypted('/merchants/locations/slug', { slug: 'no-such-place' })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('etag')).toBeNull()
    expect(missing.headers.get('cache-control') ?? '').not.toContain('public')
    const asha = await createTestCustomer(t, 'Asha', '+14155550299')
    const profile = await callAs(t, asha, 'POST', '/customer/profile/v2', { id: asha.id }, { 'If-None-Match': '*' })
    expect(profile.status).toBe(200)
    expect(profile.headers.get('etag')).toBeNull()
    expect(profile.headers.get('cache-control') ?? '').not.toContain('public')
  })
})

describe('the web app client on revalidated reads', () => {
  it('sends If-None-Match and reuses its copy on 304, and takes the new menu once it changes', async () => {
    const statuses: number[] = []
    const client = createApiClient('http://tablefront.test/api', (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await t.app.request(String(input), init)
      statuses.push(response.status)
      return response
    }) as typeof fetch)
    const read = () => client.post<MenuResponse>('/merchants/menu/v2', { locationId: oliveId, menuType: 'pickup', visibleTo: ['C'] }, { encrypted: true })
    const first = (await read()) as MenuResponse
    const second = (await read()) as MenuResponse
    expect(statuses).toEqual([200, 304])
    expect(second).toEqual(first)
    const [item] = await t.db.select().from(menuItems).where(eq(menuItems.locationId, oliveId)).limit(1)
    await changeMenu(oliveId, () => t.db.update(menuItems).set({ name: 'Renamed for the cache test' }).where(eq(menuItems.id, item!.id)))
    const third = (await read()) as MenuResponse
    expect(statuses).toEqual([200, 304, 200])
    expect(third.items.find((i) => i.id === item!.id)?.name).toBe('Renamed for the cache test')
    // Another menu type is another entry, fetched in full.
    await client.post('/merchants/menu/v2', { locationId: oliveId, menuType: 'delivery', visibleTo: ['C'] }, { encrypted: true })
    expect(statuses.at(-1)).toBe(200)
  })
})
