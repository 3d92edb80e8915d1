import { Hono, type MiddlewareHandler } from 'hono'
import { createSupportRequest } from '@/shared/api/contracts/support'
import type { AppDeps } from '../../deps'
import { noStore } from '../../lib/http'
import { readJson } from '../../lib/wire'
import { createSmsProvider } from '../../providers/sms'
import { optionalCustomer, requireCustomer, type CustomerVariables } from '../auth/tokens'
import { requestSupport, listSupportRequests, SupportRateLimited } from './support.service'

/** A rate-limited request says when to try again. */
const retryAfter: MiddlewareHandler = async (c, next) => {
  await next()
  if (c.error instanceof SupportRateLimited) c.header('Retry-After', String(c.error.retryAfterSeconds))
}

/**
 * POST /support/createSupportRequest (docs/feedback.md "Support requests") — plain JSON, as only
 * merchant, feedback and order calls are encrypted — with an optional token; GET /support/requests
 * lists a customer's own (our addition).
 */
export function supportRoutes({ db, env }: AppDeps) {
  const sms = createSmsProvider(db, env)

  return new Hono<{ Variables: Partial<CustomerVariables> }>()
    .use('/support/*', noStore, retryAfter)
    .use('/support/createSupportRequest', optionalCustomer(env.TOKEN_SECRET, db))
    .use('/support/requests', requireCustomer(env.TOKEN_SECRET, db))
    .post('/support/createSupportRequest', async (c) => {
      const request = await readJson(c, createSupportRequest)
      return c.json(await requestSupport(db, sms, { customerId: c.get('customerId') }, request), 201)
    })
    .get('/support/requests', async (c) => c.json(await listSupportRequests(db, c.get('customerId')!)))
}
