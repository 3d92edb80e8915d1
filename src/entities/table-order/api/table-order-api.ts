import { call } from '@/shared/api'
import type { AddRoundRequest, SplitRequest } from '@/shared/api'

const idempotent = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey })

/** POST /kot/v2/getKOTItemsBySortOrder: the kitchen tickets of the order, one per round. */
export const fetchKitchenTickets = (orderId: string, signedIn: boolean) =>
  call('POST /kot/v2/getKOTItemsBySortOrder', { body: { orderId }, auth: signedIn, encrypted: true })

/** PUT /order/update/customer: a new round onto the open table order. */
export const sendRound = (request: AddRoundRequest, idempotencyKey: string, signedIn: boolean) =>
  call('PUT /order/update/customer', { body: request, auth: signedIn, encrypted: true, headers: idempotent(idempotencyKey) })

/** POST /order/customer/split: the bill in shares (evenly or by dishes). */
export const sendSplit = (request: SplitRequest, idempotencyKey: string, signedIn: boolean) =>
  call('POST /order/customer/split', { body: request, auth: signedIn, encrypted: true, headers: idempotent(idempotencyKey) })

/** POST /order/customer/splits: the shares of the bill and which are paid. */
export const fetchShares = (orderId: string, signedIn: boolean) => call('POST /order/customer/splits', { body: { orderId }, auth: signedIn, encrypted: true })
