import { and, asc, eq } from 'drizzle-orm'
import type { TableDetailsResponse, WaitTimesResponse } from '@/shared/api/contracts/reservations'
import type { Executor } from '../../db/executor'
import { diningTables, tableSections } from '../../db/schema'
import { loadLocation } from './reservation'
import type { TableRow } from './rules'
import { readFloor, waitTimesOf } from './waitlist'

/* What a diner sees of a location's floor before booking: the wait-time board and its sections. */

/** POST /merchants/v2/locations/wait-times */
export async function waitTimes(db: Executor, locationId: string, now = new Date()): Promise<WaitTimesResponse> {
  await loadLocation(db, locationId)
  return waitTimesOf((await readFloor(db, locationId, now))!, now)
}

/** POST /merchants/locations/reservations/table-details/v2: sections and their active tables. */
export async function tableDetails(db: Executor, locationId: string): Promise<TableDetailsResponse> {
  const location = await loadLocation(db, locationId)
  const sections = await db.select().from(tableSections).where(eq(tableSections.locationId, locationId)).orderBy(asc(tableSections.sortOrder), asc(tableSections.name))
  const tables = await db
    .select()
    .from(diningTables)
    .where(and(eq(diningTables.locationId, locationId), eq(diningTables.isActive, true)))
  const byName = (a: TableRow, b: TableRow) => a.name.localeCompare(b.name, 'en', { numeric: true })
  return {
    locationId,
    highChair: location.highChair,
    sections: sections
      .map((section) => ({
        id: section.id,
        name: section.name,
        tables: tables
          .filter((table) => table.sectionId === section.id)
          .sort(byName)
          .map((table) => ({ id: table.id, name: table.name, capacity: table.capacity, minCapacity: table.minCapacity })),
      }))
      .filter((section) => section.tables.length > 0),
  }
}
