import { call, type GeocodedAddress } from '@/shared/api'

/** GET /places/geocode: what the diner typed, as addresses, nearest `near` (the restaurant) first. */
export async function geocodeAddress(text: string, near: { lat: number; lng: number } | null): Promise<GeocodedAddress[]> {
  const query = { q: text.trim(), ...(near && { lat: String(near.lat), lng: String(near.lng) }) }
  return (await call('GET /places/geocode', { query })).results
}
