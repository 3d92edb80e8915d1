import { api, isErrorBody, type TotalsRequest } from '@/shared/api'

/** The createOrder body (docs/api.md "Placing and paying"): the totals request plus who, when and where. */
export type PlaceOrderRequest = TotalsRequest & {
  guest?: { fullName: string; phone: string; email?: string }
  orderInstruction?: string
  deliveryInstruction?: string
  deliveryAddress?: { addressLine1: string; addressLine2?: string; addressLine3?: string }
  isScheduleOrder?: boolean
  selectedDate?: string
  selectedTimeSlot?: string
  tableId?: string
}

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

/** A refusal of the placement, with the server's message for the diner. */
export class PlacementRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message)
    this.name = 'PlacementRefused'
  }
}

/**
 * POST /order/customer/createOrder (encrypted); the key makes a retry of the same cart replay the first answer.
 * `withSession` sends the session's credential: a signed-in diner's access token, or the guest token that
 * proves a verified guest's number (docs/accounts.md "Guests").
 */
export async function createOrder(request: PlaceOrderRequest, idempotencyKey: string, withSession: boolean): Promise<OrderDetail> {
  const answer = await api.post<OrderDetail>('/order/customer/createOrder', request, {
    encrypted: true,
    auth: withSession,
    headers: { 'Idempotency-Key': idempotencyKey },
  })
  if (isErrorBody(answer)) throw new PlacementRefused(answer.message, answer.status, answer.code)
  if (!answer || typeof answer !== 'object' || typeof answer.orderId !== 'string') throw new Error('The order answer has no orderId')
  return answer
}
