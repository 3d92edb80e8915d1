import { Hono } from 'hono'
import {
  customerOrdersQuery,
  filterOrdersRequest,
  locationOrdersQuery,
  ORDER_PAGE_SIZE,
  ordersByDateQuery,
} from '@/shared/api/contracts/account'
import type { AppDeps } from '../../deps'
import { notFound } from '../../lib/errors'
import { readEncrypted, sendEncrypted, validate } from '../../lib/wire'
import { requireCustomer, type CustomerVariables } from '../auth/tokens'
import { createOrderHistoryService } from './orders.service'

const customerOf = (search: string) => search.slice('customerId:'.length).toLowerCase()

/** My Orders and the other list calls (SPEC §7): ciphertext (DESIGN §4), only the signed-in customer's orders. */
export function orderHistoryRoutes({ db, env }: AppDeps) {
  const service = createOrderHistoryService(db)
  const key = env.PAYLOAD_KEY
  const signedIn = requireCustomer(env.TOKEN_SECRET, db)
  const noStore = async (c: { header: (name: string, value: string) => void }, next: () => Promise<void>) => {
    await next()
    c.header('Cache-Control', 'no-store')
  }
  /** Someone else's id answers as if it did not exist. */
  const own = (asked: string, signedInAs: string) => {
    if (asked !== signedInAs) throw notFound('The customer')
    return asked
  }

  return new Hono<{ Variables: CustomerVariables }>()
    .use('/order/customer/getOrders', signedIn, noStore)
    .use('/order/getOrders', signedIn, noStore)
    .use('/order/filter/orders/v2', signedIn, noStore)
    .use('/v2/customers/orders', signedIn, noStore)
    .get('/order/customer/getOrders', async (c) => {
      const { search, page, size, sort } = validate(customerOrdersQuery, c.req.query())
      const customerId = own(customerOf(search), c.get('customerId'))
      return sendEncrypted(c, await service.list({ customerId, page, size, newestFirst: sort === 'orderTime,desc' }), key)
    })
    .get('/order/getOrders', async (c) => {
      const { search, page, size, sort } = validate(ordersByDateQuery, c.req.query())
      const customerId = own(customerOf(search), c.get('customerId'))
      return sendEncrypted(c, await service.list({ customerId, page, size, newestFirst: sort === 'orderDate,desc' }), key)
    })
    .post('/order/filter/orders/v2', async (c) => {
      const { search, page, size, sort } = await readEncrypted(c, filterOrdersRequest, key)
      const customerId = search.customerId ? own(search.customerId, c.get('customerId')) : c.get('customerId')
      const phone = search.phone
      return sendEncrypted(c, await service.list({ customerId, phone, page, size, newestFirst: sort === 'orderTime,desc' }), key)
    })
    .get('/v2/customers/orders', async (c) => {
      const { customerId, locationId } = validate(locationOrdersQuery, c.req.query())
      own(customerId.toLowerCase(), c.get('customerId'))
      const list = { customerId: c.get('customerId'), locationId, page: 0, size: ORDER_PAGE_SIZE, newestFirst: true }
      return sendEncrypted(c, await service.list(list), key)
    })
}
