import { Hono } from 'hono'
import { distanceRequest, totalsRequest } from '@/shared/api/contracts/orders'
import type { AppDeps } from '../../deps'
import { readEncrypted, sendEncrypted } from '../../lib/wire'
import { optionalCustomer } from '../auth/tokens'
import { createPricingService } from './pricing.service'

/** Cart totals and delivery distance: order calls, encrypted both ways (DESIGN §4). */
export function pricingRoutes({ db, env }: AppDeps) {
  const service = createPricingService(db)
  const key = env.PAYLOAD_KEY

  return new Hono<{ Variables: { customerId?: string } }>()
    .use('/order/customer/totals', optionalCustomer(env.TOKEN_SECRET, db))
    .post('/order/customer/totals', async (c) => {
      const request = await readEncrypted(c, totalsRequest, key)
      return sendEncrypted(c, await service.totals(request, { customerId: c.get('customerId') }), key)
    })
    .post('/order/getDistance/v2', async (c) => {
      const request = await readEncrypted(c, distanceRequest, key)
      return sendEncrypted(c, await service.distance(request), key)
    })
}
