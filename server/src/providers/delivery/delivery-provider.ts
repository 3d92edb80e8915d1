import type { LatLngPoint, Runner } from '@/shared/api/contracts/delivery'

export type QuoteInput = {
  pickup: LatLngPoint
  drop: LatLngPoint
  /** The straight-line distance between them. */
  distanceKm: number
  currency: string
  /** Minor units, already floored (docs/delivery.md, "Quotes"). */
  tip: number
  at: Date
}

/** A provider's answer; a negative estimatedPrice means it cannot take the job (docs/delivery.md, "Quotes"). */
export type ProviderQuote = { estimatedPrice: number; etaMinutes: number }

export type Booking = {
  reference: string
  /** The valet id, delivery_staff_id (docs/delivery.md, "Providers"). */
  deliveryStaffId: string
  /** Null while the provider has not named one yet. */
  runner: Runner | null
  trackingUrl: string | null
}

export type ProviderStatus = { runner: Runner | null; trackingUrl: string | null }

/** A third-party delivery provider (docs/operations.md, "Providers"): the sandbox ones below, real ones by config. */
export interface DeliveryProvider {
  readonly code: string
  quote(input: QuoteInput): Promise<ProviderQuote>
  create(input: QuoteInput & { orderId: string }): Promise<Booking>
  /** What the provider tells about the booking of `orderId`, before or after the courier has the food. */
  status(orderId: string, pickedUp: boolean): Promise<ProviderStatus>
  cancel(reference: string): Promise<{ cancelled: boolean }>
}
