import { fetchNearestCity, samePoint, type LatLng, type NearestCity } from '@/entities/location'
import { createRequestState } from '@/shared/lib/request'

const nearestCityRequest = createRequestState<{ point: LatLng; nearest: NearestCity }>()
export const $nearestCity = nearestCityRequest.$state

/** Looks up the known city nearest a point, once per point. */
export async function loadNearestCity(point: LatLng): Promise<void> {
  const known = $nearestCity.get().data
  if (known && samePoint(known.point, point)) return
  await nearestCityRequest.run(
    async () => ({ point, nearest: await fetchNearestCity(point) }),
    () => 'Please Try Again',
  )
}

/** Within this distance of a city centre a point reads as "near" the city. */
export const NEAR_CITY_KM = 50

export function describeNearest({ city, distanceKm }: NearestCity): string {
  const where = `${city.name}, ${city.countryName}`
  return distanceKm <= NEAR_CITY_KM
    ? `Near ${where} (${distanceKm.toFixed(1)} km from the centre)`
    : `Far from the cities on Tablefront: the nearest is ${where}, ${Math.round(distanceKm).toLocaleString('en')} km away`
}
