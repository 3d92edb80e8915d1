import { api, ApiRefusal, call, thrownErrorBody, unwrap } from '@/shared/api'
import type { AddRoundRequest, OrderDetail, SplitBill, SplitRequest } from '@/shared/api'

/** A refusal the client threw (a 404 and other statuses it does not pass through) is an ApiRefusal too, as before the map. */
async function refusing<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    const refused = thrownErrorBody(error)
    if (refused) throw new ApiRefusal(refused)
    throw error
  }
}

/** The calls not yet in the endpoint map (Idempotency-Key routes and the shares). */
const encrypted = <T>(method: 'post' | 'put', path: string, body: object, { signedIn, idempotencyKey }: { signedIn: boolean; idempotencyKey?: string }): Promise<T> =>
  refusing(async () => {
    const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined
    return unwrap(await api[method]<T>(path, body, { encrypted: true, auth: signedIn, ...(headers ? { headers } : {}) }))
  })

/** POST /kot/v2/getKOTItemsBySortOrder: the kitchen tickets of the order, one per round. */
export const fetchKitchenTickets = (orderId: string, signedIn: boolean) =>
  refusing(() => call('POST /kot/v2/getKOTItemsBySortOrder', { body: { orderId }, auth: signedIn, encrypted: true }))

/** PUT /order/update/customer: a new round onto the open table order. */
export const sendRound = (request: AddRoundRequest, idempotencyKey: string, signedIn: boolean) =>
  encrypted<OrderDetail>('put', '/order/update/customer', request, { signedIn, idempotencyKey })

/** POST /order/customer/split: the bill in shares (evenly or by dishes). */
export const sendSplit = (request: SplitRequest, idempotencyKey: string, signedIn: boolean) =>
  encrypted<SplitBill>('post', '/order/customer/split', request, { signedIn, idempotencyKey })

/** POST /order/customer/splits: the shares of the bill and which are paid. */
export const fetchShares = (orderId: string, signedIn: boolean) => encrypted<SplitBill>('post', '/order/customer/splits', { orderId }, { signedIn })
