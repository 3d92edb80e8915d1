import type { Context } from 'hono'
import type { AppDeps } from '../../deps'
import { endpointRouter } from '../../lib/endpoint'
import { sealPublic, sendEncryptedPublic, sendSealedPublic } from '../../lib/wire'
import { createMenuCache } from './menu-cache'
import { findRestaurants } from './find'
import { createSearchCache } from './search-cache'
import { menuSource } from './menu'
import { listCities, merchantDetails, restaurantById, restaurantBySlug } from './restaurants'
import { createPopularDishes } from './popular'

/**
 * Merchant and menu calls, mounted from the endpoint map (src/shared/api/contracts/merchants.ts):
 * encrypted both ways (docs/api.md "Wire protocol"); public reads, so ETag + 304, sent by hand.
 */
export function merchantRoutes(deps: AppDeps) {
  const { db, env, listen, log } = deps
  const apiBase = env.PUBLIC_API_BASE
  const key = env.PAYLOAD_KEY
  const menus = createMenuCache(menuSource(db, apiBase), key, { listen, log })
  const popular = createPopularDishes(db)
  const clock = deps.now ?? (() => new Date())
  const searches = createSearchCache(db, apiBase, { listen, log, clock: () => clock().getTime() })
  const sendMenu = async (c: Context, locationId: string, menuType: string, visibleTo: string[]) => {
    const { etag, ciphertext } = await menus.read(locationId, menuType, visibleTo)
    return sendSealedPublic(c, etag, ciphertext)
  }

  return endpointRouter(deps)
    .mount('POST /customer/findMerchant/v2', async (c, { body }) => {
      const now = clock()
      const { etag, ciphertext } = await searches.answer(
        body,
        now,
        () => findRestaurants(db, apiBase, body, now, searches),
        (answer) => sealPublic(answer, key),
      )
      return sendSealedPublic(c, etag, ciphertext)
    })
    .mount('POST /merchants/locations/slug', async (c, { body }) => sendEncryptedPublic(c, await restaurantBySlug(db, apiBase, body.slug), key))
    .mount('POST /merchants/locations/id', async (c, { body }) => sendEncryptedPublic(c, await restaurantById(db, apiBase, body.locationId), key))
    .mount('POST /merchants/details/v2', async (c, { body }) => sendEncryptedPublic(c, await merchantDetails(db, apiBase, body.slug), key))
    .mount('POST /merchants/menu/v2', async (c, { body }) => sendMenu(c, body.locationId, body.menuType, body.visibleTo))
    .mount('GET /merchants/locations/:locationId/menu', async (c, { params, query }) => sendMenu(c, params.locationId, query.orderType, ['C']))
    .mount('GET /merchants/locations/:locationId/popular', async (c, { params }) => {
      const answer = await popular.read(params.locationId)
      // Counted again every few minutes on the server; a browser or CDN may keep it as long.
      c.header('Cache-Control', 'public, max-age=300')
      return answer
    })
    .mount('GET /cities', async () => listCities(db)).router
}
