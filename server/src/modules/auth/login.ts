import { eq, sql } from 'drizzle-orm'
import type { LoginResponse, TokenRefreshResponse } from '@/shared/api/contracts/auth'
import type { Executor } from '../../db/executor'
import { customers } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import type { RateLimiter } from '../../lib/rate-limit'
import { INVALID_CREDENTIALS, signedIn, verifiedAccount } from './accounts'
import { asAdmittedSignIn, UNMATCHABLE_HASH, verifyPassword } from './password'
import { endSession, refreshSession } from './sessions'
import { SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_CLIENT } from './throttles'

/**
 * Throttled per account as typed and per client before any work, with the same 429 for known
 * and unknown accounts; then the password is checked even without an account.
 */
export const login = (
  db: Executor,
  { secret, limiter }: { secret: string; limiter: RateLimiter },
  credentials: { mobilePhone?: string; email?: string; password: string },
  client: string,
): Promise<LoginResponse> =>
  asAdmittedSignIn(async () => {
    const account = credentials.mobilePhone ?? `email:${credentials.email!.toLowerCase()}`
    await limiter.take([
      [SIGN_IN_PER_ACCOUNT, account],
      [SIGN_IN_PER_CLIENT, client],
    ])
    const customer = await verifiedAccount(
      db,
      credentials.mobilePhone
        ? eq(customers.mobilePhone, credentials.mobilePhone)
        : eq(sql`lower(${customers.email})`, credentials.email!.toLowerCase()),
    )
    // The hash is checked even without an account, so the answer takes as long either way.
    const matches = await verifyPassword(credentials.password, customer?.passwordHash ?? UNMATCHABLE_HASH)
    if (!customer || !customer.passwordHash || !matches) throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS)
    return signedIn(db, secret, customer)
  })

export async function refresh(db: Executor, secret: string, token: string): Promise<TokenRefreshResponse> {
  const { customerId, accessToken, refreshToken } = await refreshSession(db, secret, token)
  return { userId: customerId, accessToken, refreshToken }
}

/** Ends the sign-in: its refresh tokens and, at their next request, its access tokens. */
export const logout = (db: Executor, token: string) => endSession(db, token)
