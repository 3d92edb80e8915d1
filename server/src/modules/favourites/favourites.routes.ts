import { Hono } from 'hono'
import { favouriteRequest, favouritesQuery } from '@/shared/api/contracts/favourites'
import type { AppDeps } from '../../deps'
import { notFound } from '../../lib/errors'
import { readJson, validate } from '../../lib/wire'
import { requireCustomer, type CustomerVariables } from '../auth/tokens'
import { createFavouriteService } from './favourites.service'

/** DESIGN §5: another customer's favourites answer 404, as if they did not exist. */
function ownedBy<T extends { customerId: string }>(request: T, signedIn: string): T {
  if (request.customerId !== signedIn) throw notFound('The customer')
  return request
}

/** Favourite restaurants and items of the signed-in customer: plain JSON (SPEC §7). */
export function favouriteRoutes({ db, env }: AppDeps) {
  const service = createFavouriteService(db, env.PUBLIC_API_BASE)

  return new Hono<{ Variables: CustomerVariables }>()
    .use('/favourites', requireCustomer(env.TOKEN_SECRET, db), async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
    })
    .get('/favourites', async (c) => {
      const { customerId, locationId } = ownedBy(validate(favouritesQuery, c.req.query()), c.get('customerId'))
      return c.json(await service.list(customerId, locationId))
    })
    .post('/favourites', async (c) => {
      const key = ownedBy(await readJson(c, favouriteRequest), c.get('customerId'))
      const { favourite, created } = await service.add(key)
      return c.json(favourite, created ? 201 : 200)
    })
    .delete('/favourites', async (c) => {
      const key = ownedBy(await readJson(c, favouriteRequest), c.get('customerId'))
      return c.json(await service.remove(key))
    })
}
