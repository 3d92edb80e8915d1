import type { AppDeps } from '../../deps'
import { endpointRouter } from '../../lib/endpoint'
import { priceCart, quoteDistance } from './pricing/totals'

/**
 * Cart totals and delivery distance, mounted from the endpoint map (src/shared/api/contracts/orders.ts):
 * order calls, encrypted both ways (docs/api.md "Wire protocol"; the prices: docs/payments.md).
 */
export function pricingRoutes(deps: AppDeps) {
  const { db } = deps
  return endpointRouter(deps)
    .mount('POST /order/customer/totals', async (c, { body }) => priceCart(db, body, { customerId: c.get('customerId') }))
    .mount('POST /order/getDistance/v2', async (_c, { body }) => quoteDistance(db, body)).router
}
