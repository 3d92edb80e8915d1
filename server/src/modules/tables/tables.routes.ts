import { Hono } from 'hono'
import { tableLookupRequest } from '@/shared/api/contracts/tables'
import type { AppDeps } from '../../deps'
import { readEncrypted, sendEncrypted } from '../../lib/wire'
import { lookupTable } from './tables.service'

/** Table QR codes: which restaurant and table a scan belongs to. A merchant call, so encrypted (docs/api.md "Wire protocol"). */
export function tableRoutes({ db, env }: AppDeps) {
  const key = env.PAYLOAD_KEY

  return new Hono().post('/merchants/tables/v2', async (c) => {
    const { tableId } = await readEncrypted(c, tableLookupRequest, key)
    return sendEncrypted(c, await lookupTable(db, tableId), key)
  })
}
