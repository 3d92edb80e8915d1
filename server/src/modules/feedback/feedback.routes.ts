import type { AppDeps } from '../../deps'
import { endpointRouter, reply } from '../../lib/endpoint'
import { readFeedback, submitFeedback } from './feedback.service'

/**
 * GET and POST /customer/feedback/v2 (docs/feedback.md), mounted from the endpoint map
 * (src/shared/api/contracts/feedback.ts): ciphertext both ways. A customer's order is rated with
 * their token; a guest's by whoever holds its id, as for receipts.
 */
export function feedbackRoutes(deps: AppDeps) {
  const { db } = deps
  return endpointRouter(deps)
    .mount('GET /customer/feedback/v2', async (c, { query }) => readFeedback(db, { customerId: c.get('customerId') }, query.orderId))
    .mount('POST /customer/feedback/v2', async (c, { body }) => reply(await submitFeedback(db, { customerId: c.get('customerId') }, body), 201)).router
}
