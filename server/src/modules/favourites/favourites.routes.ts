import type { AppDeps } from '../../deps'
import { endpointRouter, reply } from '../../lib/endpoint'
import { ownCustomer } from '../../lib/http'
import { addFavourite, listFavourites, removeFavourite } from './favourites.service'

/**
 * Favourite restaurants and items of the signed-in customer, mounted from the endpoint map
 * (src/shared/api/contracts/favourites.ts). Another customer's id answers 404 (docs/accounts.md, "Whose data").
 */
export function favouriteRoutes(deps: AppDeps) {
  const own = <T extends { customerId: string }>(request: T, signedIn: string): T => ({ ...request, customerId: ownCustomer(request.customerId, signedIn) })

  return endpointRouter(deps)
    .mount('GET /favourites', async (c, { query }) => {
      const { customerId, locationId } = own(query, c.get('customerId'))
      return listFavourites(deps.db, deps.env.PUBLIC_API_BASE, customerId, locationId)
    })
    .mount('POST /favourites', async (c, { body }) => {
      const { favourite, created } = await addFavourite(deps.db, own(body, c.get('customerId')))
      return reply(favourite, created ? 201 : 200)
    })
    .mount('DELETE /favourites', async (c, { body }) => removeFavourite(deps.db, own(body, c.get('customerId')))).router
}
