import { api, isErrorBody, type ErrorBody } from '@/shared/api'

/** The cancel of an unpaid order is the order's own call, shared with the menu's "Edit order". */
export { cancelOrder } from '@/entities/order'

type AuthorizeRequest = { orderId: string; cardToken?: string; savedCardId?: string; splitId?: string }

/** Every payment call's answer (docs/api.md); a decline is a 200 with paymentStatus "20" and the reason in `message`. */
export type PaymentResult = {
  orderId: string
  paymentId: string
  kind: string
  paymentStatus: string
  amount: number
  currency: string
  message: string | null
  orderStatus: string
}

/** A refusal (the error body) of the server or the card provider. */
export class PaymentRefused extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message)
    this.name = 'PaymentRefused'
  }
}

function unwrap<T>(answer: T | ErrorBody): T {
  if (isErrorBody(answer)) throw new PaymentRefused(answer)
  return answer
}

type Call = { idempotencyKey: string; signedIn: boolean }

async function paymentCall(path: string, body: object, { idempotencyKey, signedIn }: Call): Promise<PaymentResult> {
  const answer = unwrap(await api.post<PaymentResult>(path, body, { encrypted: true, auth: signedIn, headers: { 'Idempotency-Key': idempotencyKey } }))
  if (!answer || typeof answer !== 'object' || typeof answer.paymentStatus !== 'string') throw new Error(`${path} answered without a paymentStatus`)
  return answer
}

export const authorizePayment = (request: AuthorizeRequest, call: Call) => paymentCall('/payment/v2/authorize', request, call)
/** `splitId` pays one share of a split bill (docs/api.md "Dine-in"). */
const target = (orderId: string, splitId?: string) => (splitId ? { orderId, splitId } : { orderId })
export const collectPayment = (orderId: string, call: Call, splitId?: string) => paymentCall('/payment/collect-payment', target(orderId, splitId), call)
export const initiateOfflinePayment = (orderId: string, call: Call, splitId?: string) =>
  paymentCall('/payment/customer-initiate-offline-payment', target(orderId, splitId), call)
