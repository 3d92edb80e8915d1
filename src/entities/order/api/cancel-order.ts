import { call, type OrderDetail } from '@/shared/api'

/**
 * POST /order/customer/cancel (encrypted): the unpaid order cancelled (nothing charged, a hold
 * released); a refusal rejects with ApiRefusal (409 order_not_cancellable: already cancelled, paid,
 * to be paid at the counter, being prepared).
 */
export const cancelOrder = (orderId: string, { idempotencyKey, signedIn }: { idempotencyKey: string; signedIn: boolean }): Promise<OrderDetail> =>
  call('POST /order/customer/cancel', { body: { orderId }, auth: signedIn, encrypted: true, headers: { 'Idempotency-Key': idempotencyKey } })
