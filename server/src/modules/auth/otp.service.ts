import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, min, sql, count } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { otpCodes } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { RateLimited } from '../../lib/rate-limit'
import type { SmsProvider } from '../../providers/sms'

/** A code lives 10 minutes, allows 5 checks, and a number gets 5 codes per 10 minutes (docs/accounts.md "Throttles"). */
export const OTP_TTL_MS = 10 * 60_000
export const OTP_MAX_CHECKS = 5
export const OTP_MAX_SENDS = 5
export const OTP_SEND_WINDOW_MS = 10 * 60_000

export type OtpPurpose = 'guest' | 'signup' | 'login' | 'reset' | 'mobile'

/** 429 with the seconds until another code may be sent to the number (the error body's code is rate_limited). */
export class OtpRateLimited extends RateLimited {
  constructor(retryAfterSeconds: number) {
    super('codes requested', retryAfterSeconds)
  }
}

export const otpInvalid = () => new ApiError(400, 'otp_invalid', 'The code is wrong or has expired. Please try again or request a new code.')

const hashCode = (secret: string, phone: string, purpose: string, code: string) =>
  createHmac('sha256', secret).update(`${purpose}:${phone}:${code}`).digest('base64url')

/**
 * Sends a new code for `purpose` to `phone`; `deliver: false` records the send without a text,
 * so a number without an account is limited and timed like one with an account.
 */
export async function sendCode(
  db: Executor,
  { secret, sms }: { secret: string; sms: SmsProvider },
  phone: string,
  purpose: OtpPurpose,
  { deliver = true }: { deliver?: boolean } = {},
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await db.transaction(async (tx) => {
    // Serialises sends to one number across instances, so the count below cannot race (docs/operations.md "Several instances").
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`)
    const now = Date.now()
    const windowStart = new Date(now - OTP_SEND_WINDOW_MS)
    const [recent] = await tx
      .select({ sends: count(), oldest: min(otpCodes.createdAt) })
      .from(otpCodes)
      .where(and(eq(otpCodes.phone, phone), gt(otpCodes.createdAt, windowStart)))
    if (recent && recent.sends >= OTP_MAX_SENDS && recent.oldest) {
      const leavesAt = new Date(recent.oldest).getTime() + OTP_SEND_WINDOW_MS
      throw new OtpRateLimited(Math.max(1, Math.ceil((leavesAt - now) / 1000)))
    }
    await tx.insert(otpCodes).values({
      phone,
      purpose,
      codeHash: hashCode(secret, phone, purpose, code),
      expiresAt: new Date(now + OTP_TTL_MS),
      createdAt: new Date(now),
    })
  })
  if (deliver) await sms.send(phone, `${code} is your Tablefront code. It expires in 10 minutes. Never share it.`)
}

/** Consumes the latest code of `phone` for `purpose` when `code` is it; else throws otp_invalid. */
export async function checkCode(db: Executor, secret: string, phone: string, purpose: OtpPurpose, code: string): Promise<void> {
  const [latest] = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1)
  if (!latest) throw otpInvalid()
  // Counting the check before comparing makes a 6th try fail even with the right code.
  const [checked] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        eq(otpCodes.id, latest.id),
        isNull(otpCodes.consumedAt),
        lt(otpCodes.attempts, OTP_MAX_CHECKS),
        gt(otpCodes.expiresAt, new Date()),
      ),
    )
    .returning()
  if (!checked) throw otpInvalid()
  const expected = Buffer.from(checked.codeHash)
  const actual = Buffer.from(hashCode(secret, phone, purpose, code))
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw otpInvalid()
  const [consumed] = await db
    .update(otpCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(otpCodes.id, latest.id), isNull(otpCodes.consumedAt)))
    .returning()
  if (!consumed) throw otpInvalid()
}
