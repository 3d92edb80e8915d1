import { Hono } from 'hono'
import {
  geocodeQuery,
  type GeocodeResponse,
  nearestPlaceQuery,
  placeSearchQuery,
  type PlaceSearchResponse,
} from '@/shared/api/contracts/places'
import type { AppDeps } from '../../deps'
import { clientAddress } from '../../lib/client-address'
import { ApiError } from '../../lib/errors'
import { createRateLimiter, retryAfterHeader } from '../../lib/rate-limit'
import { createGeocoder, GeocoderUnavailable } from '../../providers/geocoder'
import { validate } from '../../lib/wire'
import { nearestCity, searchPlaces } from './places.service'
import { GEOCODE_PER_CLIENT } from './throttles'

/** Location search (issue 3): plain JSON, public, cacheable for a minute. */
export function placeRoutes({ db, env, log }: AppDeps) {
  const geocoder = createGeocoder(env)
  const limiter = createRateLimiter(db)

  return new Hono()
    .use('/places/geocode', retryAfterHeader)
    .get('/places/search', async (c) => {
      const { q, limit } = validate(placeSearchQuery, c.req.query())
      const body: PlaceSearchResponse = { results: await searchPlaces(db, q, limit) }
      c.header('Cache-Control', 'public, max-age=60')
      return c.json(body)
    })
    // A typed delivery address (docs/checkout.md "Addresses"): the geocoder's answer, or 503 so the diner drops the pin by hand.
    .get('/places/geocode', async (c) => {
      const { q, lat, lng, limit } = validate(geocodeQuery, c.req.query())
      // Per client, before the geocoder is asked: 429 rate_limited with Retry-After (docs/accounts.md "Throttles").
      await limiter.take([[GEOCODE_PER_CLIENT, clientAddress(c, env.TRUST_PROXY)]])
      try {
        const results = await geocoder.search({ text: q, limit, ...(lat !== undefined && lng !== undefined ? { near: { lat, lng } } : {}) })
        c.header('Cache-Control', 'public, max-age=300')
        return c.json({ results } satisfies GeocodeResponse)
      } catch (error) {
        if (!(error instanceof GeocoderUnavailable)) throw error
        log.error(`GET /places/geocode (${geocoder.name}): ${error.message}`)
        throw new ApiError(503, 'geocoder_unavailable', 'Address search is not available right now. Drop the pin on the map instead.')
      }
    })
    .get('/places/nearest', async (c) => {
      const point = validate(nearestPlaceQuery, c.req.query())
      c.header('Cache-Control', 'public, max-age=300')
      return c.json(await nearestCity(db, point))
    })
}
