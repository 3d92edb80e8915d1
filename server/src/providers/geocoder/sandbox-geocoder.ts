import { distanceKm, type GeocodedAddress, type GeocodeQuery, type Geocoder } from './geocoder-provider'
import { SANDBOX_PLACES, SANDBOX_STREETS, type SandboxStreet } from './sandbox-data'

/** Words people type for the same thing: "Ave", "av." and "avenue"; "fifth" and "5th". */
const SAME_WORD: Record<string, string> = {
  avenue: 'ave', av: 'ave', street: 'st', road: 'rd', boulevard: 'blvd', place: 'pl', drive: 'dr',
  east: 'e', west: 'w', north: 'n', south: 's', feet: 'ft', bangalore: 'bengaluru', nyc: 'new york', sf: 'san francisco',
  first: '1st', second: '2nd', third: '3rd', fourth: '4th', fifth: '5th', sixth: '6th', seventh: '7th', eighth: '8th', ninth: '9th', tenth: '10th',
}

/** Lower case, no accents or punctuation, the same spelling for the same word. */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .flatMap((word) => (SAME_WORD[word] ?? word).split(' '))
}

/** Every typed word starts a word of the candidate ("5th av" matches "5th Ave, New York"). */
const matchesAll = (typed: string[], candidate: string[]) => typed.every((word) => candidate.some((known) => known.startsWith(word)))

/** Where a house number is on the street: between the two known numbers around it. */
function pointOn(street: SandboxStreet, number: number): { lat: number; lng: number } | null {
  const points = street.points
  if (number < points[0]![0] || number > points[points.length - 1]![0]) return null
  for (let index = 1; index < points.length; index++) {
    const [fromNumber, fromLat, fromLng] = points[index - 1]!
    const [toNumber, toLat, toLng] = points[index]!
    if (number <= toNumber) {
      const share = (number - fromNumber) / (toNumber - fromNumber)
      return { lat: round(fromLat + (toLat - fromLat) * share), lng: round(fromLng + (toLng - fromLng) * share) }
    }
  }
  return null
}

const round = (value: number) => Math.round(value * 1e6) / 1e6

/** "350 5th": a house number first, then the street. */
function splitNumber(typed: string[]): { number: number | null; rest: string[] } {
  const first = typed[0]
  if (first && /^\d{1,5}$/.test(first) && typed.length > 1) return { number: Number(first), rest: typed.slice(1) }
  return { number: null, rest: typed }
}

/** The demo cities' streets and places, without the network: what the sandbox and the tests use. */
export function sandboxGeocoder(): Geocoder {
  return {
    name: 'sandbox',
    async search({ text, near, limit }: GeocodeQuery): Promise<GeocodedAddress[]> {
      const typed = words(text)
      if (typed.length === 0) return []
      const { number, rest } = splitNumber(typed)
      const found: { address: GeocodedAddress; rank: number }[] = []

      for (const place of SANDBOX_PLACES) {
        if (!matchesAll(typed, words(`${place.name} ${place.addressLine1} ${place.locality}`))) continue
        const address = { label: `${place.name}, ${place.addressLine1}, ${place.locality}`, addressLine1: place.addressLine1, locality: place.locality, lat: place.lat, lng: place.lng }
        found.push({ address, rank: 0 })
      }
      for (const street of SANDBOX_STREETS) {
        if (!matchesAll(rest, words(`${street.name} ${street.locality}`))) continue
        if (number === null) continue
        const point = pointOn(street, number)
        if (!point) continue
        const addressLine1 = `${number} ${street.name}`
        found.push({ address: { label: `${addressLine1}, ${street.locality}`, addressLine1, locality: street.locality, ...point }, rank: 1 })
      }

      // The exact street address before a place that is only named like it, then nearest the restaurant first.
      const byDistance = (address: GeocodedAddress) => (near ? distanceKm(near, address) : 0)
      const exact = (address: GeocodedAddress) => (number !== null && address.addressLine1.toLowerCase().startsWith(`${number} `) ? 0 : 1)
      return found
        .sort((a, b) => exact(a.address) - exact(b.address) || byDistance(a.address) - byDistance(b.address) || a.rank - b.rank)
        .map((entry) => entry.address)
        .slice(0, limit)
    },
  }
}
