import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  DeliveryQuote,
  DeliveryStatus,
  DeliveryTracking,
  deliveryQuoteRequest,
  LatLngPoint,
  TrackingEvent,
  ValetLocation,
} from '@/shared/api/contracts/delivery'
import { FINISHED_STATUSES, statusLabel } from '@/shared/api/contracts/order-status'
import { deliveries, locations } from '../../db/schema'
import { ApiError, notFound } from '../../lib/errors'
import type { DeliveryProvider, QuoteInput } from '../../providers/delivery/delivery-provider'
import { deliveryProvider } from '../../providers/delivery/sandbox-providers'
import { distanceKm } from '../../domain/distance'
import { estimateOrder } from '../orders/estimate'
import type { Caller } from '../../domain/caller'
import { loadOwnedOrder } from '../../domain/owned-order'
import type { Executor } from '../../db/executor'

type QuoteRequest = z.output<typeof deliveryQuoteRequest>
type DeliveryRow = typeof deliveries.$inferSelect

/** A provider's accepted quote, with the adapter that gave it. */
export type ChosenQuote = { provider: DeliveryProvider; estimatedPrice: number; etaMinutes: number }

const roundKm = (km: number) => Math.round(km * 100) / 100

/**
 * The best quote among `codes`: only an estimatedPrice ≥ 0 is accepted (docs/delivery.md "Quotes"); of those the cheapest,
 * then the fastest, then the code for a stable tie-break. Null when no provider will take it.
 */
export async function bestQuote(codes: readonly string[], input: QuoteInput): Promise<ChosenQuote | null> {
  const answers = await Promise.all(
    codes.map(async (code) => {
      const provider = deliveryProvider(code)
      if (!provider) return null
      const quote = await provider.quote(input)
      return { provider, ...quote }
    }),
  )
  const accepted = answers.filter((answer): answer is ChosenQuote => answer !== null && answer.estimatedPrice >= 0)
  accepted.sort((a, b) => a.estimatedPrice - b.estimatedPrice || a.etaMinutes - b.etaMinutes || a.provider.code.localeCompare(b.provider.code))
  return accepted[0] ?? null
}

/** A way for the sandbox courier from `from` to `to`: two straight legs with a bend, `points` points in all. */
export function courierRoute(from: LatLngPoint, to: LatLngPoint, points = 30): [number, number][] {
  const bend = { lat: from.lat + (to.lat - from.lat) * 0.25, lng: from.lng + (to.lng - from.lng) * 0.75 }
  const firstLeg = Math.round(points * 0.4)
  const route: [number, number][] = []
  const round = (value: number) => Math.round(value * 1e6) / 1e6
  for (let index = 0; index < firstLeg; index += 1) {
    const t = index / firstLeg
    route.push([round(from.lat + (bend.lat - from.lat) * t), round(from.lng + (bend.lng - from.lng) * t)])
  }
  const secondLeg = points - firstLeg
  for (let index = 0; index < secondLeg; index += 1) {
    const t = index / (secondLeg - 1)
    route.push([round(bend.lat + (to.lat - bend.lat) * t), round(bend.lng + (to.lng - bend.lng) * t)])
  }
  return route
}

const runnerOf = (row: DeliveryRow) => (row.runnerName && row.runnerPhone ? { name: row.runnerName, phone: row.runnerPhone } : null)

async function deliveryOf(db: Executor, orderId: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(deliveries).where(eq(deliveries.orderId, orderId))
  return row
}

/** POST /delivery/quote: one provider's quote, or the best of the location's providers. */
export async function deliveryQuote(db: Executor, request: QuoteRequest, askedProvider: string | undefined, now: Date): Promise<DeliveryQuote> {
  const [location] = await db.select().from(locations).where(eq(locations.id, request.locationId))
  if (!location || !location.isActive) throw notFound('The restaurant')
  if (!location.delivery || location.locationDeliveryProviders.length === 0) {
    throw new ApiError(409, 'no_delivery', `${location.branchName} does not deliver.`)
  }
  const pickup = { lat: request.pickupDetails.lat, lng: request.pickupDetails.lng }
  const drop = { lat: request.dropDetails.lat, lng: request.dropDetails.lng }
  const km = roundKm(distanceKm(pickup, drop))
  if (location.deliveryKMRadius > 0 && km > location.deliveryKMRadius) {
    throw new ApiError(409, 'out_of_delivery_area', `This address is ${km} km away; ${location.branchName} delivers within ${location.deliveryKMRadius} km.`)
  }
  const tip = Math.floor(request.tip)
  const input: QuoteInput = { pickup, drop, distanceKm: km, currency: location.currency, tip, at: now }
  const code = askedProvider ?? request.deliveryProviderId
  if (code && !location.locationDeliveryProviders.includes(code)) {
    throw new ApiError(400, 'provider_not_offered', `${code} does not deliver for ${location.branchName}.`)
  }
  const chosen = await bestQuote(code ? [code] : location.locationDeliveryProviders, input)
  if (!chosen) {
    throw code
      ? new ApiError(409, 'quote_refused', `${code} cannot take this delivery.`)
      : new ApiError(409, 'no_delivery_quote', 'No delivery provider can take this delivery now.')
  }
  return {
    deliveryProviderId: chosen.provider.code,
    estimatedPrice: chosen.estimatedPrice,
    currency: location.currency,
    etaMinutes: chosen.etaMinutes,
    distanceKm: km,
    tip,
  }
}

/** POST /delivery/status/v2: the runner, tracking page and ETA of the caller's own delivery. */
export async function deliveryStatus(db: Executor, caller: Caller, providerCode: string, orderId: string): Promise<DeliveryTracking> {
  await loadOwnedOrder(db, caller, orderId)
  const row = await deliveryOf(db, orderId)
  if (!row || row.providerCode !== providerCode) throw notFound('The delivery')
  return { runner: runnerOf(row), trackingUrl: row.trackingUrl, eta: row.etaAt?.toISOString() ?? null, status: row.status as DeliveryStatus }
}

/** GET /valet/getValetLocation: where the caller's courier is (at the restaurant until picked up). */
export async function valetLocation(db: Executor, caller: Caller, deliveryStaffId: string): Promise<ValetLocation> {
  const [row] = await db.select().from(deliveries).where(eq(deliveries.deliveryStaffId, deliveryStaffId))
  if (!row) throw notFound('The valet')
  await loadOwnedOrder(db, caller, row.orderId).catch(() => {
    throw notFound('The valet')
  })
  return {
    latitude: row.courierLat ?? row.pickupLat,
    longitude: row.courierLng ?? row.pickupLng,
    delivery_staff_id: deliveryStaffId,
  }
}

/** The caller's order as the tracker shows it; throws 404 for someone else's. */
export async function orderTracking(db: Executor, caller: Caller, orderId: string): Promise<TrackingEvent> {
  const order = await loadOwnedOrder(db, caller, orderId)
  const row = await deliveryOf(db, orderId)
  const courier = row?.courierLat != null && row.courierLng != null ? { lat: row.courierLat, lng: row.courierLng } : null
  const estimate = await estimateOrder(db, order)
  return {
    orderId,
    status: order.status,
    statusLabel: statusLabel(order.status),
    orderNumber: order.orderNumber,
    estimatedAt: estimate?.at.toISOString() ?? null,
    estimateKind: estimate?.kind ?? null,
    courier,
    eta: row?.etaAt?.toISOString() ?? null,
    runner: row ? runnerOf(row) : null,
    delivery: row
      ? {
          providerCode: row.providerCode,
          status: row.status as DeliveryStatus,
          pickup: { lat: row.pickupLat, lng: row.pickupLng },
          drop: { lat: row.dropLat, lng: row.dropLng },
          route: row.route,
          trackingUrl: row.trackingUrl,
          deliveryStaffId: row.deliveryStaffId,
        }
      : null,
  }
}

/** Orders that change no more (picked up, delivered, complete, served, cancelled): the live tracking stream of any order type ends with them. */
export const TRACKING_ENDS: readonly string[] = FINISHED_STATUSES

/** Sends the courier's move to every live tracker of the order (delivered on commit: docs/operations.md "Live streams"). */
export async function notifyCourier(tx: Executor, move: { orderId: string; lat: number | null; lng: number | null; status: string; eta: Date | null }) {
  const payload = JSON.stringify({ orderId: move.orderId, lat: move.lat, lng: move.lng, status: move.status, eta: move.eta?.toISOString() ?? null })
  await tx.execute(sql`select pg_notify('courier', ${payload})`)
}
