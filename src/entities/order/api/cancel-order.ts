import { api, isErrorBody, type ErrorBody, type OrderDetail } from '@/shared/api'

/** The server refused to cancel (409 order_not_cancellable: already cancelled, paid, to be paid at the counter, being prepared). */
export class CancelRefused extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message)
    this.name = 'CancelRefused'
  }
}

/** POST /order/customer/cancel (encrypted): the unpaid order cancelled (nothing charged, a hold released), or CancelRefused. */
export async function cancelOrder(orderId: string, { idempotencyKey, signedIn }: { idempotencyKey: string; signedIn: boolean }): Promise<OrderDetail> {
  const answer = await api.post<OrderDetail>('/order/customer/cancel', { orderId }, { encrypted: true, auth: signedIn, headers: { 'Idempotency-Key': idempotencyKey } })
  if (isErrorBody(answer)) throw new CancelRefused(answer)
  if (!answer || typeof answer !== 'object' || typeof answer.status !== 'string') throw new Error('/order/customer/cancel answered without a status')
  return answer
}
