import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CustomerProfile } from '@/shared/api/contracts/account'
import { customers, locations } from '../../db/schema'
import { recordWalletMovement } from '../wallet/ledger'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestCustomer, type TestCustomer } from '../../test/signed-in-client'

let t: TestApp
let asha: TestCustomer
let ben: TestCustomer
let oliveId: string

beforeAll(async () => {
  t = await createTestApp()
  asha = await createTestCustomer(t, 'Asha', '+14155550201')
  ben = await createTestCustomer(t, 'Ben', '+14155550202')
  const [olive] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.locationSlug, 'olive-tree-soma'))
  oliveId = olive!.id
})
afterAll(() => t.close())

const profileOf = async (who: TestCustomer) => (await callAs(t, who, 'POST', '/customer/profile/v2', { id: who.id })).body as CustomerProfile

describe('customer profile', () => {
  it('answers the profile of the signed-in customer, not cacheable', async () => {
    await t.db.update(customers).set({ lastName: 'Rao', email: 'asha@example.com' }).where(eq(customers.id, asha.id))
    // A balance is the sum of the wallet's ledger (docs/payments.md "Wallet").
    await recordWalletMovement(t.db, { customerId: asha.id, kind: 'CREDIT', amountMinor: 1250 })
    const response = await callAs(t, asha, 'POST', '/customer/profile/v2', { id: asha.id })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.body).toEqual({
      userId: asha.id,
      userName: 'Asha Rao',
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.com',
      pendingEmail: null,
      phoneNumber: '+14155550201',
      tableBooking: 0,
      favRestaurants: [],
      favItems: [],
      userLocationDetails: null,
      isPromoSubscribed: false,
      walletAmount: 1250,
      walletCurrency: 'USD',
    })
  })

  it('refuses without a token (401) and hides another customer (404 with the error body)', async () => {
    const anonymous = await callAs(t, undefined, 'POST', '/customer/profile/v2', { id: asha.id })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toMatchObject({ status: 401, code: 'unauthenticated' })
    for (const [method, path, body] of [
      ['POST', '/customer/profile/v2', { id: asha.id }],
      ['PUT', '/customer/profile/v2', { customerId: asha.id, isPromoSubscribed: true }],
      ['PUT', '/v2/customers', { customerId: asha.id, firstName: 'Mallory' }],
    ] as const) {
      const response = await callAs(t, ben, method, path, body)
      expect(response.status, `${method} ${path}`).toBe(404)
      expect(response.body).toEqual({ status: 404, code: 'not_found', message: 'The customer was not found.' })
    }
    expect((await profileOf(asha)).firstName).toBe('Asha')
    expect((await profileOf(asha)).isPromoSubscribed).toBe(false)
  })

  it('updates one thing at a time: location, promotions, email, favourite restaurant', async () => {
    const located = await callAs(t, asha, 'PUT', '/customer/profile/v2', {
      customerId: asha.id,
      customerLocation: { lat: 37.78, lng: -122.4, text: 'SoMa' },
    })
    expect(located.status).toBe(200)
    expect(located.body.userLocationDetails).toEqual({ lat: 37.78, lng: -122.4, text: 'SoMa' })

    const promo = await callAs(t, asha, 'PUT', '/customer/profile/v2', { customerId: asha.id, isPromoSubscribed: true })
    expect(promo.body.isPromoSubscribed).toBe(true)

    const cleared = await callAs(t, asha, 'PUT', '/customer/profile/v2', { customerId: asha.id, email: null })
    expect(cleared.body.email).toBeNull()
    const badEmail = await callAs(t, asha, 'PUT', '/customer/profile/v2', { customerId: asha.id, email: 'not-an-email' })
    expect(badEmail.status).toBe(400)
    expect(badEmail.body.message).toContain('email must be an email address')

    const favourite = await callAs(t, asha, 'PUT', '/customer/profile/v2', {
      customerId: asha.id,
      favoriteMerchantLocationRequest: { locationId: oliveId, favourite: true },
    })
    expect(favourite.body.favRestaurants.map((r: { locationId: string }) => r.locationId)).toEqual([oliveId])
    const unfavourite = await callAs(t, asha, 'PUT', '/customer/profile/v2', {
      customerId: asha.id,
      favoriteMerchantLocationRequest: { locationId: oliveId, favourite: false },
    })
    expect(unfavourite.body.favRestaurants).toEqual([])

    const two = await callAs(t, asha, 'PUT', '/customer/profile/v2', { customerId: asha.id, email: 'a@b.co', isPromoSubscribed: false })
    expect(two.status).toBe(400)
    const none = await callAs(t, asha, 'PUT', '/customer/profile/v2', { customerId: asha.id })
    expect(none.status).toBe(400)
  })

  it('updates the details with PUT /api/v2/customers and refuses an empty first name; a new email waits for its code', async () => {
    const updated = await callAs(t, ben, 'PUT', '/v2/customers', { firstName: '  Benjamin ', lastName: 'Okafor', email: 'ben@example.com' })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ firstName: 'Benjamin', lastName: 'Okafor', userName: 'Benjamin Okafor', email: null, pendingEmail: 'ben@example.com' })
    expect((await profileOf(ben)).userName).toBe('Benjamin Okafor')
    const empty = await callAs(t, ben, 'PUT', '/v2/customers', { firstName: '   ' })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toContain('firstName is required')
    expect(t.errors).toEqual([])
  })
})
