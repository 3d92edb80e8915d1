import { z } from 'zod'
import { defineEndpoints } from './endpoint'
import { latLng, MAX_DINER_AMOUNT, requiredText, uuid } from './fields'

/** Delivery providers are named by upper-case codes (SWIFT …). */
const providerCode = z
  .string()
  .trim()
  .regex(/^[A-Z][A-Z0-9_]{1,19}$/, 'must be an upper-case provider code such as SWIFT')
const party = z.object({
  name: requiredText(100),
  phone: z.string().trim().min(4, 'is too short').max(20, 'is too long'),
})

/** Where a delivery starts or ends; the address is for the runner. */
const placeDetails = z.object({ ...latLng, address: z.string().trim().max(300).optional() })

/**
 * POST /delivery/quote?deliveryProviderId=, plain JSON: delivery is neither a merchant,
 * feedback nor order call. Without a provider, the best of the location's providers answers.
 */
export const deliveryQuoteRequest = z.object({
  pickupDetails: placeDetails,
  dropDetails: placeDetails,
  locationId: uuid('a location id'),
  deliveryProviderId: providerCode.optional(),
  receiverDetails: party,
  senderDetails: party,
  /** Floored to whole minor units. */
  tip: z.number().min(0).max(MAX_DINER_AMOUNT).default(0),
})

export const deliveryProviderQuery = z.object({ deliveryProviderId: providerCode.optional() })

export const deliveryStatusRequest = z.object({
  deliveryProviderId: providerCode,
  orderId: uuid('an order id'),
})

export const valetLocationQuery = z.object({
  deliveryStaffId: z.string().trim().min(1, 'is required').max(80),
})

export const trackingParams = z.object({ orderId: uuid('an order id') })

export type DeliveryQuoteRequest = z.input<typeof deliveryQuoteRequest>
export type DeliveryStatusRequest = z.input<typeof deliveryStatusRequest>

const latLngPoint = z.strictObject({ lat: z.number(), lng: z.number() })
export type LatLngPoint = z.output<typeof latLngPoint>

/** A provider's quotation: estimatedPrice in minor units of `currency`; a negative price is never accepted. */
export const deliveryQuote = z
  .strictObject({
    deliveryProviderId: z.string(),
    estimatedPrice: z.number().int().meta({ description: 'Minor units of `currency`.' }),
    currency: z.string(),
    etaMinutes: z.number().meta({ description: 'Minutes from now until the drop.' }),
    distanceKm: z.number(),
    tip: z.number().int().meta({ description: 'Minor units of `currency`.' }),
  })
  .meta({ id: 'DeliveryQuote' })
export type DeliveryQuote = z.output<typeof deliveryQuote>

const runner = z.strictObject({ name: z.string(), phone: z.string() })
export type Runner = z.output<typeof runner>

/** QUOTED, ASSIGNED, PICKED_UP, ARRIVED, DELIVERED or CANCELLED. */
const deliveryStatusCode = z.enum(['QUOTED', 'ASSIGNED', 'PICKED_UP', 'ARRIVED', 'DELIVERED', 'CANCELLED'])
export type DeliveryStatus = z.output<typeof deliveryStatusCode>

/** POST /delivery/status/v2: the runner, tracking link and status of a delivery; `eta` is an ISO instant. */
export const deliveryTracking = z
  .strictObject({
    runner: runner.nullable(),
    trackingUrl: z.string().nullable(),
    eta: z.iso.datetime({ offset: true }).nullable(),
    status: deliveryStatusCode,
  })
  .meta({ id: 'DeliveryTracking' })
export type DeliveryTracking = z.output<typeof deliveryTracking>

/** GET /valet/getValetLocation: where the courier is, with the field names the API has always used. */
export const valetLocation = z
  .strictObject({ latitude: z.number(), longitude: z.number(), delivery_staff_id: z.string() })
  .meta({ id: 'ValetLocation' })
export type ValetLocation = z.output<typeof valetLocation>

/** One `event: tracking` of GET /order/{orderId}/tracking/events: where the order and its courier are. */
export const trackingEvent = z
  .strictObject({
    orderId: z.uuid(),
    status: z.string(),
    statusLabel: z.string(),
    orderNumber: z.number().int().nullable().meta({ description: "The order's number at the counter (docs/orders.md); null only for a row written outside placement." }),
    estimatedAt: z.iso
      .datetime({ offset: true })
      .nullable()
      .meta({ description: 'When the order should be ready or arrive (docs/orders.md "ETA"), recomputed at every change; null when there is nothing to wait for.' }),
    estimateKind: z.enum(['ready', 'arrival']).nullable(),
    courier: latLngPoint.nullable(),
    eta: z.iso.datetime({ offset: true }).nullable(),
    runner: runner.nullable(),
    delivery: z
      .strictObject({
        providerCode: z.string(),
        status: deliveryStatusCode,
        pickup: latLngPoint,
        drop: latLngPoint,
        route: z.array(z.tuple([z.number(), z.number()])).meta({ description: "The courier's way from the restaurant to the door, as [lat, lng] points." }),
        trackingUrl: z.string().nullable(),
        deliveryStaffId: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'TrackingEvent' })
export type TrackingEvent = z.output<typeof trackingEvent>

/** The delivery module's routes (server/src/modules/delivery; docs/delivery.md): plain JSON. */
export const deliveryEndpoints = defineEndpoints({
  'POST /delivery/quote': {
    auth: 'none',
    wire: 'json',
    tag: 'delivery',
    summary: "A delivery quote: the asked provider's, or the best of the location's providers.",
    query: deliveryProviderQuery,
    body: deliveryQuoteRequest,
    response: deliveryQuote,
    errors: ['not_found', 'no_delivery', 'out_of_delivery_area', 'provider_not_offered', 'quote_refused', 'no_delivery_quote'],
  },
  'POST /delivery/status/v2': {
    auth: 'optional',
    wire: 'json',
    tag: 'delivery',
    summary: "The runner, tracking link, ETA and status of the caller's delivery.",
    body: deliveryStatusRequest,
    response: deliveryTracking,
    errors: ['not_found'],
  },
  'GET /valet/getValetLocation': {
    auth: 'optional',
    wire: 'json',
    tag: 'delivery',
    summary: "Where the caller's courier is (at the restaurant until picked up).",
    query: valetLocationQuery,
    response: valetLocation,
    errors: ['not_found'],
  },
  'GET /order/:orderId/tracking/events': {
    auth: 'optional',
    wire: 'json',
    tag: 'delivery',
    summary: 'The live tracking of an order (Server-Sent Events): `event: tracking` at once and at every change, until the order is finished.',
    description: '404 before the stream for someone else\'s order; 429 with Retry-After past the stream gate (docs/operations.md).',
    params: trackingParams,
    response: trackingEvent,
    stream: { event: 'tracking' },
    // The stream sets its own no-store; a refusal before it is answered as before.
    cache: 'default',
    errors: ['not_found', 'too_many_streams'],
  },
})
