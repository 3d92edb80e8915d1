import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { builtOnce } from '../../db/built-once'
import type { Executor } from '../../db/executor'
import { refreshTokens } from '../../db/schema'
import { ApiError } from '../../lib/errors'

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000
/**
 * A refresh token presented again this soon after its first use is two tabs (or a retry) refreshing
 * at once, not a thief: the second caller gets a new pair of the same sign-in (docs/accounts.md "Sessions").
 */
export const REFRESH_GRACE_MS = 30_000

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

export const refreshRefused = () => new ApiError(401, 'unauthenticated', 'Your session has ended. Please sign in again.')

// Rotating refresh tokens: stored as hashes, one family per sign-in; the family id is the access tokens' `sid`.

async function issue(db: Executor, customerId: string, familyId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(refreshTokens).values({
    customerId,
    familyId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    createdAt: now,
  })
  return token
}

async function revokeFamily(db: Executor, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
}

/**
 * True while no token of the family was revoked. A token written by a rotation that raced a
 * sign-out can stay unrevoked, so one revoked row ends the whole family.
 */
export async function isFamilyLive(db: Executor, familyId: string, customerId: string): Promise<boolean> {
  const [row] = await familyLive(db, { familyId, customerId })
  return row?.live === true
}

// Every signed-in request asks: its SQL is built once.
const familyLive = builtOnce((db) =>
  db
    .select({ live: sql<boolean | null>`bool_and(${refreshTokens.revokedAt} is null)` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sql.placeholder('familyId')), eq(refreshTokens.customerId, sql.placeholder('customerId')))),
)

/** A new sign-in: its first refresh token and its family id (the access tokens' `sid`). */
export async function startFamily(db: Executor, customerId: string, now = new Date()): Promise<{ familyId: string; refreshToken: string }> {
  const familyId = randomUUID()
  return { familyId, refreshToken: await issue(db, customerId, familyId, now) }
}

/**
 * Spends `token` for a new one of its family. The same token again within REFRESH_GRACE_MS of
 * its first use gets a new one too; later, or a revoked one, is a replay: the whole family is
 * revoked, so the thief's and the customer's newer tokens both stop.
 */
export async function rotateRefreshToken(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<{ customerId: string; familyId: string; refreshToken: string }> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token)))
  if (!row) throw refreshRefused()
  if (row.revokedAt || !(await isFamilyLive(db, row.familyId, row.customerId))) {
    await revokeFamily(db, row.familyId)
    throw refreshRefused()
  }
  if (row.expiresAt.getTime() <= now.getTime()) throw refreshRefused()
  const [spent] = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning()
  if (!spent) {
    // Spent already (maybe a moment ago by another tab): read when.
    const [current] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, row.id))
    const usedAt = current?.usedAt?.getTime()
    const withinGrace = !current?.revokedAt && usedAt !== undefined && now.getTime() - usedAt <= REFRESH_GRACE_MS
    if (!withinGrace) {
      await revokeFamily(db, row.familyId)
      throw refreshRefused()
    }
  }
  return { customerId: row.customerId, familyId: row.familyId, refreshToken: await issue(db, row.customerId, row.familyId, now) }
}

/** Ends the sign-in `token` belongs to; an unknown token is already ended. */
export async function revokeRefreshToken(db: Executor, token: string): Promise<void> {
  const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token)))
  if (row) await revokeFamily(db, row.familyId)
}

export async function revokeAllRefreshTokens(db: Executor, customerId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.customerId, customerId), isNull(refreshTokens.revokedAt)))
}
