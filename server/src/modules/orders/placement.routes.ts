import { Hono } from 'hono'
import { z } from 'zod'
import { addTipRequest, cancelOrderRequest, orderIdRequest, orderLookupRequest, placeOrderRequest, receiptScope } from '@/shared/api/contracts/ordering'
import type { AppDeps } from '../../deps'
import { ApiError } from '../../lib/errors'
import { noStore } from '../../lib/http'
import { idempotent, type IdempotencyVariables } from '../../lib/idempotency'
import { readEncrypted, sendEncrypted, validate } from '../../lib/wire'
import { cardProviderFor } from '../../providers/payment/sandbox-payments'
import { optionalCustomer } from '../auth/tokens'
import { openMissingTickets } from '../../domain/table-order'
import { paymentRoutes } from './payments.routes'
import { addTip } from './add-tip'
import { cancelOrder } from './cancel-order'
import { orderReceipt, readOrder } from './order-detail'
import { placeOrder, previewCart } from './place'
import { ORDER_ID_REQUIRED } from './status'

/** Any JSON object: a payload read before its schema, so a missing orderId is named first. */
const anyPayload = z.record(z.string(), z.unknown(), 'must be a JSON object')

function requireOrderId(orderId: unknown): string {
  if (orderId === undefined || orderId === null || orderId === '') throw new ApiError(400, 'order_id_required', ORDER_ID_REQUIRED)
  return validate(orderIdRequest, { orderId }).orderId
}

/**
 * Placing, reading, tipping, cancelling and paying for an order: order calls, encrypted both ways (docs/api.md "Wire protocol"). A signed-in
 * customer sends a token; a guest sends none and gives guest details when placing.
 */
export function placementRoutes(deps: AppDeps) {
  const { db, env } = deps
  const key = env.PAYLOAD_KEY
  const caller = optionalCustomer(env.TOKEN_SECRET, db)
  const once = idempotent({ db, passphrase: key })
  const cards = cardProviderFor(env)

  return new Hono<{ Variables: IdempotencyVariables }>()
    .use('/order/customer/createOrder', noStore, caller, once)
    .use('/order/customer', noStore, caller)
    .use('/order/v2/getOrder', noStore, caller)
    .use('/order/v2/customer/add-tip', noStore, caller, once)
    .use('/order/customer/cancel', noStore, caller, once)
    .post('/order/customer/createOrder', async (c) => {
      const request = await readEncrypted(c, placeOrderRequest, key)
      const order = await placeOrder(c.get('tx'), { customerId: c.get('customerId'), guest: c.get('guest') }, request)
      // A dine-in order at a table goes to the kitchen unpaid: its first round gets its ticket now.
      if (order.tableId && order.orderTypeGroup === 'D') await openMissingTickets(c.get('tx'), order.orderId)
      return sendEncrypted(c, order, key, 201)
    })
    .post('/merchants/cartItems', async (c) => {
      const request = await readEncrypted(c, placeOrderRequest, key)
      return sendEncrypted(c, await previewCart(db, request), key)
    })
    .post('/order/customer', async (c) => {
      const { orderId, splitId, transactionId } = await readEncrypted(c, orderLookupRequest, key)
      const request = { orderId: requireOrderId(orderId), ...validate(receiptScope, { splitId, transactionId }) }
      return sendEncrypted(c, await orderReceipt(db, { customerId: c.get('customerId') }, request), key)
    })
    .get('/order/v2/getOrder', async (c) => {
      const orderId = requireOrderId(c.req.query('orderId'))
      return sendEncrypted(c, await readOrder(db, { customerId: c.get('customerId') }, orderId), key)
    })
    .put('/order/v2/customer/add-tip', async (c) => {
      const payload = await readEncrypted(c, anyPayload, key)
      // "Order ID is required" before any other problem, as every other order call says it.
      requireOrderId(payload.orderId)
      const request = validate(addTipRequest, payload)
      return sendEncrypted(c, await addTip(c.get('tx'), { customerId: c.get('customerId') }, request), key)
    })
    .post('/order/customer/cancel', async (c) => {
      const { orderId } = await readEncrypted(c, cancelOrderRequest, key)
      const tx = c.get('tx')
      return sendEncrypted(c, await cancelOrder(tx, { customerId: c.get('customerId') }, orderId, cards ? cards(tx) : null), key)
    })
    .route('/', paymentRoutes(deps))
}
