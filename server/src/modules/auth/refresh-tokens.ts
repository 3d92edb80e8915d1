import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { refreshTokens } from '../../db/schema'
import { ApiError } from '../../lib/errors'

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

export const refreshRefused = () => new ApiError(401, 'unauthenticated', 'Your session has ended. Please sign in again.')

/** Rotating refresh tokens (DESIGN §5): stored as hashes, one family per sign-in. */
export function createRefreshTokens(db: Database) {
  async function issue(customerId: string, familyId: string = randomUUID()): Promise<string> {
    const token = randomBytes(32).toString('base64url')
    await db.insert(refreshTokens).values({
      customerId,
      familyId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    })
    return token
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
  }

  return {
    issue,

    /**
     * Spends `token` for a new one of its family. A token that was used or revoked before is a
     * replay: the whole family is revoked, so the thief's and the customer's newer tokens both stop.
     */
    async rotate(token: string): Promise<{ customerId: string; refreshToken: string }> {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token)))
      if (!row) throw refreshRefused()
      if (row.usedAt || row.revokedAt) {
        await revokeFamily(row.familyId)
        throw refreshRefused()
      }
      if (row.expiresAt.getTime() <= Date.now()) throw refreshRefused()
      const [spent] = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning()
      if (!spent) {
        // Another request spent it a moment ago: the same token twice is a replay.
        await revokeFamily(row.familyId)
        throw refreshRefused()
      }
      return { customerId: row.customerId, refreshToken: await issue(row.customerId, row.familyId) }
    },

    /** Ends the sign-in `token` belongs to; an unknown token is already ended. */
    async revoke(token: string): Promise<void> {
      const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token)))
      if (row) await revokeFamily(row.familyId)
    },

    async revokeAllOf(customerId: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.customerId, customerId), isNull(refreshTokens.revokedAt)))
    },
  }
}

export type RefreshTokens = ReturnType<typeof createRefreshTokens>
