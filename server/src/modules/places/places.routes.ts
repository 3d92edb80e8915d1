import { Hono } from 'hono'
import {
  nearestPlaceQuery,
  placeSearchQuery,
  type PlaceSearchResponse,
} from '../../../../src/shared/api/contracts/places'
import type { AppDeps } from '../../app'
import { validate } from '../../lib/wire'
import { createPlaceService } from './places.service'

/** Location search (issue 3): plain JSON, public, cacheable for a minute. */
export function placeRoutes({ db }: AppDeps) {
  const service = createPlaceService(db)

  return new Hono()
    .get('/places/search', async (c) => {
      const { q, limit } = validate(placeSearchQuery, c.req.query())
      const body: PlaceSearchResponse = { results: await service.search(q, limit) }
      c.header('Cache-Control', 'public, max-age=60')
      return c.json(body)
    })
    .get('/places/nearest', async (c) => {
      const point = validate(nearestPlaceQuery, c.req.query())
      c.header('Cache-Control', 'public, max-age=300')
      return c.json(await service.nearestCity(point))
    })
}
