import type { Context } from 'hono'
import type { AppDeps } from '../../deps'
import type { Database } from '../../db/client'
import type { Executor, Transaction } from '../../db/executor'
import type { Caller } from '../../domain/caller'
import { endpointRouter, reply } from '../../lib/endpoint'
import { idempotent, type IdempotencyVariables } from '../../lib/idempotency'
import { liveStream } from '../../lib/notify-hub'
import { createSmsProvider } from '../../providers/sms'
import { book } from './book'
import { cancel } from './cancel'
import { change } from './change'
import { tableDetails, waitTimes } from './floor-board'
import { setHostStatus } from './host-status'
import { listSlots } from './list-slots'
import { createQueueHub } from './queue-hub'
import { readReservation, reservationLocation } from './read'
import type { StaffVariables } from './staff'

// dine-in's waiter calls mount the same staff guard.
export { requireStaff } from './staff'

/** The transaction `idempotent` opened for the route's work. */
const txOf = (c: Context): Transaction => (c as Context<{ Variables: IdempotencyVariables }>).get('tx')
const customerOf = (c: Context): Caller => ({ customerId: c.get('customerId') as string | undefined, guest: c.get('guest') as Caller['guest'] })
const staffOf = (c: Context): Caller => ({ staff: c.get('staff') as StaffVariables['staff'] })

/**
 * Check-in, reservations, slots, the wait-time board and the live queue (docs/reservations.md,
 * docs/waitlist.md), mounted from the endpoint map (src/shared/api/contracts/reservations.ts).
 * /customer/… calls are plain JSON; /merchants/… calls are encrypted both ways (docs/api.md "Wire protocol").
 */
export function reservationRoutes(deps: AppDeps) {
  const { db, env, log } = deps
  const now = deps.now ?? (() => new Date())
  // The sandbox provider writes with the request's transaction: a refused booking texts nobody.
  const smsIn = (executor: Executor) => createSmsProvider(executor as Database, env)
  const hub = createQueueHub(deps.listen, log)
  const once = [idempotent({ db, passphrase: env.PAYLOAD_KEY })]

  return endpointRouter(deps)
    .mount('POST /customer/reservations', async (c, { query }) => reply(await book(txOf(c), smsIn(txOf(c)), customerOf(c), query, now()), 201), once)
    .mount('PUT /customer/reservations', async (c, { body }) => change(txOf(c), customerOf(c), body, now()), once)
    .mount('POST /customer/reservationId/v2', async (c, { body }) => readReservation(db, customerOf(c), body.reservationId, now()))
    .mount('PUT /customer/cancel-table', async (c, { body }) => cancel(txOf(c), smsIn(txOf(c)), customerOf(c), body, now()), once)
    .mount('GET /merchants/generate-reservation-slot/:locationId', async (c, { params, query }) => {
      // Set after validation, so a refused query stays without it, as before.
      c.header('Cache-Control', 'no-store')
      return listSlots(db, params.locationId, query, now())
    })
    .mount('POST /merchants/v2/locations/wait-times', async (c, { body }) => {
      c.header('Cache-Control', 'no-store')
      return waitTimes(db, body.locationId, now())
    })
    .mount('POST /merchants/locations/reservations/table-details/v2', async (_c, { body }) => tableDetails(db, body.locationId))
    .mount('POST /merchants/:locationId/reservations', async (c, { body }) => reply(await book(txOf(c), smsIn(txOf(c)), staffOf(c), body, now()), 201), once)
    .mount(
      'PUT /merchants/:locationId/reservations/:reservationId/status',
      async (c, { params, body }) => setHostStatus(txOf(c), staffOf(c), params.reservationId, body.status, now()),
      once,
    )
    .mount('GET /customer/reservations/:reservationId/events', async (c, { params: { reservationId } }) => {
      const who = customerOf(c)
      // Refused (404) before the stream starts, like the read.
      const locationId = await reservationLocation(db, who, reservationId)
      return liveStream(c, {
        hub,
        key: locationId,
        event: 'reservation',
        read: async () => ({ type: 'reservation' as const, reservation: await readReservation(db, who, reservationId, now()) }),
        isLast: ({ reservation }) => reservation.status !== 'Active',
        onError: (error) => log.error(`The live queue of reservation ${reservationId} failed:`, error),
      })
    }).router
}
