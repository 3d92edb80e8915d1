import { ApiRefusal, call, type OrderReceipt } from '@/shared/api'

/** Which receipt: the order, and optionally one share of its bill or one of its payments. */
export type ReceiptScope = { orderId: string; splitId?: string; transactionId?: string }

/** The server does not know the order, or it is not the caller's (404): nothing to retry. */
export class OrderNotFound extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OrderNotFound'
  }
}

/** POST /order/customer, encrypted both ways (docs/api.md, "Wire protocol"); a guest's order is read without a token; a refusal rejects with ApiRefusal. */
export async function fetchReceipt(scope: ReceiptScope, signedIn: boolean): Promise<OrderReceipt> {
  try {
    return await call('POST /order/customer', { body: scope, auth: signedIn, encrypted: true })
  } catch (error) {
    if (error instanceof ApiRefusal && error.status === 404) throw new OrderNotFound(error.message)
    throw error
  }
}
