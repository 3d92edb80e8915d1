import { api, isErrorBody, thrownErrorBody, type OrderReceipt } from '@/shared/api'

/** Which receipt: the order, and optionally one share of its bill or one of its payments. */
export type ReceiptScope = { orderId: string; splitId?: string; transactionId?: string }

/** The server does not know the order, or it is not the caller's (404): nothing to retry. */
export class OrderNotFound extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OrderNotFound'
  }
}

/** POST /order/customer, encrypted both ways (docs/api.md, "Wire protocol"); a guest's order is read without a token. */
export async function fetchReceipt(scope: ReceiptScope, signedIn: boolean): Promise<OrderReceipt> {
  try {
    const answer = await api.post<OrderReceipt>('/order/customer', scope, { encrypted: true, auth: signedIn })
    if (isErrorBody(answer)) throw new Error(`The order was refused: ${answer.status} ${answer.code} ${answer.message}`)
    return answer
  } catch (error) {
    const body = thrownErrorBody(error)
    if (body?.status === 404) throw new OrderNotFound(body.message)
    throw error
  }
}
