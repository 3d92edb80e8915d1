import type { DeliveryTracking, Runner, ValetLocation } from '@/shared/api'

/** What a tracker can say about a delivery, from the most to the least the provider told. */
export type TrackingResult =
  | { kind: 'runnerWithLink'; runner: Runner; trackingUrl: string; eta: string | null }
  | { kind: 'runner'; runner: Runner; eta: string | null }
  | { kind: 'eta'; eta: string }
  | { kind: 'none' }

/** docs/delivery.md, "Tracking": the result is picked by the presence of runner and trackingUrl, of runner only, or of eta. */
export function pickTrackingResult(tracking: Pick<DeliveryTracking, 'runner' | 'trackingUrl' | 'eta'>): TrackingResult {
  const { runner, trackingUrl, eta } = tracking
  if (runner && trackingUrl) return { kind: 'runnerWithLink', runner, trackingUrl, eta }
  if (runner) return { kind: 'runner', runner, eta }
  if (eta) return { kind: 'eta', eta }
  return { kind: 'none' }
}

/** docs/delivery.md, "Tracking": a valet location response must contain delivery_staff_id (and a position to show). */
export function isValetLocation(answer: unknown): answer is ValetLocation {
  if (typeof answer !== 'object' || answer === null) return false
  const { latitude, longitude, delivery_staff_id: staffId } = answer as Record<string, unknown>
  return typeof staffId === 'string' && staffId.length > 0 && Number.isFinite(latitude) && Number.isFinite(longitude)
}

/** The tracker route of a delivery order; null for any other order type. */
export function trackerPathOf(order: { orderId: string; orderTypeGroup: string; merchantType: string; locationSlug: string }): string | null {
  if (order.orderTypeGroup !== 'L') return null
  return `/${encodeURIComponent(order.merchantType)}/${encodeURIComponent(order.locationSlug)}/tracker/${encodeURIComponent(order.orderId)}`
}
