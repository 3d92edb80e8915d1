import type { AppDeps } from '../../deps'
import { clientAddress } from '../../lib/client-address'
import { endpointRouter } from '../../lib/endpoint'
import { ApiError } from '../../lib/errors'
import { createRateLimiter, retryAfterHeader } from '../../lib/rate-limit'
import { createGeocoder, GeocoderUnavailable } from '../../providers/geocoder'
import { nearestCity, searchPlaces } from './places.service'
import { GEOCODE_PER_CLIENT } from './throttles'

/** Location search (issue 3): plain JSON, public, cacheable; from the endpoint map (src/shared/api/contracts/places.ts). */
export function placeRoutes(deps: AppDeps) {
  const { db, env, log } = deps
  const geocoder = createGeocoder(env)
  const limiter = createRateLimiter(db)

  const routes = endpointRouter(deps)
  routes.router.use('/places/geocode', retryAfterHeader)
  return routes
    .mount('GET /places/search', async (c, { query }) => {
      const results = await searchPlaces(db, query.q, query.limit)
      c.header('Cache-Control', 'public, max-age=60')
      return { results }
    })
    // A typed delivery address (docs/checkout.md "Addresses"): the geocoder's answer, or 503 so the diner drops the pin by hand.
    .mount('GET /places/geocode', async (c, { query: { q, lat, lng, limit } }) => {
      // Per client, before the geocoder is asked: 429 rate_limited with Retry-After (docs/accounts.md "Throttles").
      await limiter.take([[GEOCODE_PER_CLIENT, clientAddress(c, env.TRUST_PROXY)]])
      try {
        const results = await geocoder.search({ text: q, limit, ...(lat !== undefined && lng !== undefined ? { near: { lat, lng } } : {}) })
        c.header('Cache-Control', 'public, max-age=300')
        return { results }
      } catch (error) {
        if (!(error instanceof GeocoderUnavailable)) throw error
        log.error(`GET /places/geocode (${geocoder.name}): ${error.message}`)
        throw new ApiError(503, 'geocoder_unavailable', 'Address search is not available right now. Drop the pin on the map instead.')
      }
    })
    .mount('GET /places/nearest', async (c, { query }) => {
      c.header('Cache-Control', 'public, max-age=300')
      return nearestCity(db, query)
    }).router
}
