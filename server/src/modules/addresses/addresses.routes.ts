import type { AppDeps } from '../../deps'
import { endpointRouter } from '../../lib/endpoint'
import { ownCustomer } from '../../lib/http'
import { createAddressService } from './addresses.service'

/**
 * Delivery addresses of the signed-in customer, mounted from the endpoint map
 * (src/shared/api/contracts/account.ts); a customerId other than the token's answers 404
 * (docs/accounts.md, "Whose data").
 */
export function addressRoutes(deps: AppDeps) {
  const service = createAddressService(deps.db)

  return endpointRouter(deps)
    .mount('GET /addresses', async (c, { query }) => service.list(ownCustomer(query.customerId, c.get('customerId'))))
    .mount('POST /addresses', async (c, { body: { customerId, ...address } }) =>
      service.add(ownCustomer(customerId, c.get('customerId')), address),
    )
    .mount('PUT /addresses/:id', async (c, { params, body: { customerId, ...change } }) =>
      service.edit(ownCustomer(customerId, c.get('customerId')), params.id, change),
    )
    .mount('DELETE /addresses/:id', async (c, { params }) => service.remove(c.get('customerId'), params.id)).router
}
