/** A found address: one line to show, the street line to keep, where it is. */
export type GeocodedAddress = {
  /** The whole address as the diner reads it: "350 5th Ave, New York, NY 10118". */
  label: string
  /** The street line kept on the order and the saved address: "350 5th Ave". */
  addressLine1: string
  /** City, region and postcode: "New York, NY 10118". */
  locality: string
  lat: number
  lng: number
}

export type GeocodeQuery = {
  text: string
  /** Results near this point come first (the restaurant delivering). */
  near?: { lat: number; lng: number }
  limit: number
}

/** Turns what a diner types into places on the map; real adapters plug in by configuration (GEOCODER_URL). */
export type Geocoder = {
  readonly name: string
  search(query: GeocodeQuery): Promise<GeocodedAddress[]>
}

/** The geocoder could not answer (down, slow, refused): the diner can still drop the pin by hand. */
export class GeocoderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'GeocoderUnavailable'
  }
}

const EARTH_KM = 6371

/** Great-circle distance in km, to order results by how near they are. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}
