import { z } from 'zod'

export const PLACE_QUERY_MAX_LENGTH = 80
export const PLACE_SEARCH_DEFAULT_LIMIT = 8
export const PLACE_SEARCH_MAX_LIMIT = 20

/** A query-string number: digits only, so `lat=` or `lat=1e3` is refused rather than read as 0 or 1000. */
const decimal = (label: string) =>
  z
    .string({ error: 'is required' })
    .trim()
    .regex(/^[-+]?\d{1,3}(\.\d+)?$/, `must be a ${label}`)
    .transform(Number)

export const placeSearchQuery = z.object({
  q: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(PLACE_QUERY_MAX_LENGTH, `must be at most ${PLACE_QUERY_MAX_LENGTH} characters`),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, `must be a whole number from 1 to ${PLACE_SEARCH_MAX_LIMIT}`)
    .transform(Number)
    .pipe(z.number().min(1, 'must be at least 1').max(PLACE_SEARCH_MAX_LIMIT, `must be at most ${PLACE_SEARCH_MAX_LIMIT}`))
    .default(PLACE_SEARCH_DEFAULT_LIMIT),
})

export const nearestPlaceQuery = z.object({
  lat: decimal('latitude').pipe(z.number().min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90')),
  lng: decimal('longitude').pipe(z.number().min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180')),
})

export const GEOCODE_QUERY_MAX_LENGTH = 120
export const GEOCODE_DEFAULT_LIMIT = 6
export const GEOCODE_MAX_LIMIT = 10

/** GET /places/geocode: what the diner typed; `lat`/`lng` (both or neither) put results near the restaurant first. */
export const geocodeQuery = z
  .object({
    q: z
      .string({ error: 'is required' })
      .trim()
      .min(2, 'must be at least 2 characters')
      .max(GEOCODE_QUERY_MAX_LENGTH, `must be at most ${GEOCODE_QUERY_MAX_LENGTH} characters`),
    lat: decimal('latitude').pipe(z.number().min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90')).optional(),
    lng: decimal('longitude').pipe(z.number().min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180')).optional(),
    limit: z
      .string()
      .regex(/^\d{1,3}$/, `must be a whole number from 1 to ${GEOCODE_MAX_LIMIT}`)
      .transform(Number)
      .pipe(z.number().min(1, 'must be at least 1').max(GEOCODE_MAX_LIMIT, `must be at most ${GEOCODE_MAX_LIMIT}`))
      .default(GEOCODE_DEFAULT_LIMIT),
  })
  .refine((query) => (query.lat === undefined) === (query.lng === undefined), { message: 'lat and lng go together', path: ['lng'] })

/** A typed address found: the whole line to show, the street line to keep, and where it is. */
export type GeocodedAddress = { label: string; addressLine1: string; locality: string; lat: number; lng: number }

export type GeocodeResponse = { results: GeocodedAddress[] }

export type PlaceKind = 'city' | 'address'

/** A point the diner can search from: a city centre or a restaurant's street address. */
export type Place = {
  kind: PlaceKind
  label: string
  secondary: string
  lat: number
  lng: number
  cityName: string
  /** ISO 3166-1 alpha-3, as in the cities table. */
  country: string
}

export type PlaceSearchResponse = { results: Place[] }

export type NearestCityResponse = {
  city: { name: string; slug: string; state: string; country: string; countryName: string; lat: number; lng: number }
  /** Great-circle distance from the asked point to the city centre, one decimal. */
  distanceKm: number
}
