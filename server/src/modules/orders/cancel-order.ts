import type { OrderDetail } from '@/shared/api/contracts/ordering'
import type { Transaction } from '../../db/executor'
import type { Caller } from '../../domain/caller'
import { isTableOrder } from '../../domain/table-order'
import { loadOwnedOrder } from '../../domain/owned-order'
import { ApiError, refuse } from '../../lib/errors'
import type { PaymentProvider } from '../../providers/payment/payment-provider'
import { releaseOrder, UNPAID_STATUSES } from './cancellation'
import { orderDetail } from './order-detail'
import { paymentStatesOf } from './payment-state'
import { CANCELLED_STATUSES } from './status'

/**
 * POST /order/customer/cancel: the diner cancels an order that is not paid yet (8, 'customer'),
 * which gives back what it held like an expired one. Refused once something is captured, once it
 * is to be paid at the restaurant, for a tab at a table (settled with the restaurant), and when
 * it is already cancelled.
 */
export async function cancelOrder(tx: Transaction, caller: Caller, orderId: string, provider: PaymentProvider | null, now = new Date()): Promise<OrderDetail> {
  const order = await loadOwnedOrder(tx, caller, orderId, { lock: true })
  const notCancellable = (message: string) => refuse(409, 'order_not_cancellable', message)
  if (CANCELLED_STATUSES.includes(order.status)) throw notCancellable('This order is already cancelled.')
  const states = await paymentStatesOf(tx, [order.id])
  if (states.some((state) => state.effectiveStatus === '19')) throw notCancellable('This order is paid, so it can no longer be cancelled here. Please contact the restaurant.')
  if (states.some((state) => state.live && state.status === '25')) {
    throw notCancellable('This order is to be paid at the restaurant. Please ask the restaurant to cancel it.')
  }
  if (await isTableOrder(tx, order)) throw notCancellable('A table order is settled with the restaurant. Please ask your server.')
  if (!UNPAID_STATUSES.includes(order.status)) throw notCancellable('This order is already being prepared, so it can no longer be cancelled here.')
  const release = await releaseOrder(tx, order, { status: '8', reason: 'customer', now, provider })
  if (!release.released) throw new ApiError(503, 'payment_gateway_unavailable', 'The card’s hold could not be released just now. Please try again.')
  return orderDetail(tx, (await loadOwnedOrder(tx, caller, orderId))!)
}
