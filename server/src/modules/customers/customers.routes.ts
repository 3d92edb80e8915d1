import type { Context } from 'hono'
import type { AppDeps } from '../../deps'
import { clientAddress } from '../../lib/client-address'
import { endpointRouter } from '../../lib/endpoint'
import { ownCustomer } from '../../lib/http'
import { createRateLimiter, retryAfterHeader } from '../../lib/rate-limit'
import { createEmailProvider } from '../../providers/email'
import { createEmailChanges } from './email-change.service'
import { customerProfile, updateDetails, updateProfile, verifyEmail } from './customers.service'

/**
 * The signed-in customer's profile (docs/accounts.md "The profile, addresses and favourites"),
 * mounted from the endpoint map (src/shared/api/contracts/account.ts, profile part).
 */
export function customerRoutes(deps: AppDeps) {
  const { db, env } = deps
  const limiter = createRateLimiter(db)
  const emailChanges = createEmailChanges(db, { secret: env.TOKEN_SECRET, email: createEmailProvider(db, env), limiter })
  const profileDeps = { apiBase: env.PUBLIC_API_BASE, emailChanges }
  const client = (c: Context) => clientAddress(c, env.TRUST_PROXY)
  const endpoints = endpointRouter(deps)
  // An email change can be refused for sending too many codes: its 429 says when to come back.
  endpoints.router.use('/customer/profile/v2', retryAfterHeader).use('/v2/customers', retryAfterHeader)

  return endpoints
    .mount('POST /customer/profile/v2', async (c, { body }) => customerProfile(db, profileDeps, ownCustomer(body.id, c.get('customerId'))))
    .mount('PUT /customer/profile/v2', async (c, { body: { customerId, ...change } }) =>
      updateProfile(db, profileDeps, ownCustomer(customerId, c.get('customerId')), change, client(c)),
    )
    .mount('PUT /v2/customers', async (c, { body: { customerId, ...details } }) =>
      updateDetails(db, profileDeps, ownCustomer(customerId, c.get('customerId')), details, client(c)),
    )
    .mount('POST /customer/email/verify', async (c, { body }) => verifyEmail(db, profileDeps, c.get('customerId'), body.code)).router
}
