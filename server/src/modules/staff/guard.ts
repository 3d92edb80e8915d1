import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { locationParam } from '@/shared/api/contracts/reservations'
import type { Database } from '../../db/client'
import { builtOnce } from '../../db/built-once'
import type { Executor } from '../../db/executor'
import { refreshTokens, staffMembers, type StaffRole } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { validate } from '../../lib/wire'
import { hashToken } from '../auth/refresh-tokens'
import { ACCESS_TOKEN_TTL_SECONDS } from '../auth/tokens'

/** Who a staff request is from: their id, their one location and their role now (docs/staff.md "Roles"). */
export type StaffCaller = { id: string; locationId: string; role: StaffRole }
export type StaffVariables = { staff: StaffCaller }

/** A staff access token lives as long as a customer's; the refresh token brings a new one. */
export const STAFF_ACCESS_TTL_MS = ACCESS_TOKEN_TTL_SECONDS * 1000

export const staffUnauthenticated = () => new ApiError(401, 'unauthenticated', 'Please sign in to the staff area.')
const staffTokenExpired = () => new ApiError(401, 'token_expired', 'Your staff session has expired. Please sign in again.')

// One indexed read a request: the token's sign-in, whether any token of its family was revoked,
// and the member's current role and location (a role change or a removal counts at once).
const sessionOf = builtOnce((db) =>
  db
    .select({
      id: staffMembers.id,
      locationId: staffMembers.locationId,
      role: staffMembers.role,
      issuedAt: refreshTokens.createdAt,
      live: sql<boolean>`not exists (select 1 from ${refreshTokens} r where r.family_id = ${refreshTokens.familyId} and r.revoked_at is not null)`,
    })
    .from(refreshTokens)
    .innerJoin(staffMembers, eq(staffMembers.id, refreshTokens.staffMemberId))
    .where(and(eq(refreshTokens.accessTokenHash, sql.placeholder('hash')), isNull(staffMembers.removedAt))),
)

/**
 * The staff member of `Authorization: Bearer <staff access token>`, or a 401: no or an unknown
 * token (a customer's, a refresh token, a removed member's) is `unauthenticated`, an old one
 * `token_expired` (the staff app then spends its refresh token).
 */
export async function authenticateStaff(db: Executor, header: string | undefined, now = new Date()): Promise<StaffCaller> {
  const match = /^Bearer\s+(tfs_[A-Za-z0-9_-]{20,100})\s*$/.exec(header ?? '')
  if (!match) throw staffUnauthenticated()
  const [row] = await sessionOf(db, { hash: hashToken(match[1]!) })
  if (!row || !row.live) throw staffUnauthenticated()
  if (now.getTime() - row.issuedAt.getTime() >= STAFF_ACCESS_TTL_MS) throw staffTokenExpired()
  return { id: row.id, locationId: row.locationId, role: row.role }
}

/** A manager may do everything at their location; anyone else only what `roles` names. */
export const roleAllows = (role: StaffRole, roles: readonly StaffRole[] | undefined) => !roles || role === 'manager' || roles.includes(role)

const refusal = (c: Context, error: ApiError) =>
  c.json(error.toBody(), error.status as 401 | 403, {
    ...(error.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {}),
    'Cache-Control': 'no-store',
  })

/**
 * A staff member of the path's location with one of `roles` (a manager always; no `roles`: any
 * role). 401 `unauthenticated`/`token_expired`, 403 `forbidden` for another location's staff,
 * 403 `role_not_allowed` for the wrong role. Sets `c.var.staff`.
 */
export function requireStaff(db: Database, roles?: readonly StaffRole[]) {
  return createMiddleware<{ Variables: StaffVariables }>(async (c, next) => {
    const { locationId } = validate(locationParam, { locationId: c.req.param('locationId') })
    let staff: StaffCaller
    try {
      staff = await authenticateStaff(db, c.req.header('Authorization'))
    } catch (error) {
      if (error instanceof ApiError) return refusal(c, error)
      throw error
    }
    if (staff.locationId !== locationId) return refusal(c, new ApiError(403, 'forbidden', 'This staff account is for another restaurant.'))
    if (!roleAllows(staff.role, roles)) return refusal(c, new ApiError(403, 'role_not_allowed', `This is not for the ${staff.role} role.`))
    c.set('staff', staff)
    await next()
  })
}

/** Any signed-in staff member, whatever their location (their own profile: GET /staff/me). */
export function requireStaffSession(db: Database) {
  return createMiddleware<{ Variables: StaffVariables }>(async (c, next) => {
    try {
      c.set('staff', await authenticateStaff(db, c.req.header('Authorization')))
    } catch (error) {
      if (error instanceof ApiError) return refusal(c, error)
      throw error
    }
    await next()
  })
}
