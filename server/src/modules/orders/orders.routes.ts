import { Hono } from 'hono'
import { customerOrdersQuery } from '../../../../src/shared/api/contracts/account'
import type { AppDeps } from '../../app'
import { notFound } from '../../lib/errors'
import { sendEncrypted, validate } from '../../lib/wire'
import { requireCustomer, type CustomerVariables } from '../auth/tokens'
import { createOrderHistoryService } from './orders.service'

/** My Orders: order calls answer ciphertext (DESIGN §4); only the signed-in customer's orders. */
export function orderHistoryRoutes({ db, env }: AppDeps) {
  const service = createOrderHistoryService(db)

  return new Hono<{ Variables: CustomerVariables }>()
    .use('/order/customer/getOrders', requireCustomer(env.TOKEN_SECRET), async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
    })
    .get('/order/customer/getOrders', async (c) => {
      const { search, page, size, sort } = validate(customerOrdersQuery, c.req.query())
      const customerId = search.slice('customerId:'.length).toLowerCase()
      if (customerId !== c.get('customerId')) throw notFound('The customer')
      return sendEncrypted(c, await service.list({ customerId, page, size, newestFirst: sort === 'orderTime,desc' }), env.PAYLOAD_KEY)
    })
}
