import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt } from 'drizzle-orm'
import type { ResetCompleteResponse, ResetInitiateResponse, ResetVerifyResponse } from '@/shared/api/contracts/auth'
import type { Executor } from '../../db/executor'
import { customers, passwordResets } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import type { SmsProvider } from '../../providers/sms'
import { verifiedAccount } from './accounts'
import { checkCode, otpInvalid, sendCode } from './otp.service'
import { hashPassword } from './password'
import { endAllSessionsOf } from './sessions'

// A password reset: a code to the number, then a one-use reset token, then the new password.

const RESET_TTL_MS = 15 * 60_000

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')

/** Always the same answer, so it never tells whether the number has an account. */
export async function initiateReset(db: Executor, otp: { secret: string; sms: SmsProvider }, mobilePhone: string): Promise<ResetInitiateResponse> {
  const account = await verifiedAccount(db, eq(customers.mobilePhone, mobilePhone))
  await sendCode(db, otp, mobilePhone, 'reset', { deliver: Boolean(account) })
  if (account) {
    await db.insert(passwordResets).values({ customerId: account.id, expiresAt: new Date(Date.now() + RESET_TTL_MS) })
  }
  return { otpSent: true }
}

export async function verifyReset(db: Executor, secret: string, mobilePhone: string, code: string): Promise<ResetVerifyResponse> {
  await checkCode(db, secret, mobilePhone, 'reset', code)
  const account = await verifiedAccount(db, eq(customers.mobilePhone, mobilePhone))
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
}

/** Sets the new password and ends every sign-in of the account. */
export async function completeReset(db: Executor, resetToken: string, password: string): Promise<ResetCompleteResponse> {
  const usable = and(eq(passwordResets.tokenHash, sha256(resetToken)), eq(passwordResets.state, 'verified'), gt(passwordResets.expiresAt, new Date()))
  const resetInvalid = () => new ApiError(400, 'reset_token_invalid', 'This password reset has expired. Please start again.')
  const [valid] = await db.select({ id: passwordResets.id }).from(passwordResets).where(usable)
  if (!valid) throw resetInvalid()
  // Hashed before the token is spent: a busy hash queue (503) leaves the reset to finish on a retry.
  const passwordHash = await hashPassword(password)
  const [reset] = await db.update(passwordResets).set({ state: 'completed' }).where(and(eq(passwordResets.id, valid.id), usable)).returning()
  if (!reset) throw resetInvalid()
  await db.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, reset.customerId))
  await endAllSessionsOf(db, reset.customerId)
  return { reset: true }
}
