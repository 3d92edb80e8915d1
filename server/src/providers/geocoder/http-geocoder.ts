import { distanceKm, GeocoderUnavailable, type GeocodedAddress, type GeocodeQuery, type Geocoder } from './geocoder-provider'

/** A real geocoder answers in a few hundred milliseconds; after this the diner drops the pin by hand. */
export const GEOCODER_TIMEOUT_MS = 4_000

/** One result of a Nominatim-compatible search (`format=jsonv2&addressdetails=1`): OpenStreetMap's, LocationIQ's, a self-hosted one. */
type NominatimResult = {
  display_name?: string
  lat?: string
  lon?: string
  address?: { house_number?: string; road?: string; pedestrian?: string; city?: string; town?: string; village?: string; suburb?: string; state?: string; postcode?: string }
}

function toAddress(result: NominatimResult): GeocodedAddress | null {
  const lat = Number(result.lat)
  const lng = Number(result.lon)
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null
  const parts = result.address ?? {}
  const road = parts.road ?? parts.pedestrian
  const addressLine1 = road ? [parts.house_number, road].filter(Boolean).join(' ') : (result.display_name ?? '').split(',')[0]!.trim()
  if (!addressLine1) return null
  const town = parts.city ?? parts.town ?? parts.village ?? parts.suburb
  const locality = [town, [parts.state, parts.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  return { label: [addressLine1, locality].filter(Boolean).join(', ').slice(0, 200), addressLine1: addressLine1.slice(0, 120), locality: locality.slice(0, 120), lat, lng }
}

/**
 * A geocoder at a URL template (GEOCODER_URL), `{query}` and `{limit}` filled in, answering as
 * Nominatim does. Its answer is read defensively: it is another party's data.
 */
export function httpGeocoder(template: string, fetchImpl: typeof fetch = fetch): Geocoder {
  return {
    name: 'http',
    async search({ text, near, limit }: GeocodeQuery): Promise<GeocodedAddress[]> {
      const url = template.replaceAll('{query}', encodeURIComponent(text)).replaceAll('{limit}', String(limit))
      let body: unknown
      try {
        const response = await fetchImpl(url, { headers: { Accept: 'application/json', 'User-Agent': 'Tablefront address search' }, signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS) })
        if (!response.ok) throw new Error(`answered ${response.status}`)
        body = await response.json()
      } catch (error) {
        throw new GeocoderUnavailable(`The geocoder did not answer: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
      }
      if (!Array.isArray(body)) throw new GeocoderUnavailable('The geocoder answered something other than a list')
      const found = body.map((entry) => toAddress(entry as NominatimResult)).filter((entry): entry is GeocodedAddress => entry !== null)
      if (near) found.sort((a, b) => distanceKm(near, a) - distanceKm(near, b))
      return found.slice(0, limit)
    },
  }
}
