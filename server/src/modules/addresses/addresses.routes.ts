import type { AppDeps } from '../../deps'
import { endpointRouter } from '../../lib/endpoint'
import { ownCustomer } from '../../lib/http'
import { addAddress, editAddress, listAddresses, removeAddress } from './addresses.service'

/**
 * Delivery addresses of the signed-in customer, mounted from the endpoint map
 * (src/shared/api/contracts/account.ts); a customerId other than the token's answers 404
 * (docs/accounts.md, "Whose data").
 */
export function addressRoutes(deps: AppDeps) {
  return endpointRouter(deps)
    .mount('GET /addresses', async (c, { query }) => listAddresses(deps.db, ownCustomer(query.customerId, c.get('customerId'))))
    .mount('POST /addresses', async (c, { body: { customerId, ...address } }) =>
      addAddress(deps.db, ownCustomer(customerId, c.get('customerId')), address),
    )
    .mount('PUT /addresses/:id', async (c, { params, body: { customerId, ...change } }) =>
      editAddress(deps.db, ownCustomer(customerId, c.get('customerId')), params.id, change),
    )
    .mount('DELETE /addresses/:id', async (c, { params }) => removeAddress(deps.db, c.get('customerId'), params.id)).router
}
