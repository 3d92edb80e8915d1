import type { AppDeps } from '../../deps'
import { endpointRouter, reply } from '../../lib/endpoint'
import { idempotent } from '../../lib/idempotency'
import { addRound } from './add-round'
import { kitchenTicketsOf } from './kitchen-tickets'
import { billShares, splitBill } from './split-bill'
import { callWaiter, updateWaiterCall, waiterCallById, waiterCallsOf } from './waiter-calls'

/**
 * Dine-in at the table: rounds onto the open table order, kitchen tickets, the waiter and split
 * bills. Order, KOT and /merchants/… calls are encrypted both ways (docs/api.md "Wire protocol"; the rules: docs/dine-in.md); /customer/call-waiter
 * is plain JSON like the other /customer/… calls; the restaurant's side uses its staff token.
 * Every route is mounted from the endpoint map (src/shared/api/contracts/dine-in.ts); a new round
 * and a split run behind `idempotent()` (Idempotency-Key: docs/operations.md).
 */
export function dineInRoutes(deps: AppDeps) {
  const { db, env } = deps
  const once = idempotent({ db, passphrase: env.PAYLOAD_KEY })

  return endpointRouter(deps)
    .mount('PUT /order/update/customer', async (c, { body }) => addRound(c.get('tx'), { customerId: c.get('customerId') }, body), [once])
    .mount('POST /order/customer/split', async (c, { body }) => splitBill(c.get('tx'), { customerId: c.get('customerId') }, body), [once])
    .mount('POST /order/customer/splits', async (c, { body }) => billShares(db, { customerId: c.get('customerId') }, body.orderId))
    .mount('POST /kot/v2/getKOTItemsBySortOrder', async (c, { body }) => kitchenTicketsOf(db, { customerId: c.get('customerId') }, body))
    .mount('POST /customer/call-waiter', async (c, { body }) => {
      const { call, created } = await callWaiter(db, { customerId: c.get('customerId') }, body)
      return reply(call, created ? 201 : 200)
    })
    .mount('GET /customer/call-waiter/:callId', async (_c, { params }) => waiterCallById(db, params.callId))
    .mount('GET /merchants/:locationId/waiter-calls', async (_c, { params }) => waiterCallsOf(db, params.locationId))
    .mount('PUT /merchants/:locationId/waiter-calls/:callId', async (c, { params, body }) =>
      updateWaiterCall(db, params.locationId, params.callId, body.status, { staffId: c.get('staff').id }),
    ).router
}
