import type { DistanceResponse } from '@/shared/api/contracts/orders'
import { formatMoney } from '@/shared/lib/money'
import type { locations, orderTypes } from '../../../db/schema'
import { deliveryFeeFor, distanceKm, roundedKm, type Point } from '../../../domain/distance'
import { refuse } from '../../../lib/errors'

type LocationRow = typeof locations.$inferSelect

/** Minutes a delivery takes per kilometre, on top of the location's defaultDeliveryETA. */
const DELIVERY_MINUTES_PER_KM = 3

/**
 * The delivery fee and distance of a delivery order (docs/checkout.md "Delivery fee"): refused
 * without an address, beyond the radius and below the delivery minimum; free above the
 * free-delivery amount.
 */
export function deliveryCharge(location: LocationRow, merchantName: string, to: Point | undefined, subtotal: number): { deliveryFee: number; distance: number } {
  const money = (minor: number) => formatMoney(minor, location.currency)
  if (!to) throw refuse(400, 'delivery_location_required', 'Choose a delivery address to see the delivery fee.')
  const distance = roundedKm(distanceKm(to, location))
  if (distance > location.deliveryKMRadius) {
    throw refuse(400, 'beyond_delivery_radius', `This address is ${distance.toFixed(1)} km away; ${merchantName} delivers within ${location.deliveryKMRadius} km.`)
  }
  const { minimumOrderMinor = 0, freeDeliveryAboveMinor } = location.deliverySettings
  if (subtotal < minimumOrderMinor) {
    throw refuse(
      400,
      'below_delivery_minimum',
      `${merchantName} delivers orders of ${money(minimumOrderMinor)} or more; add ${money(minimumOrderMinor - subtotal)} to order delivery.`,
    )
  }
  const free = freeDeliveryAboveMinor !== undefined && subtotal >= freeDeliveryAboveMinor
  return { deliveryFee: free ? 0 : deliveryFeeFor(location.deliverySettings, distance), distance }
}

function deliveryOffered(location: LocationRow, types: readonly (typeof orderTypes.$inferSelect)[]) {
  return !location.disabledServices.isDelivery && location.deliveryKMRadius > 0 && types.some((type) => type.typeGroup === 'L')
}

/** POST /order/getDistance/v2's answer for a point: how far, whether it is delivered to, at what fee, and when. */
export function distanceQuote(location: LocationRow, types: readonly (typeof orderTypes.$inferSelect)[], to: Point): DistanceResponse {
  const km = roundedKm(distanceKm(to, location))
  const deliverable = deliveryOffered(location, types) && km <= location.deliveryKMRadius
  return {
    distanceKm: km,
    deliveryKMRadius: location.deliveryKMRadius,
    deliverable,
    deliveryFee: deliverable ? deliveryFeeFor(location.deliverySettings, km) : null,
    etaMinutes: Math.round(location.defaultDeliveryETA + DELIVERY_MINUTES_PER_KM * km),
  }
}
