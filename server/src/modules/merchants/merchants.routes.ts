import { Hono, type Context } from 'hono'
import {
  findMerchantRequest,
  locationByIdRequest,
  locationBySlugRequest,
  menuQuery,
  menuRequest,
  merchantDetailsRequest,
} from '@/shared/api/contracts/merchants'
import type { AppDeps } from '../../deps'
import { readEncrypted, sendEncryptedPublic, sendSealedPublic, validate } from '../../lib/wire'
import { createMenuCache } from './menu-cache'
import { findRestaurants } from './find'
import { menuSource } from './menu'
import { listCities, merchantDetails, restaurantById, restaurantBySlug } from './restaurants'
import { createPopularDishes } from './popular'

/** Merchant and menu calls: encrypted both ways (docs/api.md "Wire protocol"); public reads, so ETag + 304. */
export function merchantRoutes({ db, env, listen, log }: AppDeps) {
  const apiBase = env.PUBLIC_API_BASE
  const key = env.PAYLOAD_KEY
  const menus = createMenuCache(menuSource(db, apiBase), key, { listen, log })
  const popular = createPopularDishes(db)
  const sendMenu = async (c: Context, locationId: string, menuType: string, visibleTo: string[]) => {
    const { etag, ciphertext } = await menus.read(locationId, menuType, visibleTo)
    return sendSealedPublic(c, etag, ciphertext)
  }

  return new Hono()
    .post('/customer/findMerchant/v2', async (c) => {
      const request = await readEncrypted(c, findMerchantRequest, key)
      return sendEncryptedPublic(c, await findRestaurants(db, apiBase, request), key)
    })
    .post('/merchants/locations/slug', async (c) => {
      const { slug } = await readEncrypted(c, locationBySlugRequest, key)
      return sendEncryptedPublic(c, await restaurantBySlug(db, apiBase, slug), key)
    })
    .post('/merchants/locations/id', async (c) => {
      const { locationId } = await readEncrypted(c, locationByIdRequest, key)
      return sendEncryptedPublic(c, await restaurantById(db, apiBase, locationId), key)
    })
    .post('/merchants/details/v2', async (c) => {
      const { slug } = await readEncrypted(c, merchantDetailsRequest, key)
      return sendEncryptedPublic(c, await merchantDetails(db, apiBase, slug), key)
    })
    .post('/merchants/menu/v2', async (c) => {
      const { locationId, menuType, visibleTo } = await readEncrypted(c, menuRequest, key)
      return sendMenu(c, locationId, menuType, visibleTo)
    })
    .get('/merchants/locations/:locationId/menu', async (c) => {
      const { locationId } = validate(locationByIdRequest.pick({ locationId: true }), c.req.param())
      const { orderType } = validate(menuQuery, c.req.query())
      return sendMenu(c, locationId, orderType, ['C'])
    })
    .get('/merchants/locations/:locationId/popular', async (c) => {
      const { locationId } = validate(locationByIdRequest.pick({ locationId: true }), c.req.param())
      const answer = await popular.read(locationId)
      // Counted again every few minutes on the server; a browser or CDN may keep it as long.
      c.header('Cache-Control', 'public, max-age=300')
      return c.json(answer)
    })
    .get('/cities', async (c) => c.json(await listCities(db)))
}
