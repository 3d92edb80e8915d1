import { pathTo } from '@/shared/routes'

export type LatLng = { lat: number; lng: number }

/** Five decimals is about a metre: enough for a street corner, short enough for a URL. */
export const roundCoordinate = (value: number) => {
  const rounded = Math.round(value * 1e5) / 1e5
  return rounded === 0 ? 0 : rounded
}

export const isValidPoint = (point: LatLng) =>
  Number.isFinite(point.lat) &&
  Number.isFinite(point.lng) &&
  Math.abs(point.lat) <= 90 &&
  Math.abs(point.lng) <= 180

const DECIMAL = /^[-+]?\d{1,3}(\.\d+)?$/

/** A point from text such as a route's `:lat/:lng`, or null when either is not a coordinate in range. */
export function parsePoint(lat: string | undefined, lng: string | undefined): LatLng | null {
  const latText = lat?.trim() ?? ''
  const lngText = lng?.trim() ?? ''
  if (!DECIMAL.test(latText) || !DECIMAL.test(lngText)) return null
  const point = { lat: Number(latText), lng: Number(lngText) }
  return isValidPoint(point) ? point : null
}

export const samePoint = (a: LatLng, b: LatLng) =>
  roundCoordinate(a.lat) === roundCoordinate(b.lat) && roundCoordinate(a.lng) === roundCoordinate(b.lng)

export const formatPoint = (point: LatLng) => `${roundCoordinate(point.lat)}, ${roundCoordinate(point.lng)}`

/** /restaurants/location/{lat}/{lng} for a point. */
export const nearbyPath = (point: LatLng) =>
  pathTo('nearby', { lat: String(roundCoordinate(point.lat)), lng: String(roundCoordinate(point.lng)) })

/** Great-circle distance in kilometres. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)))
}

export type Direction = 'north' | 'south' | 'east' | 'west'

/** A point `metres` away in one compass direction, kept on the map (latitude ±85, longitude wrapped). */
export function nudge(point: LatLng, direction: Direction, metres: number): LatLng {
  const degreesLat = metres / 111_320
  const degreesLng = degreesLat / Math.max(Math.cos((point.lat * Math.PI) / 180), 0.01)
  const lat = point.lat + (direction === 'north' ? degreesLat : direction === 'south' ? -degreesLat : 0)
  const lng = point.lng + (direction === 'east' ? degreesLng : direction === 'west' ? -degreesLng : 0)
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180
  return { lat: Math.max(-85, Math.min(85, lat)), lng: wrapped }
}
