import { Hono } from 'hono'
import {
  deliveryProviderQuery,
  deliveryQuoteRequest,
  deliveryStatusRequest,
  trackingParams,
  valetLocationQuery,
} from '@/shared/api/contracts/delivery'
import type { AppDeps } from '../../deps'
import { noStore } from '../../lib/http'
import { liveStream } from '../../lib/notify-hub'
import { readJson, validate } from '../../lib/wire'
import { optionalCustomer } from '../auth/tokens'
import { deliveryQuote, deliveryStatus, orderTracking, TRACKING_ENDS, valetLocation } from './delivery.service'
import { createTrackingHub } from './tracking-hub'


type Variables = { customerId?: string }

/**
 * Delivery quote, status and valet location (docs/delivery.md): plain JSON, as delivery is
 * neither a merchant, feedback nor order call (docs/api.md "Wire protocol"). The live tracker is an order call, but
 * an event stream cannot be encrypted per message usefully; it carries no more than the receipt.
 */
export function deliveryRoutes(deps: AppDeps) {
  const { db, env, log } = deps
  const hub = createTrackingHub(deps.listen, log)
  const caller = optionalCustomer(env.TOKEN_SECRET, db)

  return new Hono<{ Variables: Variables }>()
    .use('/delivery/status/v2', noStore, caller)
    .use('/valet/getValetLocation', noStore, caller)
    .use('/order/:orderId/tracking/events', caller)
    .post('/delivery/quote', async (c) => {
      const { deliveryProviderId } = validate(deliveryProviderQuery, c.req.query())
      const request = await readJson(c, deliveryQuoteRequest)
      return c.json(await deliveryQuote(db, request, deliveryProviderId, new Date()))
    })
    .post('/delivery/status/v2', async (c) => {
      const { deliveryProviderId, orderId } = await readJson(c, deliveryStatusRequest)
      return c.json(await deliveryStatus(db, { customerId: c.get('customerId') }, deliveryProviderId, orderId))
    })
    .get('/valet/getValetLocation', async (c) => {
      const { deliveryStaffId } = validate(valetLocationQuery, c.req.query())
      return c.json(await valetLocation(db, { customerId: c.get('customerId') }, deliveryStaffId))
    })
    .get('/order/:orderId/tracking/events', async (c) => {
      const { orderId } = validate(trackingParams, c.req.param())
      const who = { customerId: c.get('customerId') }
      // Refused (404) before the stream starts, like the receipt.
      await orderTracking(db, who, orderId)
      return liveStream(c, {
        hub,
        key: orderId,
        event: 'tracking',
        read: () => orderTracking(db, who, orderId),
        isLast: (tracking) => TRACKING_ENDS.includes(tracking.status),
        onError: (error) => log.error(`The live tracking of order ${orderId} failed:`, error),
      })
    })
}
