import { and, eq } from 'drizzle-orm'
import type { StaffRole } from '@/shared/api/contracts/staff-roles'
import { locations, staffMembers } from '../db/schema'
import { demoStaffEmail } from '../db/seed'
import { startStaffSession } from '../modules/staff/sessions'
import type { TestApp } from './harness'

/**
 * Headers of the seeded demo staff member of `role` at `locationSlug` (docs/staff.md "Demo staff"):
 * a fresh sign-in started directly, without the password's scrypt or the sign-in throttle, so a
 * test may take as many as it likes. The sign-in itself is tested in modules/staff/staff.test.ts.
 */
export async function staffHeaders(t: Pick<TestApp, 'db'>, locationSlug: string, role: StaffRole, now = new Date()): Promise<{ Authorization: string }> {
  const { accessToken } = await staffSession(t, locationSlug, role, now)
  return { Authorization: `Bearer ${accessToken}` }
}

/** The seeded member and a new sign-in of theirs (both tokens). */
export async function staffSession(t: Pick<TestApp, 'db'>, locationSlug: string, role: StaffRole, now = new Date()) {
  const [member] = await t.db
    .select({ id: staffMembers.id, locationId: staffMembers.locationId })
    .from(staffMembers)
    .innerJoin(locations, eq(locations.id, staffMembers.locationId))
    .where(and(eq(locations.locationSlug, locationSlug), eq(staffMembers.email, demoStaffEmail(locationSlug, role))))
  if (!member) throw new Error(`No demo ${role} at ${locationSlug}`)
  return { ...member, ...(await startStaffSession(t.db, member.id, now)) }
}
