import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  FindMerchantResponse,
  MenuResponse,
  MerchantDetails,
  RestaurantDetail,
} from '@/shared/api/contracts/merchants'
import { createApiClient, isErrorBody } from '@/shared/api/client'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const detailBySlug = async (slug: string) => (await t.postEncrypted('/merchants/locations/slug', { slug })).body as RestaurantDetail

describe('POST /customer/findMerchant/v2', () => {
  it('lists every seeded restaurant as encrypted text/plain', async () => {
    const response = await t.postEncrypted('/customer/findMerchant/v2', {})
    expect(response.status).toBe(200)
    expect(response.contentType).toContain('text/plain')
    expect(response.text).toMatch(/^U2FsdGVkX1/)
    const body = response.body as FindMerchantResponse
    expect(body.totalElements).toBeGreaterThanOrEqual(10)
    const first = body.content[0]!
    expect(first).toMatchObject({ merchantName: expect.any(String), locationSlug: expect.any(String), open: expect.any(Number) })
    expect(new Set(body.content.map((r) => r.merchantType)).size).toBeGreaterThanOrEqual(4)
  })

  it('filters by city, by merchant type and by words', async () => {
    const byCity = (await t.postEncrypted('/customer/findMerchant/v2', { cityName: 'bengaluru' })).body as FindMerchantResponse
    expect(byCity.content.length).toBeGreaterThan(0)
    expect(byCity.content.every((r) => r.city === 'Bengaluru' && r.currency === 'INR')).toBe(true)
    const cafes = (await t.postEncrypted('/customer/findMerchant/v2', { merchantType: 'cafe' })).body as FindMerchantResponse
    expect(cafes.content.every((r) => r.merchantType === 'cafe')).toBe(true)
    const sushi = (await t.postEncrypted('/customer/findMerchant/v2', { query: 'sushi' })).body as FindMerchantResponse
    expect(sushi.content.map((r) => r.locationSlug)).toContain('hanami-sushi')
  })

  it('sorts by distance from a point and pages the result', async () => {
    const soma = { lat: 37.7817, lng: -122.4012 }
    const body = (await t.postEncrypted('/customer/findMerchant/v2', { ...soma, size: 3, page: 0 })).body as FindMerchantResponse
    expect(body.content).toHaveLength(3)
    const distances = body.content.map((r) => r.distanceKm!)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(distances[0]).toBeLessThan(5)
  })

  it('sorts from a point with subnormal coordinates instead of failing on a float underflow (found by fuzzing)', async () => {
    const response = await t.postEncrypted('/customer/findMerchant/v2', { lat: -5e-324, lng: 1e-320 })
    expect(response.status).toBe(200)
    const distances = (response.body as FindMerchantResponse).content.map((r) => r.distanceKm!)
    expect(distances.length).toBeGreaterThanOrEqual(10)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(t.errors).toEqual([])
  })

  it('pages in the database: pages join up to the whole sorted list, and a page past the end still counts', async () => {
    const soma = { lat: 37.7817, lng: -122.4012 }
    const find = async (extra: object) => (await t.postEncrypted('/customer/findMerchant/v2', { ...soma, ...extra })).body as FindMerchantResponse
    const whole = await find({ size: 100 })
    const pages = await Promise.all([0, 1, 2, 3, 4].map((page) => find({ size: 3, page })))
    expect(pages.flatMap((p) => p.content.map((r) => r.locationSlug))).toEqual(whole.content.map((r) => r.locationSlug))
    expect(pages.every((p) => p.totalElements === whole.totalElements)).toBe(true)
    const beyond = await find({ size: 3, page: 50 })
    expect(beyond.content).toEqual([])
    expect(beyond.totalElements).toBe(whole.totalElements)
    const byName = await find({ lat: undefined, lng: undefined, size: 100 })
    const names = byName.content.map((r) => `${r.merchantName} ${r.branchName}`)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
  })

  it('refuses a bad search with a message naming the field', async () => {
    const response = await t.postEncrypted('/customer/findMerchant/v2', { lat: 'north', size: 1000 })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ status: 400, code: 'invalid_request' })
    expect((response.body as { message: string }).message).toMatch(/lat/)
    expect((response.body as { message: string }).message).toMatch(/size/)
  })
})

describe('POST merchants/locations/slug and locations/id', () => {
  it('returns every field of a restaurant detail (docs/discovery.md, "The restaurant’s Info")', async () => {
    const detail = await detailBySlug('olive-tree-soma')
    const specFields = [
      'id', 'branchName', 'address', 'city', 'country', 'locationSlug', 'merchantSlug', 'phoneNumber', 'timeZoneCd',
      'aboutUs', 'themeColor', 'theme', 'media', 'open', 'rating', 'cost', 'workingHours', 'currentWorkingHours',
      'delivery', 'branch', 'digitalMenu', 'highChair', 'dining', 'takeAway', 'onlineCheckin', 'onlineOrder', 'parking',
      'quickCheckIn', 'shareTable', 'assignTableDuringQuickCheckIn', 'cards', 'pref', 'tableSection', 'safetyMeasures',
      'facilities', 'cuisine', 'diets', 'itemTypes', 'maxCheckinWaitThreshold', 'maxOnlineCheckin', 'orderTypes',
      'redirectUrl', 'defaultPickUpETA', 'defaultDeliveryETA', 'deliveryKMRadius', 'locationDeliveryProviders',
      'scheduledDelivery', 'scheduledDeliveryCutOffTime', 'scheduledDeliveryDurationInDays', 'pickupCutoff',
      'deliveryCutOffTimeExceeds', 'pickupCutOffTimeExceeds', 'deliverySettings', 'paymentProvider', 'defaultTax',
      'dataCapCnpPayment', 'isSurchargeEnabled', 'platformConfiguration', 'disabledServices', 'cancellationPolicy',
      'activeSessionEndTime', 'nextSession', 'isLastActiveSession',
    ]
    expect(Object.keys(detail)).toEqual(expect.arrayContaining(specFields))
    expect(detail.orderTypes.length).toBeGreaterThan(0)
    expect(detail.media.map((m) => m.entityType)).toEqual(expect.arrayContaining(['LOGO', 'META']))
    expect(detail.theme).toEqual({ primaryColor: expect.stringMatching(/^#/), textColor: expect.stringMatching(/^#/) })
  })

  it('resolves the slug of a single-location merchant, but not of a chain', async () => {
    expect((await detailBySlug('brew-lab')).locationSlug).toBe('brew-lab')
    expect((await t.postEncrypted('/merchants/locations/slug', { slug: 'olive-tree' })).status).toBe(404)
  })

  it('gives a merchant without theme or logo no theme and no LOGO media', async () => {
    const hanami = await detailBySlug('hanami-sushi')
    expect(hanami.theme).toBeNull()
    expect(hanami.themeColor).toBeNull()
    expect(hanami.logo).toBeNull()
    expect(hanami.media.some((m) => m.entityType === 'LOGO')).toBe(false)
  })

  it('answers 404 with the error body for an unknown slug', async () => {
    const response = await t.postEncrypted('/merchants/locations/slug', { slug: 'no-such-place' })
    expect(response.status).toBe(404)
    expect(response.contentType).toContain('application/json')
    expect(response.body).toEqual({ status: 404, message: 'The restaurant was not found.', code: 'not_found' })
  })

  it('finds a location by id with staffId null', async () => {
    const { id } = await detailBySlug('udupi-leaf')
    const response = await t.postEncrypted('/merchants/locations/id', { staffId: null, locationId: id })
    expect(response.status).toBe(200)
    expect((response.body as RestaurantDetail).currency).toBe('INR')
  })

  it('refuses a location id that is not an id', async () => {
    const response = await t.postEncrypted('/merchants/locations/id', { staffId: null, locationId: "1' or 1=1" })
    expect(response.status).toBe(400)
    expect((response.body as { message: string }).message).toMatch(/locationId/)
  })
})

describe('menus', () => {
  it('POST /merchants/menu/v2 returns a full menu with categories, sub-categories and modifiers', async () => {
    const { id } = await detailBySlug('olive-tree-soma')
    const response = await t.postEncrypted('/merchants/menu/v2', { locationId: id, menuType: 'pickup', visibleTo: ['C'] })
    expect(response.status).toBe(200)
    const menu = response.body as MenuResponse
    expect(menu.items.length).toBeGreaterThanOrEqual(25)
    expect(menu.categories.length).toBeGreaterThanOrEqual(4)
    expect(menu.items.some((i) => i.subCategory)).toBe(true)
    const customisable = menu.items.find((i) => i.modifiers.some((m) => m.options.some((o) => o.price > 0)))
    expect(customisable).toBeDefined()
    expect(menu.items.every((i) => Number.isInteger(i.price))).toBe(true)
  })

  it('sends hidden items with display 0 for the client to hide, and never staff-only items to customers', async () => {
    const { id } = await detailBySlug('olive-tree-soma')
    const customer = (await t.postEncrypted('/merchants/menu/v2', { locationId: id, menuType: 'pickup', visibleTo: ['C'] })).body as MenuResponse
    const staff = (await t.postEncrypted('/merchants/menu/v2', { locationId: id, menuType: 'pickup', visibleTo: ['S'] })).body as MenuResponse
    expect(customer.items.some((i) => i.display === 0)).toBe(true)
    const customerIds = new Set(customer.items.map((i) => i.id))
    expect(staff.items.some((i) => !customerIds.has(i.id))).toBe(true)
  })

  it('requires visibleTo to be a list', async () => {
    const { id } = await detailBySlug('olive-tree-soma')
    const response = await t.postEncrypted('/merchants/menu/v2', { locationId: id, menuType: 'pickup', visibleTo: 'C' })
    expect(response.status).toBe(400)
    expect((response.body as { message: string }).message).toMatch(/visibleTo/)
  })

  it('answers 404 for a menu type the location does not offer', async () => {
    const { id } = await detailBySlug('el-camino-tacos')
    const response = await t.postEncrypted('/merchants/menu/v2', { locationId: id, menuType: 'banquet', visibleTo: ['C'] })
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ code: 'menu_type_not_offered' })
  })

  it('GET /merchants/locations/{locationId}/menu?orderType= returns the customer menu, encrypted', async () => {
    const detail = await detailBySlug('kaapi-katte')
    const code = detail.orderTypes[0]!.code
    const response = await t.get(`/merchants/locations/${detail.id}/menu?orderType=${code}`)
    expect(response.status).toBe(200)
    expect(response.contentType).toContain('text/plain')
    expect((response.body as MenuResponse).currency).toBe('INR')
    const missing = await t.get(`/merchants/locations/${detail.id}/menu`)
    expect(missing.status).toBe(400)
    expect((missing.body as { message: string }).message).toMatch(/orderType/)
  })
})

describe('POST /merchants/details/v2', () => {
  it('returns a chain with all its branches', async () => {
    const response = await t.postEncrypted('/merchants/details/v2', { slug: 'olive-tree' })
    const merchant = response.body as MerchantDetails
    expect(response.status).toBe(200)
    expect(merchant.locations.length).toBeGreaterThanOrEqual(2)
    expect(merchant.logo?.url).toMatch(/\/api\/media\/LOGO\//)
  })
})

describe('POST /customer/getActualURL/v2 (plain JSON)', () => {
  it('resolves a short link to its target', async () => {
    const response = await t.postJson('/customer/getActualURL/v2', { tinyUrl: 'olive7' })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ metaDataInfo: { responseMessage: '/restaurant/olive-tree-soma/menu/pickup' } })
  })

  it('answers 410 for an expired link and 404 for an unknown one', async () => {
    expect((await t.postJson('/customer/getActualURL/v2', { tinyUrl: 'brew5' })).status).toBe(410)
    expect((await t.postJson('/customer/getActualURL/v2', { tinyUrl: 'zzz99' })).status).toBe(404)
  })

  it('requires tinyUrl', async () => {
    const response = await t.postJson('/customer/getActualURL/v2', {})
    expect(response.status).toBe(400)
    expect((response.body as { message: string }).message).toMatch(/tinyUrl/)
  })
})

describe('media', () => {
  it('serves a generated image by type and id, cached as immutable', async () => {
    const detail = await detailBySlug('olive-tree-soma')
    const logo = detail.media.find((m) => m.entityType === 'LOGO')!
    const response = await t.app.request(logo.url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('cache-control')).toContain('immutable')
    expect(await response.text()).toContain('<svg')
  })

  it('answers 404 for the wrong type and 400 for a malformed id', async () => {
    const detail = await detailBySlug('olive-tree-soma')
    const logo = detail.media.find((m) => m.entityType === 'LOGO')!
    expect((await t.get(`/media/ITEM/${logo.id}`)).status).toBe(404)
    expect((await t.get('/media/LOGO/not-an-id')).status).toBe(400)
  })
})

describe('wire protocol: bad input is a 4xx with a message, never a 500', () => {
  const path = '/merchants/locations/slug'
  it.each([
    ['an empty body', ''],
    ['a body that is not JSON', '{"data": '],
    ['a body without data', '{"slug": "olive-tree-soma"}'],
    ['data that is not a string', '{"data": 42}'],
    ['garbage ciphertext', '{"data": "bm90IGEgY2lwaGVydGV4dA=="}'],
    ['a truncated ciphertext', '{"data": "U2FsdGVkX1+/UZCMAzSj+3v9XK"}'],
    ['plaintext JSON where ciphertext belongs', '{"data": "{\\"slug\\":\\"olive-tree-soma\\"}"}'],
  ])('%s → 400', async (_, body) => {
    const response = await t.postRaw(path, body)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ status: 400, message: expect.any(String), code: expect.any(String) })
  })

  it('a payload encrypted with another key → 400', async () => {
    const { encryptPayload } = await import('@/shared/lib/crypto/payload')
    const response = await t.postRaw(path, JSON.stringify({ data: encryptPayload({ slug: 'x' }, 'some-other-key') }))
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'undecryptable_payload' })
  })

  it('missing fields and wrong types → 400 naming the field', async () => {
    const missing = await t.postEncrypted(path, {})
    expect(missing.status).toBe(400)
    expect((missing.body as { message: string }).message).toMatch(/slug/)
    const wrongType = await t.postEncrypted(path, { slug: ['a'] })
    expect(wrongType.status).toBe(400)
  })

  it('logged no server error for any of it', () => {
    expect(t.errors).toEqual([])
  })
})

describe('the browser client against the real server', () => {
  const client = createApiClient('http://tablefront.test/api', ((input: RequestInfo | URL, init?: RequestInit) =>
    t.app.request(String(input), init)) as typeof fetch)

  it('round-trips an encrypted call', async () => {
    const result = await client.post<RestaurantDetail>('/merchants/locations/slug', { slug: 'velvet-hour' }, { encrypted: true })
    expect(isErrorBody(result)).toBe(false)
    expect((result as RestaurantDetail).merchantType).toBe('bar')
  })

  it('hands a 400 body back to the caller', async () => {
    const result = await client.post('/merchants/locations/slug', {}, { encrypted: true })
    expect(isErrorBody(result) && result.status).toBe(400)
  })
})
