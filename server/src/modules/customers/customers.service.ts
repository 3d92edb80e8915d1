import { eq } from 'drizzle-orm'
import type { CustomerProfile, DetailsUpdateRequest, ProfileUpdateRequest } from '../../../../src/shared/api/contracts/account'
import type { Database } from '../../db/client'
import { customers } from '../../db/schema'
import { notFound } from '../../lib/errors'
import { createFavouriteService } from '../favourites/favourites.service'

type ProfileChange = Omit<ProfileUpdateRequest, 'customerId'>
type DetailsChange = Pick<DetailsUpdateRequest, 'firstName' | 'lastName' | 'email'>

export function createCustomerService(db: Database, apiBase: string) {
  const favourites = createFavouriteService(db, apiBase)

  async function profile(customerId: string): Promise<CustomerProfile> {
    const [customer] = await db.select().from(customers).where(eq(customers.id, customerId))
    if (!customer) throw notFound('The customer')
    const { restaurants, items } = await favourites.list(customerId)
    const { lat, lng, text } = customer.locationDetails ?? {}
    return {
      userId: customer.id,
      userName: [customer.firstName, customer.lastName].filter(Boolean).join(' '),
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phoneNumber: customer.mobilePhone,
      // Reservations arrive with the waitlist issue; until then nobody has an upcoming one.
      tableBooking: 0,
      favRestaurants: restaurants,
      favItems: items,
      userLocationDetails: lat === undefined || lng === undefined ? null : { lat, lng, ...(text ? { text } : {}) },
      isPromoSubscribed: customer.isPromoSubscribed,
      walletAmount: customer.walletAmountMinor,
      walletCurrency: customer.countryCode === 'IND' ? 'INR' : 'USD',
    }
  }

  async function write(customerId: string, values: Partial<typeof customers.$inferInsert>) {
    const updated = await db
      .update(customers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(customers.id, customerId))
      .returning()
    if (updated.length === 0) throw notFound('The customer')
  }

  return {
    profile,

    /** One change of PUT /customer/profile/v2 (the request schema admits exactly one). */
    async update(customerId: string, change: ProfileChange): Promise<CustomerProfile> {
      if (change.customerLocation) {
        await write(customerId, { locationDetails: change.customerLocation })
      } else if (change.favoriteMerchantLocationRequest) {
        const { locationId, favourite } = change.favoriteMerchantLocationRequest
        if (favourite) await favourites.add({ customerId, locationId })
        else await favourites.remove({ customerId, locationId })
      } else if (change.email !== undefined) {
        await write(customerId, { email: change.email })
      } else if (change.isPromoSubscribed !== undefined) {
        await write(customerId, { isPromoSubscribed: change.isPromoSubscribed })
      }
      return profile(customerId)
    },

    async updateDetails(customerId: string, details: DetailsChange): Promise<CustomerProfile> {
      await write(customerId, {
        firstName: details.firstName,
        lastName: details.lastName ?? '',
        ...(details.email !== undefined ? { email: details.email } : {}),
      })
      return profile(customerId)
    },
  }
}
