import type { AppDeps } from '../../deps'
import { endpointRouter } from '../../lib/endpoint'
import { liveStream } from '../../lib/notify-hub'
import { deliveryQuote, deliveryStatus, orderTracking, TRACKING_ENDS, valetLocation } from './delivery.service'
import { createTrackingHub } from './tracking-hub'


/**
 * Delivery quote, status and valet location (docs/delivery.md), mounted from the endpoint map
 * (src/shared/api/contracts/delivery.ts): plain JSON, as delivery is neither a merchant, feedback
 * nor order call (docs/api.md "Wire protocol"). The live tracker is an order call, but an event
 * stream cannot be encrypted per message usefully; it carries no more than the receipt. Its map
 * entry is a stream (text/event-stream); the handler makes the streaming Response, and the
 * stream gate of app.ts runs before it.
 */
export function deliveryRoutes(deps: AppDeps) {
  const { db, log } = deps
  const now = deps.now ?? (() => new Date())
  const hub = createTrackingHub(deps.listen, log)

  return endpointRouter(deps)
    .mount('POST /delivery/quote', async (_c, { query, body }) => deliveryQuote(db, body, query.deliveryProviderId, now()))
    .mount('POST /delivery/status/v2', async (c, { body }) =>
      deliveryStatus(db, { customerId: c.get('customerId') }, body.deliveryProviderId, body.orderId),
    )
    .mount('GET /valet/getValetLocation', async (c, { query }) => valetLocation(db, { customerId: c.get('customerId') }, query.deliveryStaffId))
    .mount('GET /order/:orderId/tracking/events', async (c, { params: { orderId } }) => {
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
    }).router
}
