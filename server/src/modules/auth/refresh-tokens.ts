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

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

export const refreshRefused = () => new ApiError(401, 'unauthenticated', 'Your session has ended. Please sign in again.')

// Rotating refresh tokens: stored as hashes, one family per sign-in; the family id is the access tokens' `sid`.

/**
 * Whose sign-in a refresh-token family is: a diner's or a staff member's (docs/staff.md
 * "Sessions"). A token of one kind is never spent, revoked or read as the other's.
 */
export type TokenSubject = { kind: 'customer'; id: string } | { kind: 'staff'; id: string }

const subjectColumns = (subject: TokenSubject) =>
  subject.kind === 'customer' ? { customerId: subject.id } : { staffMemberId: subject.id }

const subjectOf = (row: { customerId: string | null; staffMemberId: string | null }): TokenSubject =>
  row.customerId !== null ? { kind: 'customer', id: row.customerId } : { kind: 'staff', id: row.staffMemberId! }

/** A staff access token: opaque and looked up by its hash (docs/staff.md "Sessions"). */
const newStaffAccessToken = () => `tfs_${randomBytes(32).toString('base64url')}`

/** A new refresh token of the family; a staff sign-in's comes with its access token. */
async function issue(db: Executor, subject: TokenSubject, familyId: string, now: Date): Promise<{ refreshToken: string; accessToken?: string }> {
  const token = randomBytes(32).toString('base64url')
  const accessToken = subject.kind === 'staff' ? newStaffAccessToken() : undefined
  await db.insert(refreshTokens).values({
    ...subjectColumns(subject),
    familyId,
    tokenHash: hashToken(token),
    accessTokenHash: accessToken === undefined ? null : hashToken(accessToken),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    createdAt: now,
  })
  return { refreshToken: token, accessToken }
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
  return { familyId, refreshToken: (await issue(db, { kind: 'customer', id: customerId }, familyId, now)).refreshToken }
}

/** A staff member's new sign-in: its first refresh token and access token. */
export async function startStaffFamily(db: Executor, staffMemberId: string, now = new Date()): Promise<{ familyId: string; refreshToken: string; accessToken: string }> {
  const familyId = randomUUID()
  const { refreshToken, accessToken } = await issue(db, { kind: 'staff', id: staffMemberId }, familyId, now)
  return { familyId, refreshToken, accessToken: accessToken! }
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
  const rotated = await rotateFamily(db, token, 'customer', now)
  return { customerId: rotated.subject.id, familyId: rotated.familyId, refreshToken: rotated.refreshToken }
}

/** rotateRefreshToken for a staff sign-in: a customer's refresh token is refused here, and a staff one there. */
export async function rotateStaffRefreshToken(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<{ staffMemberId: string; familyId: string; refreshToken: string; accessToken: string }> {
  const rotated = await rotateFamily(db, token, 'staff', now)
  return { staffMemberId: rotated.subject.id, familyId: rotated.familyId, refreshToken: rotated.refreshToken, accessToken: rotated.accessToken! }
}

async function rotateFamily(db: Executor, token: string, kind: TokenSubject['kind'], now: Date) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token)))
  if (!row) throw refreshRefused()
  const subject = subjectOf(row)
  // Another kind's token is not a replay of this kind's: refused, its sign-in left alone.
  if (subject.kind !== kind) throw refreshRefused()
  if (row.revokedAt || !(await isSubjectFamilyLive(db, row.familyId, subject))) {
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
  return { subject, familyId: row.familyId, ...(await issue(db, subject, row.familyId, now)) }
}

async function isSubjectFamilyLive(db: Executor, familyId: string, subject: TokenSubject): Promise<boolean> {
  if (subject.kind === 'customer') return isFamilyLive(db, familyId, subject.id)
  const [row] = await db
    .select({ live: sql<boolean | null>`bool_and(${refreshTokens.revokedAt} is null)` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.staffMemberId, subject.id)))
  return row?.live === true
}

/** Ends the sign-in `token` belongs to; an unknown token, or another kind's, is left alone. */
export async function revokeRefreshToken(db: Executor, token: string, kind: TokenSubject['kind'] = 'customer'): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, customerId: refreshTokens.customerId, staffMemberId: refreshTokens.staffMemberId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
  if (row && subjectOf(row).kind === kind) await revokeFamily(db, row.familyId)
}

export async function revokeAllRefreshTokens(db: Executor, customerId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.customerId, customerId), isNull(refreshTokens.revokedAt)))
}

/** Ends every sign-in of a staff member (removed from the team). */
export async function revokeAllStaffRefreshTokens(db: Executor, staffMemberId: string, now = new Date()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.staffMemberId, staffMemberId), isNull(refreshTokens.revokedAt)))
}
