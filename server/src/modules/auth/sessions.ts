import type { Executor } from '../../db/executor'
import { revokeAllRefreshTokens, revokeRefreshToken, rotateRefreshToken, startFamily } from './refresh-tokens'
import { signAccessToken } from './tokens'

export type SessionTokens = { accessToken: string; refreshToken: string }

// Sign-ins (docs/accounts.md "Sessions"): a refresh-token family and access tokens that name it,
// so ending the family ends them all. Every way in (password, sign-up code, demo sign-in) starts here.

export async function startSession(db: Executor, secret: string, customerId: string, now = new Date()): Promise<SessionTokens> {
  const { familyId, refreshToken } = await startFamily(db, customerId, now)
  return { accessToken: await signAccessToken(customerId, familyId, secret, now.getTime()), refreshToken }
}

export async function refreshSession(db: Executor, secret: string, token: string, now = new Date()): Promise<SessionTokens & { customerId: string }> {
  const { customerId, familyId, refreshToken } = await rotateRefreshToken(db, token, now)
  return { customerId, accessToken: await signAccessToken(customerId, familyId, secret, now.getTime()), refreshToken }
}

/** Ends the sign-in of `refreshToken`: its access tokens stop at their next request. */
export const endSession = (db: Executor, refreshToken: string) => revokeRefreshToken(db, refreshToken)

/** Ends every sign-in of the customer (a password reset). */
export const endAllSessionsOf = (db: Executor, customerId: string) => revokeAllRefreshTokens(db, customerId)
