import { Hono } from 'hono'
import { z } from 'zod'
import { addRoundRequest, callWaiterRequest, kitchenTicketsRequest, splitRequest, waiterCallUpdate } from '@/shared/api/contracts/dine-in'
import { orderIdRequest } from '@/shared/api/contracts/ordering'
import type { AppDeps } from '../../deps'
import { noStore } from '../../lib/http'
import { idempotent, type IdempotencyVariables } from '../../lib/idempotency'
import { readEncrypted, readJson, sendEncrypted, validate } from '../../lib/wire'
import { optionalCustomer } from '../auth/tokens'
import { requireStaff } from '../reservations/reservations.routes'
import { addRound } from './add-round'
import { kitchenTicketsOf } from './kitchen-tickets'
import { billShares, splitBill } from './split-bill'
import { callWaiter, updateWaiterCall, waiterCallsOf } from './waiter-calls'

const waiterCallParams = z.object({ locationId: z.uuid('must be a location id'), callId: z.uuid('must be a waiter call id') })

/**
 * Dine-in at the table: rounds onto the open table order, kitchen tickets, the waiter and split
 * bills. Order, KOT and /merchants/… calls are encrypted both ways (docs/api.md "Wire protocol"; the rules: docs/dine-in.md); /customer/call-waiter
 * is plain JSON like the other /customer/… calls; the restaurant's side uses its staff token.
 */
export function dineInRoutes(deps: AppDeps) {
  const { db, env } = deps
  const key = env.PAYLOAD_KEY
  const caller = optionalCustomer(env.TOKEN_SECRET, db)
  const once = idempotent({ db, passphrase: key })
  const staff = requireStaff(db)

  return new Hono<{ Variables: IdempotencyVariables }>()
    .use('/order/update/customer', noStore, caller, once)
    .use('/order/customer/split', noStore, caller, once)
    .use('/order/customer/splits', noStore, caller)
    .use('/kot/v2/getKOTItemsBySortOrder', noStore, caller)
    .use('/customer/call-waiter', noStore, caller)
    .use('/merchants/:locationId/waiter-calls', noStore, staff)
    .use('/merchants/:locationId/waiter-calls/:callId', noStore, staff)
    .put('/order/update/customer', async (c) => {
      const request = await readEncrypted(c, addRoundRequest, key)
      return sendEncrypted(c, await addRound(c.get('tx'), { customerId: c.get('customerId') }, request), key)
    })
    .post('/kot/v2/getKOTItemsBySortOrder', async (c) => {
      const request = await readEncrypted(c, kitchenTicketsRequest, key)
      return sendEncrypted(c, await kitchenTicketsOf(db, { customerId: c.get('customerId') }, request), key)
    })
    .post('/order/customer/split', async (c) => {
      const request = await readEncrypted(c, splitRequest, key)
      return sendEncrypted(c, await splitBill(c.get('tx'), { customerId: c.get('customerId') }, request), key, 201)
    })
    .post('/order/customer/splits', async (c) => {
      const { orderId } = await readEncrypted(c, orderIdRequest, key)
      return sendEncrypted(c, await billShares(db, { customerId: c.get('customerId') }, orderId), key)
    })
    .post('/customer/call-waiter', async (c) => {
      const request = await readJson(c, callWaiterRequest)
      const { call, created } = await callWaiter(db, { customerId: c.get('customerId') }, request)
      return c.json(call, created ? 201 : 200)
    })
    .get('/merchants/:locationId/waiter-calls', async (c) => {
      return sendEncrypted(c, await waiterCallsOf(db, c.req.param('locationId')), key)
    })
    .put('/merchants/:locationId/waiter-calls/:callId', async (c) => {
      const { locationId, callId } = validate(waiterCallParams, c.req.param())
      const { status } = await readEncrypted(c, waiterCallUpdate, key)
      return sendEncrypted(c, await updateWaiterCall(db, locationId, callId, status), key)
    })
}
