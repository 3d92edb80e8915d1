import { Hono } from 'hono'
import { distanceRequest, totalsRequest } from '@/shared/api/contracts/orders'
import type { AppDeps } from '../../deps'
import { readEncrypted, sendEncrypted } from '../../lib/wire'
import { optionalCustomer } from '../auth/tokens'
import { priceCart, quoteDistance } from './pricing/totals'

/** Cart totals and delivery distance: order calls, encrypted both ways (docs/api.md "Wire protocol"; the prices: docs/payments.md). */
export function pricingRoutes({ db, env }: AppDeps) {
  const key = env.PAYLOAD_KEY

  return new Hono<{ Variables: { customerId?: string } }>()
    .use('/order/customer/totals', optionalCustomer(env.TOKEN_SECRET, db))
    .post('/order/customer/totals', async (c) => {
      const request = await readEncrypted(c, totalsRequest, key)
      return sendEncrypted(c, await priceCart(db, request, { customerId: c.get('customerId') }), key)
    })
    .post('/order/getDistance/v2', async (c) => {
      const request = await readEncrypted(c, distanceRequest, key)
      return sendEncrypted(c, await quoteDistance(db, request), key)
    })
}
