import { and, eq } from 'drizzle-orm'
import type { TableLookupResponse } from '@/shared/api/contracts/tables'
import type { Executor } from '../../db/executor'
import { diningTables, locations, merchants, tableSections } from '../../db/schema'
import { ApiError } from '../../lib/errors'

/** POST /merchants/tables/v2: the restaurant a table's QR code belongs to; a retired table or closed-down location is not found. */
export async function lookupTable(db: Executor, tableId: string): Promise<TableLookupResponse> {
  const [row] = await db
    .select({
      id: diningTables.id,
      name: diningTables.name,
      capacity: diningTables.capacity,
      sectionName: tableSections.name,
      locationId: locations.id,
      locationSlug: locations.locationSlug,
      merchantType: merchants.merchantType,
    })
    .from(diningTables)
    .innerJoin(tableSections, eq(diningTables.sectionId, tableSections.id))
    .innerJoin(locations, eq(diningTables.locationId, locations.id))
    .innerJoin(merchants, eq(locations.merchantId, merchants.id))
    .where(and(eq(diningTables.id, tableId), eq(diningTables.isActive, true), eq(locations.isActive, true)))
  if (!row) throw new ApiError(404, 'table_not_found', 'This table was not found.')
  const { locationId, locationSlug, merchantType, ...table } = row
  return { table, locationId, locationSlug, merchantType }
}
