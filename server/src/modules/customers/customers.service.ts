import { eq } from 'drizzle-orm'
import type { CustomerProfile, DetailsUpdateRequest, ProfileUpdateRequest } from '@/shared/api/contracts/account'
import type { Executor } from '../../db/executor'
import { customers } from '../../db/schema'
import { notFound } from '../../lib/errors'
import { addFavourite, listFavourites, removeFavourite } from '../favourites/favourites.service'
import type { EmailChanges } from './email-change.service'

type ProfileChange = Omit<ProfileUpdateRequest, 'customerId'>
type DetailsChange = Pick<DetailsUpdateRequest, 'firstName' | 'lastName' | 'email'>

/** What the profile calls need besides the database: the API base of media links and the email-change codes. */
export type CustomerDeps = { apiBase: string; emailChanges: EmailChanges }

export async function customerProfile(db: Executor, { apiBase, emailChanges }: CustomerDeps, customerId: string): Promise<CustomerProfile> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId))
  if (!customer) throw notFound('The customer')
  const { restaurants, items } = await listFavourites(db, apiBase, customerId)
  const { lat, lng, text } = customer.locationDetails ?? {}
  return {
    userId: customer.id,
    userName: [customer.firstName, customer.lastName].filter(Boolean).join(' '),
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    pendingEmail: await emailChanges.pending(customerId),
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

async function write(db: Executor, customerId: string, values: Partial<typeof customers.$inferInsert>) {
  const updated = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(customers.id, customerId))
    .returning()
  if (updated.length === 0) throw notFound('The customer')
  return updated[0]!
}

/**
 * An email in a profile change (docs/accounts.md "Email addresses"): null removes the stored one
 * (and any change waiting for its code), the stored address itself changes nothing, and a new
 * address is not stored but gets a code; POST /customer/email/verify stores it.
 */
async function changeEmail(db: Executor, emailChanges: EmailChanges, customerId: string, email: string | null, client: string) {
  if (email === null) {
    await write(db, customerId, { email: null })
    await emailChanges.withdraw(customerId)
    return
  }
  const [customer] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId))
  if (!customer) throw notFound('The customer')
  if (customer.email?.toLowerCase() === email.trim().toLowerCase()) return
  await emailChanges.start(customerId, email, { client })
}

/** One change of PUT /customer/profile/v2 (the request schema admits exactly one). */
export async function updateProfile(db: Executor, deps: CustomerDeps, customerId: string, change: ProfileChange, client: string): Promise<CustomerProfile> {
  if (change.customerLocation) {
    await write(db, customerId, { locationDetails: change.customerLocation })
  } else if (change.favoriteMerchantLocationRequest) {
    const { locationId, favourite } = change.favoriteMerchantLocationRequest
    if (favourite) await addFavourite(db, { customerId, locationId })
    else await removeFavourite(db, { customerId, locationId })
  } else if (change.email !== undefined) {
    await changeEmail(db, deps.emailChanges, customerId, change.email, client)
  } else if (change.isPromoSubscribed !== undefined) {
    await write(db, customerId, { isPromoSubscribed: change.isPromoSubscribed })
  }
  return customerProfile(db, deps, customerId)
}

export async function updateDetails(db: Executor, deps: CustomerDeps, customerId: string, details: DetailsChange, client: string): Promise<CustomerProfile> {
  // The email first: a refused address (taken, or too many codes) leaves the names unchanged too.
  if (details.email !== undefined) await changeEmail(db, deps.emailChanges, customerId, details.email, client)
  await write(db, customerId, { firstName: details.firstName, lastName: details.lastName ?? '' })
  return customerProfile(db, deps, customerId)
}

/** POST /customer/email/verify: the code sent to the pending address stores it. */
export async function verifyEmail(db: Executor, deps: CustomerDeps, customerId: string, code: string): Promise<CustomerProfile> {
  await deps.emailChanges.verify(customerId, code)
  return customerProfile(db, deps, customerId)
}
