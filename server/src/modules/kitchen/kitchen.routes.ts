import type { Context } from 'hono'
import type { AppDeps } from '../../deps'
import type { Transaction } from '../../db/executor'
import { endpointRouter } from '../../lib/endpoint'
import { idempotent, type IdempotencyVariables } from '../../lib/idempotency'
import { liveStream } from '../../lib/notify-hub'
import type { StaffVariables } from '../reservations/staff'
import { readBoard } from './board'
import { bumpOrder, bumpTicket, undoBump } from './bump'
import { createKitchenHub } from './kitchen-hub'
import { listStock, setOrderingPaused, setStock } from './stock'

/** The transaction `idempotent` opened for the route's work. */
const txOf = (c: Context): Transaction => (c as Context<{ Variables: IdempotencyVariables }>).get('tx')
const staffOf = (c: Context) => c.get('staff') as StaffVariables['staff']

/**
 * The kitchen display (docs/kitchen.md), mounted from the endpoint map
 * (src/shared/api/contracts/kitchen.ts): the board and its live stream, bump and undo, the stock
 * and the pause of online ordering, all for a staff member of the path's location.
 */
export function kitchenRoutes(deps: AppDeps) {
  const { db, env, log } = deps
  const now = deps.now ?? (() => new Date())
  const hub = createKitchenHub(deps.listen, log)
  const once = [idempotent({ db, passphrase: env.PAYLOAD_KEY })]

  return endpointRouter(deps)
    .mount('GET /staff/:locationId/kitchen', async (_c, { params }) => readBoard(db, params.locationId, now()))
    .mount('GET /staff/:locationId/kitchen/events', async (c, { params: { locationId } }) =>
      liveStream(c, {
        hub,
        key: locationId,
        event: 'board',
        read: () => readBoard(db, locationId, now()),
        isLast: () => false,
        onError: (error) => log.error(`The kitchen display of ${locationId} failed:`, error),
      }),
    )
    .mount('POST /staff/:locationId/kitchen/orders/:orderId/bump', async (c, { params, body }) => bumpOrder(txOf(c), staffOf(c), params.orderId, body.from, now()), once)
    .mount('POST /staff/:locationId/kitchen/tickets/:ticketId/bump', async (c, { params, body }) => bumpTicket(txOf(c), staffOf(c), params.ticketId, body.from, now()), once)
    .mount('POST /staff/:locationId/kitchen/bumps/:bumpId/undo', async (c, { params }) => undoBump(txOf(c), staffOf(c), params.bumpId, now()), once)
    .mount('GET /staff/:locationId/kitchen/stock', async (_c, { params }) => listStock(db, params.locationId))
    .mount('PUT /staff/:locationId/kitchen/stock/:itemId', async (c, { params, body }) => setStock(txOf(c), params.locationId, params.itemId, body), once)
    .mount('PUT /staff/:locationId/kitchen/ordering', async (c, { params, body }) => setOrderingPaused(txOf(c), params.locationId, body.paused, now()), once).router
}
