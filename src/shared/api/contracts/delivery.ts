import { z } from 'zod'
import { latLng, MAX_DINER_AMOUNT, requiredText, uuid } from './fields'

/** SPEC §3: the four third-party providers are named by upper-case codes. */
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
 * POST /delivery/quote?deliveryProviderId= (SPEC §7), plain JSON: delivery is neither a merchant,
 * feedback nor order call. Without a provider, the best of the location's providers answers.
 */
export const deliveryQuoteRequest = z.object({
  pickupDetails: placeDetails,
  dropDetails: placeDetails,
  locationId: uuid('a location id'),
  deliveryProviderId: providerCode.optional(),
  receiverDetails: party,
  senderDetails: party,
  /** SPEC §5: floored to an integer (minor units). */
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

/** SPEC §3 "Quotation": estimatedPrice in minor units of `currency`; accepted only when ≥ 0 (SPEC §5). */
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

/** POST /delivery/status/v2: SPEC §3 "Tracking details"; `eta` is an ISO instant. */
export type DeliveryTracking = {
  runner: Runner | null
  trackingUrl: string | null
  eta: string | null
  status: DeliveryStatus
}

/** GET /valet/getValetLocation: SPEC §3 "Valet location", spelt as the spec spells it. */
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
