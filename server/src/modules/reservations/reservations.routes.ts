import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import {
  cancelReservationRequest,
  hostStatusRequest,
  locationIdRequest,
  reservationLookupRequest,
  reservationParams,
  reservationUpdateRequest,
  slotQuery,
  staffReservationRequest,
  type ReservationEvent,
} from '@/shared/api/contracts/reservations'
import type { AppDeps } from '../../deps'
import type { Database } from '../../db/client'
import type { Executor } from '../../db/executor'
import { staffMembers } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { idempotent, type IdempotencyVariables } from '../../lib/idempotency'
import { liveStream } from '../../lib/notify-hub'
import { readEncrypted, readJson, sendEncrypted, validate } from '../../lib/wire'
import { createSmsProvider } from '../../providers/sms'
import { optionalCustomer } from '../auth/tokens'
import { createQueueHub } from './queue-hub'
import type { Caller } from '../../domain/caller'
import { noStore } from '../../lib/http'
import { book } from './book'
import { cancel } from './cancel'
import { change } from './change'
import { tableDetails, waitTimes } from './floor-board'
import { setHostStatus } from './host-status'
import { listSlots } from './list-slots'
import { readReservation, reservationLocation } from './read'

/** A comment line every this often keeps proxies from closing a quiet live-queue stream. */

const locationParam = z.object({ locationId: z.uuid('must be a location id') })

type StaffVariables = { staff: { id: string; locationId: string } }
type Variables = IdempotencyVariables & Partial<StaffVariables>

/** The staff member of `Authorization: Bearer <staff token>`, who must work at the path's location. */
export function requireStaff(db: Database) {
  return createMiddleware<{ Variables: StaffVariables }>(async (c, next) => {
    const { locationId } = validate(locationParam, { locationId: c.req.param('locationId') })
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '')
    const tokenHash = match ? createHash('sha256').update(match[1]!).digest('hex') : null
    const [staff] = tokenHash ? await db.select().from(staffMembers).where(eq(staffMembers.tokenHash, tokenHash)) : []
    if (!staff) {
      const error = new ApiError(401, 'unauthenticated', 'A staff token of this restaurant is required.')
      return c.json(error.toBody(), 401, { 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' })
    }
    if (staff.locationId !== locationId) {
      const error = new ApiError(403, 'forbidden', 'This staff token is for another restaurant.')
      return c.json(error.toBody(), 403, { 'Cache-Control': 'no-store' })
    }
    c.set('staff', { id: staff.id, locationId: staff.locationId })
    await next()
  })
}

/**
 * Check-in, reservations, slots, the wait-time board and the live queue (docs/reservations.md,
 * docs/waitlist.md). /customer/… calls are plain JSON; /merchants/… calls are encrypted both ways
 * (docs/api.md "Wire protocol").
 */
export function reservationRoutes(deps: AppDeps) {
  const { db, env, log } = deps
  const key = env.PAYLOAD_KEY
  // The sandbox provider writes with the request's transaction: a refused booking texts nobody.
  const smsIn = (executor: Executor) => createSmsProvider(executor as Database, env)
  const hub = createQueueHub(deps.listen, log)
  const caller = optionalCustomer(env.TOKEN_SECRET, db)
  const staff = requireStaff(db)
  const once = idempotent({ db, passphrase: key })
  const customerOf = (c: Context): Caller => ({ customerId: c.get('customerId') as string | undefined, guest: c.get('guest') as Caller['guest'] })
  const staffOf = (c: Context): Caller => ({ staff: c.get('staff') as StaffVariables['staff'] })

  return new Hono<{ Variables: Variables }>()
    .use('/customer/reservations', noStore, caller, once)
    .use('/customer/cancel-table', noStore, caller, once)
    .use('/customer/reservationId/v2', noStore, caller)
    .use('/customer/reservations/:reservationId/events', caller)
    .use('/merchants/:locationId/reservations', noStore, staff, once)
    .use('/merchants/:locationId/reservations/:reservationId/status', noStore, staff, once)
    .post('/customer/reservations', async (c) => {
      const params = validate(reservationParams, c.req.query())
      return c.json(await book(c.get('tx'), smsIn(c.get('tx')), customerOf(c), params, new Date()), 201)
    })
    .put('/customer/reservations', async (c) => {
      const request = await readJson(c, reservationUpdateRequest)
      return c.json(await change(c.get('tx'), customerOf(c), request))
    })
    .post('/customer/reservationId/v2', async (c) => {
      const { reservationId } = await readJson(c, reservationLookupRequest)
      return c.json(await readReservation(db, customerOf(c), reservationId))
    })
    .put('/customer/cancel-table', async (c) => {
      const request = await readJson(c, cancelReservationRequest)
      return c.json(await cancel(c.get('tx'), smsIn(c.get('tx')), customerOf(c), request))
    })
    .get('/merchants/generate-reservation-slot/:locationId', async (c) => {
      const { locationId } = validate(locationParam, c.req.param())
      const query = validate(slotQuery, c.req.query())
      c.header('Cache-Control', 'no-store')
      return sendEncrypted(c, await listSlots(db, locationId, query), key)
    })
    .post('/merchants/v2/locations/wait-times', async (c) => {
      const { locationId } = await readEncrypted(c, locationIdRequest, key)
      c.header('Cache-Control', 'no-store')
      return sendEncrypted(c, await waitTimes(db, locationId), key)
    })
    .post('/merchants/locations/reservations/table-details/v2', async (c) => {
      const { locationId } = await readEncrypted(c, locationIdRequest, key)
      return sendEncrypted(c, await tableDetails(db, locationId), key)
    })
    .post('/merchants/:locationId/reservations', async (c) => {
      const request = await readEncrypted(c, staffReservationRequest, key)
      return sendEncrypted(c, await book(c.get('tx'), smsIn(c.get('tx')), staffOf(c), request, new Date()), key, 201)
    })
    .put('/merchants/:locationId/reservations/:reservationId/status', async (c) => {
      const { reservationId } = validate(reservationLookupRequest, { reservationId: c.req.param('reservationId') })
      const { status } = await readEncrypted(c, hostStatusRequest, key)
      return sendEncrypted(c, await setHostStatus(c.get('tx'), staffOf(c), reservationId, status), key)
    })
    .get('/customer/reservations/:reservationId/events', async (c) => {
      const { reservationId } = validate(reservationLookupRequest, c.req.param())
      const who = customerOf(c)
      // Refused (404) before the stream starts, like the read.
      const locationId = await reservationLocation(db, who, reservationId)
      return liveStream(c, {
        hub,
        key: locationId,
        event: 'reservation',
        read: async (): Promise<ReservationEvent> => ({ type: 'reservation', reservation: await readReservation(db, who, reservationId) }),
        isLast: ({ reservation }) => reservation.status !== 'Active',
        onError: (error) => log.error(`The live queue of reservation ${reservationId} failed:`, error),
      })
    })
}

