import { Hono } from 'hono'
import { addRoundRequest, splitRequest } from '@/shared/api/contracts/dine-in'
import { orderIdRequest } from '@/shared/api/contracts/ordering'
import type { AppDeps } from '../../deps'
import { endpointRouter, reply } from '../../lib/endpoint'
import { noStore } from '../../lib/http'
import { idempotent, type IdempotencyVariables } from '../../lib/idempotency'
import { readEncrypted, sendEncrypted } from '../../lib/wire'
import { optionalCustomer } from '../auth/tokens'
import { addRound } from './add-round'
import { kitchenTicketsOf } from './kitchen-tickets'
import { billShares, splitBill } from './split-bill'
import { callWaiter, updateWaiterCall, waiterCallsOf } from './waiter-calls'

/**
 * Dine-in at the table: rounds onto the open table order, kitchen tickets, the waiter and split
 * bills. Order, KOT and /merchants/… calls are encrypted both ways (docs/api.md "Wire protocol"; the rules: docs/dine-in.md); /customer/call-waiter
 * is plain JSON like the other /customer/… calls; the restaurant's side uses its staff token.
 * Kitchen tickets and waiter calls are mounted from the endpoint map
 * (src/shared/api/contracts/dine-in.ts); a new round and the split bill keep their hand-written
 * routes (Idempotency-Key, and answers typed in the ordering contracts, not yet in the map).
 */
export function dineInRoutes(deps: AppDeps) {
  const { db, env } = deps
  const key = env.PAYLOAD_KEY
  const caller = optionalCustomer(env.TOKEN_SECRET, db)
  const once = idempotent({ db, passphrase: key })

  const mapped = endpointRouter(deps)
    .mount('POST /kot/v2/getKOTItemsBySortOrder', async (c, { body }) => kitchenTicketsOf(db, { customerId: c.get('customerId') }, body))
    .mount('POST /customer/call-waiter', async (c, { body }) => {
      const { call, created } = await callWaiter(db, { customerId: c.get('customerId') }, body)
      return reply(call, created ? 201 : 200)
    })
    .mount('GET /merchants/:locationId/waiter-calls', async (_c, { params }) => waiterCallsOf(db, params.locationId))
    .mount('PUT /merchants/:locationId/waiter-calls/:callId', async (_c, { params, body }) =>
      updateWaiterCall(db, params.locationId, params.callId, body.status),
    ).router

  return new Hono<{ Variables: IdempotencyVariables }>()
    .route('/', mapped)
    .use('/order/update/customer', noStore, caller, once)
    .use('/order/customer/split', noStore, caller, once)
    .use('/order/customer/splits', noStore, caller)
    .put('/order/update/customer', async (c) => {
      const request = await readEncrypted(c, addRoundRequest, key)
      return sendEncrypted(c, await addRound(c.get('tx'), { customerId: c.get('customerId') }, request), key)
    })
    .post('/order/customer/split', async (c) => {
      const request = await readEncrypted(c, splitRequest, key)
      return sendEncrypted(c, await splitBill(c.get('tx'), { customerId: c.get('customerId') }, request), key, 201)
    })
    .post('/order/customer/splits', async (c) => {
      const { orderId } = await readEncrypted(c, orderIdRequest, key)
      return sendEncrypted(c, await billShares(db, { customerId: c.get('customerId') }, orderId), key)
    })
}
