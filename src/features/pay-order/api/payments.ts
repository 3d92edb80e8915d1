import { call, type AuthorizeRequest, type PaymentResult } from '@/shared/api'

/** The cancel of an unpaid order is the order's own call, shared with the menu's "Edit order". */
export { cancelOrder } from '@/entities/order'

/** Every payment call's answer (docs/api.md); a decline is a 200 with paymentStatus "20" and the reason in `message`. */
export type { PaymentResult }

/** How a payment call is sent: its Idempotency-Key, and the session's credential when signed in. A refusal rejects with ApiRefusal. */
type Call = { idempotencyKey: string; signedIn: boolean }

const sent = ({ idempotencyKey, signedIn }: Call) => ({ auth: signedIn, encrypted: true, headers: { 'Idempotency-Key': idempotencyKey } }) as const

export const authorizePayment = (request: AuthorizeRequest, how: Call) => call('POST /payment/v2/authorize', { body: request, ...sent(how) })
/** `splitId` pays one share of a split bill (docs/api.md "Dine-in"). */
const target = (orderId: string, splitId?: string) => (splitId ? { orderId, splitId } : { orderId })
export const collectPayment = (orderId: string, how: Call, splitId?: string) => call('POST /payment/collect-payment', { body: target(orderId, splitId), ...sent(how) })
export const initiateOfflinePayment = (orderId: string, how: Call, splitId?: string) =>
  call('POST /payment/customer-initiate-offline-payment', { body: target(orderId, splitId), ...sent(how) })
