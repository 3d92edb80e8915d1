import { and, eq, sql } from 'drizzle-orm'
import type { LoginResponse, OtpSentResponse, SignupRequest } from '@/shared/api/contracts/auth'
import { countryCodeFromMobile } from '@/shared/lib/phone/phone'
import type { Executor } from '../../db/executor'
import { customers } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { emailRegistered } from '../customers/email-change.service'
import { type AuthDeps, markVerified, registered, signedIn } from './accounts'
import { checkCode, otpInvalid, sendCode } from './otp.service'
import { hashPassword } from './password'

type SignupInput = Omit<SignupRequest, 'lastName' | 'email'> & { lastName: string; email?: string }

/**
 * An unverified account for the number (a stale unverified one is replaced); sends the 'signup'
 * code. An email is not stored yet: it becomes the account's pending change and gets its own code.
 */
export async function signup(db: Executor, { secret, sms, emailChanges }: AuthDeps, request: SignupInput): Promise<OtpSentResponse> {
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
  await sendCode(db, { secret, sms }, request.mobilePhone, 'signup')
  if (request.email) await emailChanges.start(accountId!, request.email)
  return { otpRequired: true, mobilePhone: request.mobilePhone }
}

/** The 'signup' code activates the account and signs it in. */
export async function validateSignupCode(db: Executor, secret: string, mobile: string, code: string): Promise<LoginResponse> {
  await checkCode(db, secret, mobile, 'signup', code)
  const [account] = await db.select().from(customers).where(registered(mobile))
  if (!account) throw otpInvalid()
  return signedIn(db, secret, await markVerified(db, account.id))
}
