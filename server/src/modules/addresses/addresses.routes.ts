import { Hono } from 'hono'
import {
  addressCreateRequest,
  addressesQuery,
  addressIdParam,
  addressUpdateRequest,
} from '@/shared/api/contracts/account'
import type { AppDeps } from '../../deps'
import { notFound } from '../../lib/errors'
import { readJson, validate } from '../../lib/wire'
import { requireCustomer, type CustomerVariables } from '../auth/tokens'
import { createAddressService } from './addresses.service'

/** DESIGN §5: a customerId other than the token's answers 404, as if it did not exist. */
function ownCustomer(requested: string | undefined, signedIn: string): string {
  if (requested !== undefined && requested !== signedIn) throw notFound('The customer')
  return signedIn
}

/** Delivery addresses of the signed-in customer (SPEC §7 Addresses): plain JSON, no-store. */
export function addressRoutes({ db, env }: AppDeps) {
  const service = createAddressService(db)

  return new Hono<{ Variables: CustomerVariables }>()
    .use('/addresses/*', requireCustomer(env.TOKEN_SECRET, db), async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
    })
    .get('/addresses', async (c) => {
      const { customerId } = validate(addressesQuery, c.req.query())
      return c.json(await service.list(ownCustomer(customerId, c.get('customerId'))))
    })
    .post('/addresses', async (c) => {
      const { customerId, ...address } = await readJson(c, addressCreateRequest)
      return c.json(await service.add(ownCustomer(customerId, c.get('customerId')), address), 201)
    })
    .put('/addresses/:id', async (c) => {
      const { id } = validate(addressIdParam, c.req.param())
      const { customerId, ...change } = await readJson(c, addressUpdateRequest)
      return c.json(await service.edit(ownCustomer(customerId, c.get('customerId')), id, change))
    })
    .delete('/addresses/:id', async (c) => {
      const { id } = validate(addressIdParam, c.req.param())
      return c.json(await service.remove(c.get('customerId'), id))
    })
}
