import type { MiddlewareHandler } from 'hono'
import type { AppDeps } from '../../deps'
import { endpointRouter, reply } from '../../lib/endpoint'
import { createSmsProvider } from '../../providers/sms'
import { listSupportRequests, requestSupport, SupportRateLimited } from './support.service'

/** A rate-limited request says when to try again. */
const retryAfter: MiddlewareHandler = async (c, next) => {
  await next()
  if (c.error instanceof SupportRateLimited) c.header('Retry-After', String(c.error.retryAfterSeconds))
}

/**
 * POST /support/createSupportRequest (docs/feedback.md "Support requests") — plain JSON, as only
 * merchant, feedback and order calls are encrypted — with an optional token; GET /support/requests
 * lists a customer's own (our addition). Mounted from the endpoint map (src/shared/api/contracts/support.ts).
 */
export function supportRoutes(deps: AppDeps) {
  const { db, env } = deps
  const sms = createSmsProvider(db, env)

  return endpointRouter(deps)
    .mount(
      'POST /support/createSupportRequest',
      async (c, { body }) => reply(await requestSupport(db, sms, { customerId: c.get('customerId') }, body), 201),
      [retryAfter],
    )
    .mount('GET /support/requests', async (c) => listSupportRequests(db, c.get('customerId'))).router
}
