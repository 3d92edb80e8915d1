import { addTipRequest, orderIdRequest, receiptScope } from '@/shared/api/contracts/ordering'
import type { AppDeps } from '../../deps'
import { endpointRouter } from '../../lib/endpoint'
import { ApiError } from '../../lib/errors'
import { idempotent } from '../../lib/idempotency'
import { validate } from '../../lib/wire'
import { cardProviderFor } from '../../providers/payment/sandbox-payments'
import { openMissingTickets } from '../../domain/table-order'
import { paymentRoutes } from './payments.routes'
import { addTip } from './add-tip'
import { cancelOrder } from './cancel-order'
import { orderReceipt, readOrder } from './order-detail'
import { placeOrder, previewCart } from './place'
import { ORDER_ID_REQUIRED } from './status'

function requireOrderId(orderId: unknown): string {
  if (orderId === undefined || orderId === null || orderId === '') throw new ApiError(400, 'order_id_required', ORDER_ID_REQUIRED)
  return validate(orderIdRequest, { orderId }).orderId
}

/**
 * Placing, reading, tipping, cancelling and paying for an order, mounted from the endpoint map
 * (src/shared/api/contracts/ordering.ts): order calls, encrypted both ways (docs/api.md "Wire
 * protocol"). A signed-in customer sends a token; a guest sends none and gives guest details when
 * placing. The calls that change an order run in the transaction of `idempotent`, mounted with
 * them after the caller is known (docs/operations.md "Idempotency-Key").
 */
export function placementRoutes(deps: AppDeps) {
  const { db, env } = deps
  const now = deps.now ?? (() => new Date())
  const once = idempotent({ db, passphrase: env.PAYLOAD_KEY })
  const cards = cardProviderFor(env)

  const router = endpointRouter(deps)
    .mount(
      'POST /order/customer/createOrder',
      async (c, { body }) => {
        const tx = c.get('tx')
        const order = await placeOrder(tx, { customerId: c.get('customerId'), guest: c.get('guest') }, body, now())
        // A dine-in order at a table goes to the kitchen unpaid: its first round gets its ticket now.
        if (order.tableId && order.orderTypeGroup === 'D') await openMissingTickets(tx, order.orderId)
        return order
      },
      [once],
    )
    .mount('POST /merchants/cartItems', async (_c, { body }) => previewCart(db, body, now()))
    .mount('POST /order/customer', async (c, { body: { orderId, splitId, transactionId } }) => {
      const request = { orderId: requireOrderId(orderId), ...validate(receiptScope, { splitId, transactionId }) }
      return orderReceipt(db, { customerId: c.get('customerId') }, request)
    })
    .mount('GET /order/v2/getOrder', async (c, { query }) => readOrder(db, { customerId: c.get('customerId') }, requireOrderId(query.orderId)))
    .mount(
      'PUT /order/v2/customer/add-tip',
      async (c, { body }) => {
        // "Order ID is required" before any other problem, as every other order call says it.
        requireOrderId(body.orderId)
        return addTip(c.get('tx'), { customerId: c.get('customerId') }, validate(addTipRequest, body))
      },
      [once],
    )
    .mount(
      'POST /order/customer/cancel',
      async (c, { body: { orderId } }) => {
        const tx = c.get('tx')
        return cancelOrder(tx, { customerId: c.get('customerId') }, orderId, cards ? cards(tx) : null)
      },
      [once],
    ).router

  return router.route('/', paymentRoutes(deps))
}
