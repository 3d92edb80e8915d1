import type { Database } from '../../db/client'
import { createRefreshTokens } from './refresh-tokens'
import { signAccessToken } from './tokens'

export type SessionTokens = { accessToken: string; refreshToken: string }

/**
 * Sign-ins (docs/accounts.md "Sessions"): a refresh-token family and access tokens that name it,
 * so ending the family ends them all. Every way in (password, sign-up code, demo sign-in) starts here.
 */
export function createSessions(db: Database, secret: string) {
  const refreshTokens = createRefreshTokens(db)
  return {
    async start(customerId: string, now = new Date()): Promise<SessionTokens> {
      const { familyId, refreshToken } = await refreshTokens.start(customerId, now)
      return { accessToken: await signAccessToken(customerId, familyId, secret, now.getTime()), refreshToken }
    },

    async refresh(token: string, now = new Date()): Promise<SessionTokens & { customerId: string }> {
      const { customerId, familyId, refreshToken } = await refreshTokens.rotate(token, now)
      return { customerId, accessToken: await signAccessToken(customerId, familyId, secret, now.getTime()), refreshToken }
    },

    /** Ends the sign-in of `refreshToken`: its access tokens stop at their next request. */
    end: (refreshToken: string) => refreshTokens.revoke(refreshToken),

    /** Ends every sign-in of the customer (a password reset). */
    endAllOf: (customerId: string) => refreshTokens.revokeAllOf(customerId),
  }
}

export type Sessions = ReturnType<typeof createSessions>
