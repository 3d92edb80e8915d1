import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { CountriesResponse, CustomerDetails, LoginResponse } from '@/shared/api/contracts/auth'
import type { Executor } from '../../db/executor'
import { customers } from '../../db/schema'
import type { RateLimiter } from '../../lib/rate-limit'
import type { SmsProvider } from '../../providers/sms'
import type { EmailChanges } from '../customers/email-change.service'
import { otpInvalid } from './otp.service'
import { startSession } from './sessions'

// What the sign-in use cases (signup.ts, login.ts, guest.ts, mobile.ts, reset.ts) share: the
// account lookups, the answer of a sign-in and what they need besides the database.

/** The sign-in calls' dependencies besides the database: the token secret, the texts, the throttles, the email codes. */
export type AuthDeps = { secret: string; sms: SmsProvider; limiter: RateLimiter; emailChanges: EmailChanges }

export type Customer = typeof customers.$inferSelect

/** The one answer to a wrong mobile, email or password, so it never says which. */
export const INVALID_CREDENTIALS = 'Invalid Username or Password'

export const CALLING_CODES: CountriesResponse['countries'] = [
  { country: 'US', callingCode: '+1' },
  { country: 'IND', callingCode: '+91' },
]

/** +91 for a browser that prefers an Indian locale, else the default +1 (docs/accounts.md "Signing in, signing up, guests and resets"). */
export function defaultCallingCode(acceptLanguage: string | undefined): string {
  const prefersIndia = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.trim().split(';')[0]!.toLowerCase())
    .some((tag) => tag.endsWith('-in') || ['hi', 'kn', 'ta', 'te', 'ml', 'mr', 'bn', 'gu', 'pa'].includes(tag))
  return prefersIndia ? '+91' : '+1'
}

export const registered = (mobilePhone: string) => and(eq(customers.mobilePhone, mobilePhone), eq(customers.isGuest, false))

export function toCustomerDetails(customer: Customer): CustomerDetails {
  return {
    customerId: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    mobilePhone: customer.mobilePhone,
    countryCode: customer.countryCode,
    mobileVerified: customer.mobileVerifiedAt !== null,
    isGuest: customer.isGuest,
  }
}

export async function signedIn(db: Executor, secret: string, customer: Customer): Promise<LoginResponse> {
  const { accessToken, refreshToken } = await startSession(db, secret, customer.id)
  return {
    id: customer.id,
    userId: customer.id,
    name: `${customer.firstName} ${customer.lastName}`.trim(),
    mobilePhone: customer.mobilePhone,
    accessToken,
    refreshToken,
    customerDetails: toCustomerDetails(customer),
  }
}

export async function markVerified(db: Executor, customerId: string): Promise<Customer> {
  const [customer] = await db
    .update(customers)
    .set({ mobileVerifiedAt: sql`coalesce(${customers.mobileVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(customers.id, customerId))
    .returning()
  if (!customer) throw otpInvalid()
  return customer
}

export async function latestGuest(db: Executor, mobile: string): Promise<Customer | undefined> {
  const [guest] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.mobilePhone, mobile), eq(customers.isGuest, true)))
    .orderBy(desc(customers.createdAt))
    .limit(1)
  return guest
}

export async function verifiedAccount(db: Executor, where: ReturnType<typeof and>): Promise<Customer | undefined> {
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(where, eq(customers.isGuest, false), isNotNull(customers.mobileVerifiedAt)))
    .limit(1)
  return customer
}
