import { z } from 'zod'
import { defineEndpoints } from './endpoint'
import { uuid } from './fields'

/** The QR code at a table carries its id; the app asks which restaurant it belongs to. */
export const tableLookupRequest = z.object({ tableId: uuid('a table id') })

export type TableLookupRequest = z.input<typeof tableLookupRequest>

export const diningTable = z
  .strictObject({ id: z.string(), name: z.string(), capacity: z.number().int(), sectionName: z.string() })
  .meta({ id: 'DiningTable' })

export const tableLookupResponse = z
  .strictObject({ table: diningTable, locationId: z.string(), locationSlug: z.string(), merchantType: z.string() })
  .meta({ id: 'TableLookupResponse' })

export type DiningTable = z.output<typeof diningTable>
export type TableLookupResponse = z.output<typeof tableLookupResponse>

/** Table QR codes (docs/dine-in.md): a merchant call, so encrypted. */
export const tableEndpoints = defineEndpoints({
  'POST /merchants/tables/v2': {
    auth: 'none',
    wire: 'encrypted',
    tag: 'tables',
    summary: "The restaurant and table a table's QR code belongs to",
    body: tableLookupRequest,
    response: tableLookupResponse,
    errors: ['table_not_found'],
  },
})
