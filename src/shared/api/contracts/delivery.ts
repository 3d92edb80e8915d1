import { z } from 'zod'
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

export type LatLngPoint = { lat: number; lng: number }

/** A provider's quotation: estimatedPrice in minor units of `currency`; a negative price is never accepted. */
export type DeliveryQuote = {
  deliveryProviderId: string
  estimatedPrice: number
  currency: string
  /** Minutes from now until the drop. */
  etaMinutes: number
  distanceKm: number
  tip: number
}

export type Runner = { name: string; phone: string }

/** QUOTED, ASSIGNED, PICKED_UP, ARRIVED, DELIVERED or CANCELLED. */
export type DeliveryStatus = 'QUOTED' | 'ASSIGNED' | 'PICKED_UP' | 'ARRIVED' | 'DELIVERED' | 'CANCELLED'

/** POST /delivery/status/v2: the runner, tracking link and status of a delivery; `eta` is an ISO instant. */
export type DeliveryTracking = {
  runner: Runner | null
  trackingUrl: string | null
  eta: string | null
  status: DeliveryStatus
}

/** GET /valet/getValetLocation: where the courier is, with the field names the API has always used. */
export type ValetLocation = { latitude: number; longitude: number; delivery_staff_id: string }

/** One `event: tracking` of GET /order/{orderId}/tracking/events: where the order and its courier are. */
export type TrackingEvent = {
  orderId: string
  status: string
  statusLabel: string
  /** The order's number at the counter (docs/orders.md); null only for a row written outside placement. */
  orderNumber: number | null
  /** When the order should be ready or arrive (docs/orders.md "ETA"), recomputed at every change; null when there is nothing to wait for. */
  estimatedAt: string | null
  estimateKind: 'ready' | 'arrival' | null
  courier: LatLngPoint | null
  eta: string | null
  runner: Runner | null
  delivery: {
    providerCode: string
    status: DeliveryStatus
    pickup: LatLngPoint
    drop: LatLngPoint
    /** The courier's way from the restaurant to the door, as [lat, lng] points. */
    route: [number, number][]
    trackingUrl: string | null
    deliveryStaffId: string | null
  } | null
}
