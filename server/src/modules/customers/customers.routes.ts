import { Hono } from 'hono'
import {
  detailsUpdateRequest,
  profileFetchRequest,
  profileUpdateRequest,
} from '../../../../src/shared/api/contracts/account'
import type { AppDeps } from '../../app'
import { notFound } from '../../lib/errors'
import { readJson } from '../../lib/wire'
import { requireCustomer, type CustomerVariables } from '../auth/tokens'
import { createCustomerService } from './customers.service'

/** DESIGN §5: another customer's profile answers 404, as if it did not exist. */
function ownProfile(requested: string | undefined, signedIn: string): string {
  if (requested !== undefined && requested !== signedIn) throw notFound('The customer')
  return signedIn
}

/** The signed-in customer's profile (SPEC §7 Authentication and profile): plain JSON, no-store. */
export function customerRoutes({ db, env }: AppDeps) {
  const service = createCustomerService(db, env.PUBLIC_API_BASE)
  const signedIn = requireCustomer(env.TOKEN_SECRET)
  const noStore = async (c: { header: (name: string, value: string) => void }, next: () => Promise<void>) => {
    await next()
    c.header('Cache-Control', 'no-store')
  }

  return new Hono<{ Variables: CustomerVariables }>()
    .use('/customer/profile/v2', signedIn, noStore)
    .use('/v2/customers', signedIn, noStore)
    .post('/customer/profile/v2', async (c) => {
      const { id } = await readJson(c, profileFetchRequest)
      return c.json(await service.profile(ownProfile(id, c.get('customerId'))))
    })
    .put('/customer/profile/v2', async (c) => {
      const { customerId, ...change } = await readJson(c, profileUpdateRequest)
      return c.json(await service.update(ownProfile(customerId, c.get('customerId')), change))
    })
    .put('/v2/customers', async (c) => {
      const { customerId, ...details } = await readJson(c, detailsUpdateRequest)
      return c.json(await service.updateDetails(ownProfile(customerId, c.get('customerId')), details))
    })
}
