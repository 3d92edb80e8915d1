import { call, type PlaceOrderRequest } from '@/shared/api'

export type { PlaceOrderRequest }

/**
 * The part of the server's OrderDetail that checkout reads; amounts in minor units of `currency`;
 * `payBy` when an unpaid order expires; `payments` its attempts, to find a card authorized but not
 * collected when checkout resumes it.
 */
export type OrderDetail = {
  orderId: string
  status: string
  statusLabel: string
  paymentStatus: string | null
  currency: string
  total: number
  payBy?: string | null
  payments?: { kind: string; status: string; voidedAt: string | null }[]
  /** Where the order page is: /{merchantType}/{locationSlug}/order/{orderId}. */
  merchantType?: string
  locationSlug?: string
}

/**
 * POST /order/customer/createOrder (encrypted); the key makes a retry of the same cart replay the first answer.
 * `withSession` sends the session's credential: a signed-in diner's access token, or the guest token that
 * proves a verified guest's number (docs/accounts.md "Guests"). A refusal rejects with ApiRefusal.
 */
export const createOrder = (request: PlaceOrderRequest, idempotencyKey: string, withSession: boolean): Promise<OrderDetail> =>
  call('POST /order/customer/createOrder', { body: request, auth: withSession, encrypted: true, headers: { 'Idempotency-Key': idempotencyKey } })
