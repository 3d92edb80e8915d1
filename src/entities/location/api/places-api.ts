import { api, isErrorBody } from '@/shared/api'
import type { NearestCityResponse, Place, PlaceSearchResponse } from '@/shared/api'

export type { Place }

/** The longest query `GET /places/search` accepts (placeSearchQuery). */
export const PLACE_QUERY_MAX_LENGTH = 80
export type NearestCity = NearestCityResponse

function unwrapBody<T>(result: T | { status: number; message: string; code: string }): T {
  if (isErrorBody(result)) throw new Error(result.message)
  return result
}

/** Cities and restaurant addresses matching a query, best first (`GET /places/search`). */
export async function searchPlaces(query: string, limit?: number): Promise<Place[]> {
  const response = await api.get<PlaceSearchResponse>('/places/search', { query: { q: query, limit } })
  return unwrapBody(response).results
}

/** The known city nearest a point (`GET /places/nearest`). */
export async function fetchNearestCity(point: { lat: number; lng: number }): Promise<NearestCity> {
  return unwrapBody(await api.get<NearestCity>('/places/nearest', { query: { lat: point.lat, lng: point.lng } }))
}
