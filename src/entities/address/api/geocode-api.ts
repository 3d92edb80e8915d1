import { api, isErrorBody, type GeocodedAddress, type GeocodeResponse } from '@/shared/api'

/** The geocoder is down or refused: the diner can still drop the pin on the map. */
export class GeocodeFailure extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'GeocodeFailure'
  }
}

/** GET /places/geocode: what the diner typed, as addresses, nearest `near` (the restaurant) first. */
export async function geocodeAddress(text: string, near: { lat: number; lng: number } | null): Promise<GeocodedAddress[]> {
  const query: Record<string, string> = { q: text.trim() }
  if (near) Object.assign(query, { lat: String(near.lat), lng: String(near.lng) })
  const answer = await api.get<GeocodeResponse>('/places/geocode', { query })
  if (isErrorBody(answer)) throw new GeocodeFailure(answer.message)
  return answer.results
}
