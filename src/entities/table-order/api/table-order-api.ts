import { api, isErrorBody, thrownErrorBody, type ErrorBody } from '@/shared/api'
import type { AddRoundRequest, KitchenTicketsResponse, OrderDetail, SplitBill, SplitRequest } from '@/shared/api'

/** A refusal (the server's error body) of a table-order call, with the message for the diner. */
export class TableOrderRefused extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message)
    this.name = 'TableOrderRefused'
  }
}

async function encrypted<T>(method: 'post' | 'put', path: string, body: object, { signedIn, idempotencyKey }: { signedIn: boolean; idempotencyKey?: string }): Promise<T> {
  try {
    const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined
    const answer = await api[method]<T>(path, body, { encrypted: true, auth: signedIn, ...(headers ? { headers } : {}) })
    if (isErrorBody(answer)) throw new TableOrderRefused(answer)
    return answer
  } catch (error) {
    const refused = thrownErrorBody(error)
    if (refused) throw new TableOrderRefused(refused)
    throw error
  }
}

/** POST /kot/v2/getKOTItemsBySortOrder: the kitchen tickets of the order, one per round. */
export const fetchKitchenTickets = (orderId: string, signedIn: boolean) =>
  encrypted<KitchenTicketsResponse>('post', '/kot/v2/getKOTItemsBySortOrder', { orderId }, { signedIn })

/** PUT /order/update/customer: a new round onto the open table order. */
export const sendRound = (request: AddRoundRequest, idempotencyKey: string, signedIn: boolean) =>
  encrypted<OrderDetail>('put', '/order/update/customer', request, { signedIn, idempotencyKey })

/** POST /order/customer/split: the bill in shares (evenly or by dishes). */
export const sendSplit = (request: SplitRequest, idempotencyKey: string, signedIn: boolean) =>
  encrypted<SplitBill>('post', '/order/customer/split', request, { signedIn, idempotencyKey })

/** POST /order/customer/splits: the shares of the bill and which are paid. */
export const fetchShares = (orderId: string, signedIn: boolean) => encrypted<SplitBill>('post', '/order/customer/splits', { orderId }, { signedIn })
