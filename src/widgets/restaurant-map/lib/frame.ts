import { haversineKm, type LatLng } from '@/entities/location'

export type Frame =
  | { kind: 'point'; center: LatLng }
  | { kind: 'bounds'; southWest: LatLng; northEast: LatLng }

/**
 * What the map first shows: the centre and the points within `nearKm` of it; when none is that
 * close, the centre and the nearest point, so the diner sees at least one restaurant.
 */
export function frameAround(center: LatLng, points: LatLng[], nearKm = 25): Frame {
  if (points.length === 0) return { kind: 'point', center }
  const withDistance = points.map((point) => ({ point, km: haversineKm(center, point) })).sort((a, b) => a.km - b.km)
  const near = withDistance.filter((entry) => entry.km <= nearKm)
  const shown = [center, ...(near.length > 0 ? near : withDistance.slice(0, 1)).map((entry) => entry.point)]
  const lats = shown.map((point) => point.lat)
  const lngs = shown.map((point) => point.lng)
  return {
    kind: 'bounds',
    southWest: { lat: Math.min(...lats), lng: Math.min(...lngs) },
    northEast: { lat: Math.max(...lats), lng: Math.max(...lngs) },
  }
}
