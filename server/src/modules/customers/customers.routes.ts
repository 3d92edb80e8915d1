import { Hono, type Context } from 'hono'
import {
  detailsUpdateRequest,
  emailVerifyRequest,
  profileFetchRequest,
  profileUpdateRequest,
} from '@/shared/api/contracts/account'
import type { AppDeps } from '../../deps'
import { clientAddress } from '../../lib/client-address'
import { noStore, ownCustomer } from '../../lib/http'
import { createRateLimiter, retryAfterHeader } from '../../lib/rate-limit'
import { readJson } from '../../lib/wire'
import { createEmailProvider } from '../../providers/email'
import { requireCustomer, type CustomerVariables } from '../auth/tokens'
import { createEmailChanges } from './email-change.service'
import { createCustomerService } from './customers.service'

/** The signed-in customer's profile (docs/api.md "Profile"): plain JSON, no-store. */
export function customerRoutes({ db, env }: AppDeps) {
  const limiter = createRateLimiter(db)
  const emailChanges = createEmailChanges(db, { secret: env.TOKEN_SECRET, email: createEmailProvider(db, env), limiter })
  const service = createCustomerService(db, env.PUBLIC_API_BASE, emailChanges)
  const signedIn = requireCustomer(env.TOKEN_SECRET, db)
  const client = (c: Context) => clientAddress(c, env.TRUST_PROXY)

  return new Hono<{ Variables: CustomerVariables }>()
    .use('/customer/profile/v2', signedIn, noStore, retryAfterHeader)
    .use('/v2/customers', signedIn, noStore, retryAfterHeader)
    .use('/customer/email/verify', signedIn, noStore)
    .post('/customer/profile/v2', async (c) => {
      const { id } = await readJson(c, profileFetchRequest)
      return c.json(await service.profile(ownCustomer(id, c.get('customerId'))))
    })
    .put('/customer/profile/v2', async (c) => {
      const { customerId, ...change } = await readJson(c, profileUpdateRequest)
      return c.json(await service.update(ownCustomer(customerId, c.get('customerId')), change, client(c)))
    })
    .put('/v2/customers', async (c) => {
      const { customerId, ...details } = await readJson(c, detailsUpdateRequest)
      return c.json(await service.updateDetails(ownCustomer(customerId, c.get('customerId')), details, client(c)))
    })
    .post('/customer/email/verify', async (c) => {
      const { code } = await readJson(c, emailVerifyRequest)
      return c.json(await service.verifyEmail(c.get('customerId'), code))
    })
}
