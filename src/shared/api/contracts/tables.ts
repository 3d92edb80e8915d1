import { z } from 'zod'
import { uuid } from './fields'

/** The QR code at a table carries its id; the app asks which restaurant it belongs to. */
export const tableLookupRequest = z.object({ tableId: uuid('a table id') })

export type TableLookupRequest = z.input<typeof tableLookupRequest>

export type DiningTable = { id: string; name: string; capacity: number; sectionName: string }

export type TableLookupResponse = {
  table: DiningTable
  locationId: string
  locationSlug: string
  merchantType: string
}
