import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RestaurantDetail } from '@/shared/api/contracts/merchants'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('POST /api/dev/locations (SANDBOX only)', () => {
  it('adds a restaurant that every lookup finds, and asks for the static pages to be rebuilt', async () => {
    const response = await t.postJson('/dev/locations', { fromSlug: 'hanami-sushi', merchantName: 'Kiku Ramen', slug: 'kiku-ramen', address: '9 St Marks Pl, New York, NY', lat: 40.7291, lng: -73.9883 })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ merchantType: 'restaurant', locationSlug: 'kiku-ramen' })
    const detail = (await t.postEncrypted('/merchants/locations/slug', { slug: 'kiku-ramen' })).body as RestaurantDetail
    expect(detail).toMatchObject({ merchantName: 'Kiku Ramen', city: 'New York', address: '9 St Marks Pl, New York, NY', lat: 40.7291 })
    expect(detail.workingHours.length).toBeGreaterThan(0)
    expect(detail.orderTypes.length).toBeGreaterThan(0)
    expect(t.rebuilds).toEqual(['Kiku Ramen was added'])
  })

  it('refuses a taken slug, an unknown source and a malformed slug', async () => {
    expect((await t.postJson('/dev/locations', { fromSlug: 'hanami-sushi', merchantName: 'Again', slug: 'brew-lab' })).status).toBe(409)
    expect((await t.postJson('/dev/locations', { fromSlug: 'nowhere', merchantName: 'X', slug: 'somewhere-new' })).status).toBe(404)
    const malformed = await t.postJson('/dev/locations', { fromSlug: 'hanami-sushi', merchantName: 'X', slug: 'Bad Slug 9' })
    expect(malformed.status).toBe(400)
    expect((malformed.body as { message: string }).message).toMatch(/slug/)
  })

  it('refuses the slug staff (the staff area is /staff, never a restaurant) with 400 invalid_request', async () => {
    const staff = await t.postJson('/dev/locations', { fromSlug: 'hanami-sushi', merchantName: 'Staff Cafe', slug: 'staff' })
    expect(staff.status).toBe(400)
    expect(staff.body).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/slug/) })
  })
})
