import type { AppDeps } from '../../deps'
import { endpointRouter } from '../../lib/endpoint'
import { lookupTable } from './tables.service'

/** Table QR codes: which restaurant and table a scan belongs to, from the endpoint map (src/shared/api/contracts/tables.ts). */
export function tableRoutes(deps: AppDeps) {
  return endpointRouter(deps).mount('POST /merchants/tables/v2', async (_c, { body }) => lookupTable(deps.db, body.tableId)).router
}
