import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { StaffRole } from '@/shared/api/contracts/staff-roles'
import type { TeamMember } from '@/shared/api/contracts/staff'
import type { Database } from '../../db/client'
import type { Executor } from '../../db/executor'
import { staffMembers } from '../../db/schema'
import { ApiError, databaseErrorOf } from '../../lib/errors'
import { hashPassword } from '../auth/password'
import { revokeAllStaffRefreshTokens } from '../auth/refresh-tokens'
import type { StaffCaller } from './guard'

// The manager's team (docs/staff.md "Accounts"): add, change a role, remove. Every change locks the
// location's staff rows first, so two managers acting at once cannot leave it without a manager.

const EMAIL_INDEX = 'staff_members_active_email_uq'
const ROLE_ORDER = sql`array_position(array['manager','host','kitchen','server']::text[], ${staffMembers.role})`

const notFound = () => new ApiError(404, 'not_found', 'No such staff member at this restaurant.')
const lastManager = () => new ApiError(409, 'last_manager', 'A restaurant keeps at least one manager: make someone else a manager first.')
const emailTaken = () => new ApiError(409, 'email_taken', 'Someone on a staff team already signs in with that email.')

type Row = typeof staffMembers.$inferSelect
const memberOf = (row: Row, caller: StaffCaller): TeamMember => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
  isYou: row.id === caller.id,
})

/** The location's staff not removed: managers first, then by name. */
export async function listTeam(db: Executor, caller: StaffCaller): Promise<TeamMember[]> {
  const rows = await db
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.locationId, caller.locationId), isNull(staffMembers.removedAt)))
    .orderBy(ROLE_ORDER, asc(staffMembers.name), asc(staffMembers.id))
  return rows.map((row) => memberOf(row, caller))
}

/** Locks the location's current staff for the rest of the transaction. */
const lockTeam = (tx: Executor, locationId: string) =>
  tx
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.locationId, locationId), isNull(staffMembers.removedAt)))
    .for('update')

export async function addTeamMember(
  db: Database,
  caller: StaffCaller,
  request: { name: string; email: string; role: StaffRole; password: string },
  now = new Date(),
): Promise<TeamMember> {
  const email = request.email.toLowerCase()
  const [taken] = await db.select({ id: staffMembers.id }).from(staffMembers).where(and(eq(sql`lower(${staffMembers.email})`, email), isNull(staffMembers.removedAt)))
  if (taken) throw emailTaken()
  const passwordHash = await hashPassword(request.password)
  try {
    const [row] = await db
      .insert(staffMembers)
      .values({ locationId: caller.locationId, name: request.name, email, role: request.role, passwordHash, createdBy: caller.id, createdAt: now, updatedAt: now })
      .returning()
    return memberOf(row!, caller)
  } catch (error) {
    const failure = databaseErrorOf(error)
    // Added elsewhere between the check and this write.
    if (failure?.code === '23505' && (failure.constraint === EMAIL_INDEX || failure.constraint === '')) throw emailTaken()
    throw error
  }
}

export async function changeRole(db: Database, caller: StaffCaller, staffId: string, role: StaffRole, now = new Date()): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    const team = await lockTeam(tx, caller.locationId)
    const target = team.find((row) => row.id === staffId)
    if (!target) throw notFound()
    if (target.role === 'manager' && role !== 'manager' && !team.some((row) => row.role === 'manager' && row.id !== staffId)) throw lastManager()
    const [row] = await tx.update(staffMembers).set({ role, updatedAt: now }).where(eq(staffMembers.id, staffId)).returning()
    return memberOf(row!, caller)
  })
}

/** Removes someone from the team: they cannot sign in, their sessions end, the rows naming them stay. */
export async function removeTeamMember(db: Database, caller: StaffCaller, staffId: string, now = new Date()): Promise<void> {
  if (staffId === caller.id) throw new ApiError(409, 'cannot_remove_self', 'You cannot remove yourself: ask another manager.')
  await db.transaction(async (tx) => {
    const team = await lockTeam(tx, caller.locationId)
    const target = team.find((row) => row.id === staffId)
    if (!target) throw notFound()
    if (target.role === 'manager' && !team.some((row) => row.role === 'manager' && row.id !== staffId)) throw lastManager()
    await tx
      .update(staffMembers)
      .set({ removedAt: now, removedBy: caller.id, updatedAt: now })
      .where(eq(staffMembers.id, staffId))
    await revokeAllStaffRefreshTokens(tx, staffId, now)
  })
}
