import { z } from 'zod'
import { defineEndpoints } from './endpoint'

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
export const geocodedAddress = z
  .strictObject({ label: z.string(), addressLine1: z.string(), locality: z.string(), lat: z.number(), lng: z.number() })
  .meta({ id: 'GeocodedAddress' })

export const geocodeResponse = z.strictObject({ results: z.array(geocodedAddress) }).meta({ id: 'GeocodeResponse' })

export const PLACE_KINDS = ['city', 'address'] as const

/** A point the diner can search from: a city centre or a restaurant's street address. */
export const place = z
  .strictObject({
    kind: z.enum(PLACE_KINDS),
    label: z.string(),
    secondary: z.string(),
    lat: z.number(),
    lng: z.number(),
    cityName: z.string(),
    /** ISO 3166-1 alpha-3, as in the cities table. */
    country: z.string().meta({ description: 'ISO 3166-1 alpha-3, as in the cities table.' }),
  })
  .meta({ id: 'Place' })

export const placeSearchResponse = z.strictObject({ results: z.array(place) }).meta({ id: 'PlaceSearchResponse', description: 'Best first.' })

export const nearestCityResponse = z
  .strictObject({
    city: z.strictObject({
      name: z.string(),
      slug: z.string(),
      state: z.string(),
      country: z.string(),
      countryName: z.string(),
      lat: z.number(),
      lng: z.number(),
    }),
    /** Great-circle distance from the asked point to the city centre, one decimal. */
    distanceKm: z.number().meta({ description: 'Great-circle distance from the asked point to the city centre, one decimal.' }),
  })
  .meta({ id: 'NearestCityResponse' })

export type GeocodedAddress = z.output<typeof geocodedAddress>
export type GeocodeResponse = z.output<typeof geocodeResponse>
export type PlaceKind = (typeof PLACE_KINDS)[number]
export type Place = z.output<typeof place>
export type PlaceSearchResponse = z.output<typeof placeSearchResponse>
export type NearestCityResponse = z.output<typeof nearestCityResponse>

/** Location search and typed addresses (docs/discovery.md, docs/checkout.md "Addresses"): plain JSON, public. */
export const placeEndpoints = defineEndpoints({
  'GET /places/search': {
    auth: 'none',
    wire: 'json',
    tag: 'places',
    summary: 'Cities and restaurant addresses matching what the diner typed, best first',
    description: '`public, max-age=60`.',
    query: placeSearchQuery,
    response: placeSearchResponse,
    errors: [],
  },
  'GET /places/geocode': {
    auth: 'none',
    wire: 'json',
    tag: 'places',
    summary: "A typed delivery address, as the geocoder's addresses, nearest the given point first",
    description:
      '`public, max-age=300`. Throttled per client (429 `rate_limited` with Retry-After); 503 `geocoder_unavailable` when the geocoder is down, so the diner drops the pin by hand.',
    query: geocodeQuery,
    response: geocodeResponse,
    errors: ['rate_limited', 'geocoder_unavailable'],
  },
  'GET /places/nearest': {
    auth: 'none',
    wire: 'json',
    tag: 'places',
    summary: 'The known city nearest a point',
    description: '`public, max-age=300`.',
    query: nearestPlaceQuery,
    response: nearestCityResponse,
    errors: ['not_found'],
  },
})
