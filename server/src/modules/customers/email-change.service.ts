import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { customers, emailChanges } from '../../db/schema'
import { ApiError, databaseErrorOf } from '../../lib/errors'
import type { Limit, RateLimiter } from '../../lib/rate-limit'
import type { EmailProvider } from '../../providers/email'
import { CODE_SENDS_PER_CLIENT } from '../auth/throttles'

/** A code to a new address lives 30 minutes and allows 5 checks (docs/accounts.md "Email addresses"). */
export const EMAIL_CODE_TTL_MS = 30 * 60_000
export const EMAIL_CODE_MAX_CHECKS = 5
/** Codes one account may have sent per hour, and codes one address may receive per hour. */
export const EMAIL_CODES_PER_CUSTOMER: Limit = { name: 'email-codes:customer', max: 5, windowMs: 60 * 60_000, what: 'email codes requested' }
export const EMAIL_CODES_PER_ADDRESS: Limit = { name: 'email-codes:address', max: 5, windowMs: 60 * 60_000, what: 'codes sent to this email address' }

const REGISTERED_EMAIL_INDEX = 'customers_registered_email_uq'

export const emailRegistered = () => new ApiError(409, 'email_registered', 'This email address belongs to another account. Please use another one.')
export const emailCodeInvalid = () =>
  new ApiError(400, 'otp_invalid', 'The code is wrong or has expired. Please try again or ask for a new code.')

const normalised = (address: string) => address.trim().toLowerCase()

/**
 * Changing an account's email: the new address gets a 6-digit code and is stored only when the
 * code comes back, so nobody can claim an address they cannot read. Addresses are unique among
 * accounts whatever their case (the database's unique index decides a race).
 */
export function createEmailChanges(db: Database, { secret, email, limiter }: { secret: string; email: EmailProvider; limiter: RateLimiter }) {
  const hashCode = (customerId: string, address: string, code: string) =>
    createHmac('sha256', secret).update(`email:${customerId}:${address}:${code}`).digest('base64url')

  /** Whether an account other than `customerId` (any account without one) has stored `address`. */
  async function takenByAnother(address: string, customerId?: string): Promise<boolean> {
    const [other] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(sql`lower(${customers.email}) = ${address}`, eq(customers.isGuest, false), customerId ? ne(customers.id, customerId) : undefined))
      .limit(1)
    return Boolean(other)
  }

  async function latest(customerId: string) {
    const [change] = await db.select().from(emailChanges).where(eq(emailChanges.customerId, customerId)).orderBy(desc(emailChanges.createdAt)).limit(1)
    return change
  }

  return {
    takenByAnother: (address: string, customerId?: string) => takenByAnother(normalised(address), customerId),

    /**
     * Sends a code to `address` for the customer; the address is not stored yet. `client` counts
     * the send against that client's code sends too (sign-up counted its request already).
     */
    async start(customerId: string, address: string, { client, now = new Date() }: { client?: string; now?: Date } = {}): Promise<void> {
      const to = normalised(address)
      if (await takenByAnother(to, customerId)) throw emailRegistered()
      const limits: [Limit, string][] = [
        [EMAIL_CODES_PER_CUSTOMER, customerId],
        [EMAIL_CODES_PER_ADDRESS, to],
      ]
      if (client !== undefined) limits.push([CODE_SENDS_PER_CLIENT, client])
      await limiter.take(limits, now)
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      await db.insert(emailChanges).values({
        customerId,
        email: to,
        codeHash: hashCode(customerId, to, code),
        expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MS),
        createdAt: now,
      })
      await email.send(
        to,
        'Confirm your email address',
        `${code} is your Tablefront code to confirm ${to} for your account. It expires in 30 minutes. Never share it. If you did not ask for it, ignore this email.`,
      )
    },

    /** The address waiting for its code: the newest change, while it is open, unexpired and has checks left. */
    async pending(customerId: string, now = new Date()): Promise<string | null> {
      const change = await latest(customerId)
      if (!change || change.consumedAt || change.expiresAt.getTime() <= now.getTime() || change.attempts >= EMAIL_CODE_MAX_CHECKS) return null
      return change.email
    },

    /** Stores the pending address when `code` is its code; 409 email_registered when another account took it meanwhile. */
    async verify(customerId: string, code: string, now = new Date()): Promise<void> {
      const change = await latest(customerId)
      if (!change || change.consumedAt) throw emailCodeInvalid()
      // Counting the check before comparing makes a 6th try fail even with the right code.
      const [checked] = await db
        .update(emailChanges)
        .set({ attempts: sql`${emailChanges.attempts} + 1` })
        .where(
          and(
            eq(emailChanges.id, change.id),
            isNull(emailChanges.consumedAt),
            lt(emailChanges.attempts, EMAIL_CODE_MAX_CHECKS),
            gt(emailChanges.expiresAt, now),
          ),
        )
        .returning()
      if (!checked) throw emailCodeInvalid()
      const expected = Buffer.from(checked.codeHash)
      const actual = Buffer.from(hashCode(customerId, checked.email, code))
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw emailCodeInvalid()
      if (await takenByAnother(checked.email, customerId)) throw emailRegistered()
      try {
        await db.transaction(async (tx) => {
          const [consumed] = await tx
            .update(emailChanges)
            .set({ consumedAt: now })
            .where(and(eq(emailChanges.id, checked.id), isNull(emailChanges.consumedAt)))
            .returning()
          if (!consumed) throw emailCodeInvalid()
          await tx.update(customers).set({ email: checked.email, updatedAt: now }).where(eq(customers.id, customerId))
        })
      } catch (error) {
        const failure = databaseErrorOf(error)
        // Another account stored the address between the check above and this write.
        if (failure?.code === '23505' && (failure.constraint === REGISTERED_EMAIL_INDEX || failure.constraint === '')) throw emailRegistered()
        throw error
      }
    },

    /** Closes any change still waiting for its code (the diner removed their address). */
    async withdraw(customerId: string, now = new Date()): Promise<void> {
      await db
        .update(emailChanges)
        .set({ consumedAt: now })
        .where(and(eq(emailChanges.customerId, customerId), isNull(emailChanges.consumedAt)))
    },
  }
}

export type EmailChanges = ReturnType<typeof createEmailChanges>
