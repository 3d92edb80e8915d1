import { eq } from 'drizzle-orm'
import type { StaffSettings } from '@/shared/api/contracts/staff'
import type { Executor } from '../../db/executor'
import { staffSettings } from '../../db/schema'
import { isStaffOnShift } from '../../domain/staff-on-shift'

// A location's staff settings (docs/staff.md "On shift"): today whether the sandbox simulators stay away.

export async function readStaffSettings(db: Executor, locationId: string, now = new Date()): Promise<StaffSettings> {
  const [row] = await db.select({ simulatorsOff: staffSettings.simulatorsOff }).from(staffSettings).where(eq(staffSettings.locationId, locationId))
  return { simulatorsOff: row?.simulatorsOff ?? false, onShift: await isStaffOnShift(db, locationId, now) }
}

export async function writeStaffSettings(db: Executor, locationId: string, simulatorsOff: boolean, now = new Date()): Promise<StaffSettings> {
  await db
    .insert(staffSettings)
    .values({ locationId, simulatorsOff, updatedAt: now })
    .onConflictDoUpdate({ target: staffSettings.locationId, set: { simulatorsOff, updatedAt: now } })
  return readStaffSettings(db, locationId, now)
}
