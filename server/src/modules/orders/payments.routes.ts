import { authorizeRequest, initiatePaymentRequest, paymentTargetRequest } from '@/shared/api/contracts/ordering'
import type { z } from 'zod'
import type { AppDeps } from '../../deps'
import { endpointRouter } from '../../lib/endpoint'
import { ApiError } from '../../lib/errors'
import { idempotent, type IdempotencyVariables } from '../../lib/idempotency'
import { validate } from '../../lib/wire'
import { cardProviderFor } from '../../providers/payment/sandbox-payments'
import { authorizePayment } from './authorize-payment'
import { collectPayment } from './collect-payment'
import { payAtLocation } from './pay-at-location'
import { METHOD_UNAVAILABLE_MESSAGE } from './payment-target'
import { ORDER_ID_REQUIRED } from './status'

/** The payload checked against its schema, with "Order ID is required" before any other problem (docs/payments.md "Payments"). */
function readPayment<S extends z.ZodType>(payload: Record<string, unknown>, schema: S): z.output<S> {
  if (payload.orderId === undefined || payload.orderId === null || payload.orderId === '') {
    throw new ApiError(400, 'order_id_required', ORDER_ID_REQUIRED)
  }
  return validate(schema, payload)
}

/**
 * Payment calls (docs/payments.md "Payments"), mounted from the endpoint map
 * (src/shared/api/contracts/ordering.ts): encrypted both ways like order calls, idempotent (its
 * middleware mounted with each route, after the caller is known), for the order's owner (or, for
 * a guest's order, whoever holds its id). Card payments go through the sandbox processor when
 * SANDBOX is on; PAYMENT_LINKS, BHARAT_QR and POS are modelled, not offered.
 */
export function paymentRoutes(deps: AppDeps) {
  const { db, env } = deps
  const cards = cardProviderFor(env)
  const once = [idempotent({ db, passphrase: env.PAYLOAD_KEY })]

  type Transaction = IdempotencyVariables['tx']

  async function authorize(tx: Transaction, customerId: string | undefined, body: Record<string, unknown>) {
    return authorizePayment(tx, cards, { customerId }, readPayment(body, authorizeRequest))
  }

  async function initiate(tx: Transaction, customerId: string | undefined, body: Record<string, unknown>) {
    const request = readPayment(body, initiatePaymentRequest)
    if (request.kind === 'PAY_AT_LOCATION' || request.kind === 'POS') {
      return payAtLocation(tx, { customerId }, request.orderId, request.kind, request.splitId)
    }
    if (request.kind !== 'CNP') throw new ApiError(422, 'payment_method_unavailable', METHOD_UNAVAILABLE_MESSAGE)
    const { kind: _kind, ...card } = request
    return authorizePayment(tx, cards, { customerId }, validate(authorizeRequest, card))
  }

  return endpointRouter(deps)
    .mount('POST /payment/v2/authorize', async (c, { body }) => authorize(c.get('tx'), c.get('customerId'), body), once)
    .mount('POST /payment/authorize-payment', async (c, { body }) => authorize(c.get('tx'), c.get('customerId'), body), once)
    .mount('POST /payment/initiatePayment', async (c, { body }) => initiate(c.get('tx'), c.get('customerId'), body), once)
    .mount('POST /payment/start-transaction', async (c, { body }) => initiate(c.get('tx'), c.get('customerId'), body), once)
    .mount(
      'POST /payment/collect-payment',
      async (c, { body }) => {
        const { orderId, splitId } = readPayment(body, paymentTargetRequest)
        return collectPayment(c.get('tx'), cards, { customerId: c.get('customerId') }, orderId, splitId)
      },
      once,
    )
    .mount(
      'POST /payment/transfer-order',
      async (c, { body }) => {
        const { orderId, splitId } = readPayment(body, paymentTargetRequest)
        return payAtLocation(c.get('tx'), { customerId: c.get('customerId') }, orderId, 'POS', splitId)
      },
      once,
    )
    .mount(
      'POST /payment/customer-initiate-offline-payment',
      async (c, { body }) => {
        const { orderId, splitId } = readPayment(body, paymentTargetRequest)
        return payAtLocation(c.get('tx'), { customerId: c.get('customerId') }, orderId, 'PAY_AT_LOCATION', splitId)
      },
      once,
    ).router
}
