import { ORDER_PAGE_SIZE } from '@/shared/api/contracts/account'
import type { AppDeps } from '../../deps'
import { endpointRouter } from '../../lib/endpoint'
import { ownCustomer } from '../../lib/http'
import { listOrderHistory } from './order-history'

const customerOf = (search: string) => search.slice('customerId:'.length).toLowerCase()

/**
 * My Orders and the other order lists, mounted from the endpoint map
 * (src/shared/api/contracts/account.ts): encrypted, only the signed-in customer's orders; someone
 * else's id answers 404 as if it did not exist (docs/accounts.md, "Whose data").
 */
export function orderHistoryRoutes(deps: AppDeps) {
  return endpointRouter(deps)
    .mount('GET /order/customer/getOrders', async (c, { query: { search, page, size, sort } }) => {
      const customerId = ownCustomer(customerOf(search), c.get('customerId'))
      return listOrderHistory(deps.db, { customerId, page, size, newestFirst: sort === 'orderTime,desc' })
    })
    .mount('GET /order/getOrders', async (c, { query: { search, page, size, sort } }) => {
      const customerId = ownCustomer(customerOf(search), c.get('customerId'))
      return listOrderHistory(deps.db, { customerId, page, size, newestFirst: sort === 'orderDate,desc' })
    })
    .mount('POST /order/filter/orders/v2', async (c, { body: { search, page, size, sort } }) => {
      const customerId = ownCustomer(search.customerId, c.get('customerId'))
      return listOrderHistory(deps.db, { customerId, phone: search.phone, page, size, newestFirst: sort === 'orderTime,desc' })
    })
    .mount('GET /v2/customers/orders', async (c, { query: { customerId, locationId } }) => {
      const signedIn = ownCustomer(customerId, c.get('customerId'))
      return listOrderHistory(deps.db, { customerId: signedIn, locationId, page: 0, size: ORDER_PAGE_SIZE, newestFirst: true })
    }).router
}
