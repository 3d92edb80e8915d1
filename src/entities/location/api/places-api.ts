import { call } from '@/shared/api'
import type { NearestCityResponse, Place } from '@/shared/api'

export type { Place }

/** The longest query `GET /places/search` accepts (placeSearchQuery). */
export const PLACE_QUERY_MAX_LENGTH = 80
export type NearestCity = NearestCityResponse

/** Cities and restaurant addresses matching a query, best first (`GET /places/search`). */
export async function searchPlaces(query: string, limit?: number): Promise<Place[]> {
  return (await call('GET /places/search', { query: { q: query, limit: limit === undefined ? undefined : String(limit) } })).results
}

/** The known city nearest a point (`GET /places/nearest`). */
export const fetchNearestCity = (point: { lat: number; lng: number }): Promise<NearestCity> =>
  call('GET /places/nearest', { query: { lat: String(point.lat), lng: String(point.lng) } })
