/** A point on the map, in degrees. */
export type Point = { lat: number; lng: number }

/** Great-circle distance in kilometres (haversine on a 6,371 km sphere). */
export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

/** Rounded to 0.1 km, the distance the diner is shown; the delivery radius and fee use the same figure (docs/checkout.md). */
export const roundedKm = (km: number) => Math.round(km * 10) / 10

/** Delivery charges of a location: a base fee and a fee per kilometre started. */
export type DeliveryRates = { baseFeeMinor?: number; perKmFeeMinor?: number }

/** Whole kilometres started are charged: 2.1 km costs base + 3 × perKmFee (docs/checkout.md). */
export function deliveryFeeFor(rates: DeliveryRates, km: number): number {
  const { baseFeeMinor = 0, perKmFeeMinor = 0 } = rates
  return baseFeeMinor + perKmFeeMinor * Math.ceil(km)
}
