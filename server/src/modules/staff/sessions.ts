import { and, eq, isNull, sql } from 'drizzle-orm'
import type { StaffMe, StaffSignInResponse, StaffTokens } from '@/shared/api/contracts/staff'
import type { Executor } from '../../db/executor'
import { locations, staffMembers } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import type { RateLimiter } from '../../lib/rate-limit'
import { asAdmittedSignIn, UNMATCHABLE_HASH, verifyPassword } from '../auth/password'
import { revokeRefreshToken, rotateStaffRefreshToken, startStaffFamily } from '../auth/refresh-tokens'
import { STAFF_SIGN_IN_PER_ACCOUNT, STAFF_SIGN_IN_PER_CLIENT } from '../auth/throttles'
import { staffUnauthenticated } from './guard'

// Staff sign-ins (docs/staff.md "Sessions"): the customers' refresh-token families with a staff
// subject, and opaque access tokens issued with each refresh token.

export const INVALID_STAFF_CREDENTIALS = 'That email and password do not match a staff account.'

/** A new sign-in of a staff member, without a password: the sign-in below, and the tests' and the sandbox's shortcuts. */
export async function startStaffSession(db: Executor, staffMemberId: string, now = new Date()): Promise<StaffTokens> {
  const { accessToken, refreshToken } = await startStaffFamily(db, staffMemberId, now)
  return { accessToken, refreshToken }
}

/**
 * Throttled per email as typed and per client before any work, with the same answer for an
 * unknown email, a removed member and a wrong password; the hash is checked in every case.
 */
export const staffSignIn = (
  db: Executor,
  limiter: RateLimiter,
  credentials: { email: string; password: string },
  client: string,
  now = new Date(),
): Promise<StaffSignInResponse> =>
  asAdmittedSignIn(async () => {
    const email = credentials.email.toLowerCase()
    await limiter.take([
      [STAFF_SIGN_IN_PER_ACCOUNT, email],
      [STAFF_SIGN_IN_PER_CLIENT, client],
    ])
    const [member] = await db
      .select({ id: staffMembers.id, passwordHash: staffMembers.passwordHash })
      .from(staffMembers)
      .where(and(eq(sql`lower(${staffMembers.email})`, email), isNull(staffMembers.removedAt)))
    const matches = await verifyPassword(credentials.password, member?.passwordHash ?? UNMATCHABLE_HASH)
    if (!member || !matches) throw new ApiError(401, 'invalid_credentials', INVALID_STAFF_CREDENTIALS)
    const tokens = await startStaffSession(db, member.id, now)
    return { ...tokens, staff: await staffProfile(db, member.id) }
  })

/** Spends a staff refresh token for a new pair; a customer's refresh token is refused (docs/staff.md "Sessions"). */
export async function refreshStaffSession(db: Executor, refreshToken: string, now = new Date()): Promise<StaffTokens> {
  const rotated = await rotateStaffRefreshToken(db, refreshToken, now)
  // A member removed since: the rotation found the family revoked already; this is the belt to those braces.
  const [member] = await db.select({ id: staffMembers.id }).from(staffMembers).where(and(eq(staffMembers.id, rotated.staffMemberId), isNull(staffMembers.removedAt)))
  if (!member) throw staffUnauthenticated()
  return { accessToken: rotated.accessToken, refreshToken: rotated.refreshToken }
}

/** Ends the staff sign-in of `refreshToken`: its access tokens stop at their next request. */
export const staffSignOut = (db: Executor, refreshToken: string) => revokeRefreshToken(db, refreshToken, 'staff')

/** Name, role and restaurant of a staff member (GET /staff/me). */
export async function staffProfile(db: Executor, staffMemberId: string): Promise<StaffMe> {
  const [row] = await db
    .select({
      id: staffMembers.id,
      name: staffMembers.name,
      email: staffMembers.email,
      role: staffMembers.role,
      locationId: locations.id,
      locationName: locations.branchName,
      locationSlug: locations.locationSlug,
    })
    .from(staffMembers)
    .innerJoin(locations, eq(locations.id, staffMembers.locationId))
    .where(eq(staffMembers.id, staffMemberId))
  if (!row) throw staffUnauthenticated()
  return { id: row.id, name: row.name, email: row.email, role: row.role, location: { id: row.locationId, name: row.locationName, slug: row.locationSlug } }
}
