import type { Context } from 'hono'
import type { AppDeps } from '../../deps'
import type { Database } from '../../db/client'
import type { Executor, Transaction } from '../../db/executor'
import { endpointRouter, reply } from '../../lib/endpoint'
import { idempotent, type IdempotencyVariables } from '../../lib/idempotency'
import { liveStream } from '../../lib/notify-hub'
import { retryAfterHeader } from '../../lib/rate-limit'
import { createSmsProvider } from '../../providers/sms'
import { updateWaiterCall } from '../dine-in/waiter-calls'
import { floorBoard, floorCallById } from './board'
import { createFloorHub } from './floor-hub'
import { closeSupportRequest, replyToSupportRequest, supportInbox, supportRequestDetail } from './support-inbox'

type Staff = { id: string; locationId: string }
const staffOf = (c: Context): Staff => c.get('staff') as Staff
const txOf = (c: Context): Transaction => (c as Context<{ Variables: IdempotencyVariables }>).get('tx')

/**
 * The floor (docs/floor.md), for a location's servers and managers: the waiter-call queue, live,
 * and the support inbox with replies by SMS. Mounted from the endpoint map
 * (src/shared/api/contracts/floor.ts); plain JSON.
 */
export function floorRoutes(deps: AppDeps) {
  const { db, env, log } = deps
  const clock = deps.now ?? (() => new Date())
  // The sandbox provider writes with the request's transaction: a refused reply texts nobody.
  const smsIn = (executor: Executor) => createSmsProvider(executor as Database, env)
  const hub = createFloorHub(deps.listen, log)
  const once = idempotent({ db, passphrase: env.PAYLOAD_KEY })

  return endpointRouter(deps)
    .mount('GET /staff/:locationId/waiter-calls', async (_c, { params }) => floorBoard(db, params.locationId, clock()))
    .mount(
      'GET /staff/:locationId/floor/events',
      async (c, { params: { locationId } }) =>
        liveStream(c, {
          hub,
          key: locationId,
          event: 'floor',
          read: () => floorBoard(db, locationId, clock()),
          isLast: () => false,
          onError: (error) => log.error(`The floor stream of location ${locationId} failed:`, error),
        }),
    )
    .mount(
      'PUT /staff/:locationId/waiter-calls/:callId',
      async (c, { params, body }) => {
        const now = clock()
        await updateWaiterCall(txOf(c), params.locationId, params.callId, body.status, { staffId: staffOf(c).id, now })
        return floorCallById(txOf(c), params.locationId, params.callId, now)
      },
      [once],
    )
    .mount('GET /staff/:locationId/support-requests', async (_c, { params, query }) => supportInbox(db, params.locationId, query.status))
    .mount('GET /staff/:locationId/support-requests/:requestId', async (_c, { params }) => supportRequestDetail(db, params.locationId, params.requestId))
    .mount(
      'POST /staff/:locationId/support-requests/:requestId/replies',
      async (c, { params, body }) =>
        reply(
          await replyToSupportRequest(txOf(c), smsIn(txOf(c)), { staffId: staffOf(c).id, locationId: params.locationId, requestId: params.requestId, message: body.message, now: clock() }),
          201,
        ),
      [retryAfterHeader, once],
    )
    .mount(
      'PUT /staff/:locationId/support-requests/:requestId/close',
      async (c, { params }) => closeSupportRequest(txOf(c), { staffId: staffOf(c).id, locationId: params.locationId, requestId: params.requestId, now: clock() }),
      [once],
    ).router
}
