import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, isNotNull, ne, sql } from 'drizzle-orm'
import type {
  CountriesResponse,
  CustomerDetails,
  GuestSmsRequest,
  GuestVerifiedResponse,
  LoginResponse,
  OtpSentResponse,
  ResetCompleteResponse,
  ResetInitiateResponse,
  ResetVerifyResponse,
  SignupRequest,
  TokenRefreshResponse,
  VerifyOtpResponse,
} from '@/shared/api/contracts/auth'
import { countryCodeFromMobile } from '@/shared/lib/phone/phone'
import type { Database } from '../../db/client'
import { customers, passwordResets } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import type { RateLimiter } from '../../lib/rate-limit'
import type { SmsProvider } from '../../providers/sms'
import { emailRegistered, type EmailChanges } from '../customers/email-change.service'
import { createOtpService, otpInvalid } from './otp.service'
import { asAdmittedSignIn, hashPassword, UNMATCHABLE_HASH, verifyPassword } from './password'
import { createSessions } from './sessions'
import { SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_CLIENT } from './throttles'
import { signGuestToken } from './tokens'

type Customer = typeof customers.$inferSelect
type SignupInput = Omit<SignupRequest, 'lastName' | 'email'> & { lastName: string; email?: string }
type GuestInput = Omit<GuestSmsRequest, 'email'> & { email?: string }

/** The one answer to a wrong mobile, email or password, so it never says which. */
export const INVALID_CREDENTIALS = 'Invalid Username or Password'

const RESET_TTL_MS = 15 * 60_000

export const CALLING_CODES: CountriesResponse['countries'] = [
  { country: 'US', callingCode: '+1' },
  { country: 'IND', callingCode: '+91' },
]

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')

const registered = (mobilePhone: string) => and(eq(customers.mobilePhone, mobilePhone), eq(customers.isGuest, false))

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

/** +91 for a browser that prefers an Indian locale, else the default +1 (docs/accounts.md "Signing in, signing up, guests and resets"). */
export function defaultCallingCode(acceptLanguage: string | undefined): string {
  const prefersIndia = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.trim().split(';')[0]!.toLowerCase())
    .some((tag) => tag.endsWith('-in') || ['hi', 'kn', 'ta', 'te', 'ml', 'mr', 'bn', 'gu', 'pa'].includes(tag))
  return prefersIndia ? '+91' : '+1'
}

type AuthDeps = { secret: string; sms: SmsProvider; limiter: RateLimiter; emailChanges: EmailChanges }

export function createAuthService(db: Database, { secret, sms, limiter, emailChanges }: AuthDeps) {
  const otp = createOtpService(db, { secret, sms })
  const sessions = createSessions(db, secret)

  async function signedIn(customer: Customer): Promise<LoginResponse> {
    const { accessToken, refreshToken } = await sessions.start(customer.id)
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

  async function markVerified(customerId: string): Promise<Customer> {
    const [customer] = await db
      .update(customers)
      .set({ mobileVerifiedAt: sql`coalesce(${customers.mobileVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(customers.id, customerId))
      .returning()
    if (!customer) throw otpInvalid()
    return customer
  }

  async function latestGuest(mobile: string): Promise<Customer | undefined> {
    const [guest] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.mobilePhone, mobile), eq(customers.isGuest, true)))
      .orderBy(desc(customers.createdAt))
      .limit(1)
    return guest
  }

  async function verifiedAccount(where: ReturnType<typeof and>): Promise<Customer | undefined> {
    const [customer] = await db
      .select()
      .from(customers)
      .where(and(where, eq(customers.isGuest, false), isNotNull(customers.mobileVerifiedAt)))
      .limit(1)
    return customer
  }

  return {
    /**
     * An unverified account for the number (a stale unverified one is replaced); sends the 'signup'
     * code. An email is not stored yet: it becomes the account's pending change and gets its own code.
     */
    async signup(request: SignupInput): Promise<OtpSentResponse> {
      const [existing] = await db.select().from(customers).where(registered(request.mobilePhone))
      if (existing?.mobileVerifiedAt) {
        throw new ApiError(409, 'mobile_registered', 'This mobile number is already registered. Please sign in.')
      }
      if (request.email && (await emailChanges.takenByAnother(request.email, existing?.id))) {
        throw emailRegistered()
      }
      const fields = {
        firstName: request.firstName,
        lastName: request.lastName,
        email: null,
        mobilePhone: request.mobilePhone,
        countryCode: countryCodeFromMobile(request.mobilePhone),
        passwordHash: await hashPassword(request.password),
        updatedAt: new Date(),
      }
      let accountId = existing?.id
      if (existing) {
        await db.update(customers).set(fields).where(and(eq(customers.id, existing.id), sql`${customers.mobileVerifiedAt} is null`))
      } else {
        const [created] = await db.insert(customers).values(fields).onConflictDoNothing().returning()
        if (!created) throw new ApiError(409, 'mobile_registered', 'This mobile number is already registered. Please sign in.')
        accountId = created.id
      }
      await otp.send(request.mobilePhone, 'signup')
      if (request.email) await emailChanges.start(accountId!, request.email)
      return { otpRequired: true, mobilePhone: request.mobilePhone }
    },

    /**
     * Throttled per account as typed and per client before any work, with the same 429 for known
     * and unknown accounts; then the password is checked even without an account.
     */
    login: (credentials: { mobilePhone?: string; email?: string; password: string }, client: string): Promise<LoginResponse> =>
      asAdmittedSignIn(async () => {
        const account = credentials.mobilePhone ?? `email:${credentials.email!.toLowerCase()}`
        await limiter.take([
          [SIGN_IN_PER_ACCOUNT, account],
          [SIGN_IN_PER_CLIENT, client],
        ])
        const customer = await verifiedAccount(
          credentials.mobilePhone
            ? eq(customers.mobilePhone, credentials.mobilePhone)
            : eq(sql`lower(${customers.email})`, credentials.email!.toLowerCase()),
        )
        // The hash is checked even without an account, so the answer takes as long either way.
        const matches = await verifyPassword(credentials.password, customer?.passwordHash ?? UNMATCHABLE_HASH)
        if (!customer || !customer.passwordHash || !matches) throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS)
        return signedIn(customer)
      }),

    /** POST /customer/sendSMS (docs/accounts.md "Guests"): the guest customer of that number, created or updated, and a 'guest' code. */
    async sendGuestCode(request: GuestInput): Promise<OtpSentResponse> {
      const [firstName, ...rest] = request.fullName.split(/\s+/)
      const fields = {
        firstName: firstName!,
        lastName: rest.join(' '),
        mobilePhone: request.mobile,
        countryCode: countryCodeFromMobile(request.mobile),
        ...(request.email ? { email: request.email } : {}),
      }
      const guest = await latestGuest(request.mobile)
      if (guest) await db.update(customers).set({ ...fields, updatedAt: new Date() }).where(eq(customers.id, guest.id))
      else await db.insert(customers).values({ ...fields, isGuest: true })
      await otp.send(request.mobile, 'guest')
      return { otpRequired: true, mobilePhone: request.mobile }
    },

    /** The code proves the number for this guest session only: the answer's guest token says so (docs/accounts.md "Guests"). */
    async validateGuestCode(mobile: string, code: string): Promise<GuestVerifiedResponse> {
      await otp.check(mobile, 'guest', code)
      const guest = await latestGuest(mobile)
      if (!guest) throw otpInvalid()
      const verified = await markVerified(guest.id)
      const guestToken = await signGuestToken({ id: verified.id, phone: verified.mobilePhone }, secret)
      return { userId: verified.id, guest: true, guestToken, customerDetails: toCustomerDetails(verified) }
    },

    /** The 'signup' code activates the account and signs it in. */
    async validateSignupCode(mobile: string, code: string): Promise<LoginResponse> {
      await otp.check(mobile, 'signup', code)
      const [account] = await db.select().from(customers).where(registered(mobile))
      if (!account) throw otpInvalid()
      return signedIn(await markVerified(account.id))
    },

    /** Mobile verification: no code is needed for the signed-in customer's own verified number. */
    async requestMobileCode(mobilePhone: string, customerId: string | undefined): Promise<OtpSentResponse> {
      if (customerId) {
        const [customer] = await db.select().from(customers).where(eq(customers.id, customerId))
        if (customer?.mobilePhone === mobilePhone && customer.mobileVerifiedAt) return { otpRequired: false, mobilePhone }
      }
      await otp.send(mobilePhone, 'mobile')
      return { otpRequired: true, mobilePhone }
    },

    /** A signed-in customer's number becomes the verified one; otherwise the number's own customer is verified. */
    async verifyMobileCode(mobilePhone: string, code: string, customerId: string | undefined): Promise<VerifyOtpResponse> {
      await otp.check(mobilePhone, 'mobile', code)
      if (customerId) {
        const [other] = await db.select({ id: customers.id }).from(customers).where(and(registered(mobilePhone), ne(customers.id, customerId)))
        if (other) throw new ApiError(409, 'mobile_registered', 'This mobile number belongs to another account.')
        const [customer] = await db
          .update(customers)
          .set({ mobilePhone, countryCode: countryCodeFromMobile(mobilePhone), mobileVerifiedAt: new Date(), updatedAt: new Date() })
          .where(eq(customers.id, customerId))
          .returning()
        if (!customer) throw new ApiError(401, 'unauthenticated', 'Please sign in to continue.')
        return { verified: true, customerDetails: toCustomerDetails(customer) }
      }
      const [account] = await db.select().from(customers).where(registered(mobilePhone))
      const customer = account ?? (await latestGuest(mobilePhone))
      return { verified: true, customerDetails: customer ? toCustomerDetails(await markVerified(customer.id)) : null }
    },

    /** Always the same answer, so it never tells whether the number has an account. */
    async initiateReset(mobilePhone: string): Promise<ResetInitiateResponse> {
      const account = await verifiedAccount(eq(customers.mobilePhone, mobilePhone))
      await otp.send(mobilePhone, 'reset', { deliver: Boolean(account) })
      if (account) {
        await db.insert(passwordResets).values({ customerId: account.id, expiresAt: new Date(Date.now() + RESET_TTL_MS) })
      }
      return { otpSent: true }
    },

    async verifyReset(mobilePhone: string, code: string): Promise<ResetVerifyResponse> {
      await otp.check(mobilePhone, 'reset', code)
      const account = await verifiedAccount(eq(customers.mobilePhone, mobilePhone))
      if (!account) throw otpInvalid()
      const [pending] = await db
        .select({ id: passwordResets.id })
        .from(passwordResets)
        .where(and(eq(passwordResets.customerId, account.id), eq(passwordResets.state, 'initiated'), gt(passwordResets.expiresAt, new Date())))
        .orderBy(desc(passwordResets.createdAt))
        .limit(1)
      if (!pending) throw otpInvalid()
      const resetToken = randomBytes(32).toString('base64url')
      await db
        .update(passwordResets)
        .set({ state: 'verified', tokenHash: sha256(resetToken), expiresAt: new Date(Date.now() + RESET_TTL_MS) })
        .where(eq(passwordResets.id, pending.id))
      return { resetToken }
    },

    /** Sets the new password and ends every sign-in of the account. */
    async completeReset(resetToken: string, password: string): Promise<ResetCompleteResponse> {
      const usable = and(eq(passwordResets.tokenHash, sha256(resetToken)), eq(passwordResets.state, 'verified'), gt(passwordResets.expiresAt, new Date()))
      const resetInvalid = () => new ApiError(400, 'reset_token_invalid', 'This password reset has expired. Please start again.')
      const [valid] = await db.select({ id: passwordResets.id }).from(passwordResets).where(usable)
      if (!valid) throw resetInvalid()
      // Hashed before the token is spent: a busy hash queue (503) leaves the reset to finish on a retry.
      const passwordHash = await hashPassword(password)
      const [reset] = await db.update(passwordResets).set({ state: 'completed' }).where(and(eq(passwordResets.id, valid.id), usable)).returning()
      if (!reset) throw resetInvalid()
      await db.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, reset.customerId))
      await sessions.endAllOf(reset.customerId)
      return { reset: true }
    },

    async refresh(token: string): Promise<TokenRefreshResponse> {
      const { customerId, accessToken, refreshToken } = await sessions.refresh(token)
      return { userId: customerId, accessToken, refreshToken }
    },

    /** Ends the sign-in: its refresh tokens and, at their next request, its access tokens. */
    logout: (token: string) => sessions.end(token),
  }
}

export type AuthService = ReturnType<typeof createAuthService>
