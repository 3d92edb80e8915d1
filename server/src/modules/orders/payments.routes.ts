import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { authorizeRequest, initiatePaymentRequest, paymentTargetRequest } from '@/shared/api/contracts/ordering'
import type { AppDeps } from '../../deps'
import { ApiError } from '../../lib/errors'
import { noStore } from '../../lib/http'
import { idempotent, type IdempotencyVariables } from '../../lib/idempotency'
import { readEncrypted, sendEncrypted, validate } from '../../lib/wire'
import { cardProviderFor } from '../../providers/payment/sandbox-payments'
import { optionalCustomer } from '../auth/tokens'
import { createPaymentService, METHOD_UNAVAILABLE_MESSAGE } from './payments.service'
import { ORDER_ID_REQUIRED } from './status'

const anyPayload = z.record(z.string(), z.unknown(), 'must be a JSON object')

/**
 * Payment calls (docs/payments.md "Payments"): encrypted both ways like order calls, idempotent, for the
 * order's owner (or, for a guest's order, whoever holds its id). Card payments go through the
 * sandbox processor when SANDBOX is on; PAYMENT_LINKS, BHARAT_QR and POS are modelled, not offered.
 */
export function paymentRoutes({ db, env }: AppDeps) {
  const service = createPaymentService(cardProviderFor(env))
  const key = env.PAYLOAD_KEY

  /** The decrypted payload, with "Order ID is required" before any other problem (docs/payments.md "Payments"). */
  async function readPayment<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
    const payload = await readEncrypted(c, anyPayload, key)
    if (payload.orderId === undefined || payload.orderId === null || payload.orderId === '') {
      throw new ApiError(400, 'order_id_required', ORDER_ID_REQUIRED)
    }
    return validate(schema, payload)
  }

  const caller = (c: Context<{ Variables: IdempotencyVariables }>) => ({ customerId: c.get('customerId') })

  async function authorize(c: Context<{ Variables: IdempotencyVariables }>) {
    const request = await readPayment(c, authorizeRequest)
    return sendEncrypted(c, await service.authorize(c.get('tx'), caller(c), request), key)
  }

  async function initiate(c: Context<{ Variables: IdempotencyVariables }>) {
    const request = await readPayment(c, initiatePaymentRequest)
    if (request.kind === 'PAY_AT_LOCATION' || request.kind === 'POS') {
      return sendEncrypted(c, await service.payAtLocation(c.get('tx'), caller(c), request.orderId, request.kind, request.splitId), key)
    }
    if (request.kind !== 'CNP') throw new ApiError(422, 'payment_method_unavailable', METHOD_UNAVAILABLE_MESSAGE)
    const { kind: _kind, ...card } = request
    return sendEncrypted(c, await service.authorize(c.get('tx'), caller(c), validate(authorizeRequest, card)), key)
  }

  return new Hono<{ Variables: IdempotencyVariables }>()
    .use(
      '/payment/*',
      noStore,
      optionalCustomer(env.TOKEN_SECRET, db),
      idempotent({ db, passphrase: key }),
    )
    .post('/payment/v2/authorize', authorize)
    .post('/payment/authorize-payment', authorize)
    .post('/payment/initiatePayment', initiate)
    .post('/payment/start-transaction', initiate)
    .post('/payment/collect-payment', async (c) => {
      const { orderId, splitId } = await readPayment(c, paymentTargetRequest)
      return sendEncrypted(c, await service.collect(c.get('tx'), caller(c), orderId, splitId), key)
    })
    .post('/payment/transfer-order', async (c) => {
      const { orderId, splitId } = await readPayment(c, paymentTargetRequest)
      return sendEncrypted(c, await service.payAtLocation(c.get('tx'), caller(c), orderId, 'POS', splitId), key)
    })
    .post('/payment/customer-initiate-offline-payment', async (c) => {
      const { orderId, splitId } = await readPayment(c, paymentTargetRequest)
      return sendEncrypted(c, await service.payAtLocation(c.get('tx'), caller(c), orderId, 'PAY_AT_LOCATION', splitId), key)
    })
}
