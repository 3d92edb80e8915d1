import { Hono } from 'hono'
import { feedbackQuery, submitFeedbackRequest } from '@/shared/api/contracts/feedback'
import type { AppDeps } from '../../deps'
import { noStore } from '../../lib/http'
import { readEncrypted, sendEncrypted, validate } from '../../lib/wire'
import { optionalCustomer, type CustomerVariables } from '../auth/tokens'
import { readFeedback, submitFeedback } from './feedback.service'

/**
 * GET and POST /customer/feedback/v2 (docs/feedback.md): ciphertext both ways (docs/api.md "Wire protocol"). A customer's
 * order is rated with their token; a guest's by whoever holds its id, as for receipts.
 */
export function feedbackRoutes({ db, env }: AppDeps) {
  const key = env.PAYLOAD_KEY
  const caller = optionalCustomer(env.TOKEN_SECRET, db)

  return new Hono<{ Variables: Partial<CustomerVariables> }>()
    .use('/customer/feedback/v2', noStore, caller)
    .get('/customer/feedback/v2', async (c) => {
      const { orderId } = validate(feedbackQuery, c.req.query())
      return sendEncrypted(c, await readFeedback(db, { customerId: c.get('customerId') }, orderId), key)
    })
    .post('/customer/feedback/v2', async (c) => {
      const request = await readEncrypted(c, submitFeedbackRequest, key)
      return sendEncrypted(c, await submitFeedback(db, { customerId: c.get('customerId') }, request), key, 201)
    })
}
