import type { Context } from 'hono'
import type { AppDeps } from '../../deps'
import type { Database } from '../../db/client'
import type { Executor, Transaction } from '../../db/executor'
import type { Caller } from '../../domain/caller'
import { endpointRouter, reply } from '../../lib/endpoint'
import { idempotent, type IdempotencyVariables } from '../../lib/idempotency'
import { liveStream } from '../../lib/notify-hub'
import { createSmsProvider } from '../../providers/sms'
import { createQueueHub } from '../reservations/queue-hub'
import type { StaffVariables } from '../reservations/staff'
import { addWalkIn, hostCancel, hostMove, takePhoneReservation } from './actions'
import { readHostBoard, suggestTables } from './board'

const txOf = (c: Context): Transaction => (c as Context<{ Variables: IdempotencyVariables }>).get('tx')
const staffOf = (c: Context): Caller => ({ staff: c.get('staff') as StaffVariables['staff'] })

/**
 * The host stand (docs/host-stand.md), mounted from the endpoint map
 * (src/shared/api/contracts/host-stand.ts): the location's staff only, plain JSON. Every move is a
 * use case of the reservations module, so the sandbox host and the older staff calls keep the same
 * rules; each wakes the location's live streams (NOTIFY 'waitlist').
 */
export function hostStandRoutes(deps: AppDeps) {
  const { db, env, log, now: clock = () => new Date() } = deps
  const smsIn = (executor: Executor) => createSmsProvider(executor as Database, env)
  const hub = createQueueHub(deps.listen, log)
  const once = [idempotent({ db, passphrase: env.PAYLOAD_KEY })]

  return endpointRouter(deps)
    .mount('GET /staff/:locationId/host', async (_c, { params }) => readHostBoard(db, params.locationId, clock()))
    .mount('GET /staff/:locationId/host/events', async (c, { params: { locationId } }) => {
      // Refused (404 for a location that is gone) before the stream starts.
      await readHostBoard(db, locationId, clock())
      return liveStream(c, {
        hub,
        key: locationId,
        event: 'host',
        read: async () => ({ type: 'host' as const, board: await readHostBoard(db, locationId, clock()) }),
        isLast: () => false,
        onError: (error) => log.error(`The host stand stream of ${locationId} failed:`, error),
      })
    })
    .mount('GET /staff/:locationId/host/parties/:reservationId/tables', async (c, { params }) => suggestTables(db, staffOf(c), params.reservationId, clock()))
    .mount(
      'POST /staff/:locationId/host/parties/:reservationId/seat',
      async (c, { params, body }) => hostMove(txOf(c), staffOf(c), params.reservationId, 'Seated', clock(), body.tableId),
      once,
    )
    .mount('POST /staff/:locationId/host/parties/:reservationId/complete', async (c, { params }) => hostMove(txOf(c), staffOf(c), params.reservationId, 'Completed', clock()), once)
    .mount('POST /staff/:locationId/host/parties/:reservationId/no-show', async (c, { params }) => hostMove(txOf(c), staffOf(c), params.reservationId, 'NoShow', clock()), once)
    .mount(
      'POST /staff/:locationId/host/parties/:reservationId/cancel',
      async (c, { params, body }) => hostCancel(txOf(c), smsIn(txOf(c)), staffOf(c), params.reservationId, body, clock()),
      once,
    )
    .mount('POST /staff/:locationId/host/walk-ins', async (c, { body }) => reply(await addWalkIn(txOf(c), smsIn(txOf(c)), staffOf(c), body, clock()), 201), once)
    .mount(
      'POST /staff/:locationId/host/reservations',
      async (c, { body }) => reply(await takePhoneReservation(txOf(c), smsIn(txOf(c)), staffOf(c), body, clock()), 201),
      once,
    ).router
}
