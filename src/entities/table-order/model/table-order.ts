import { persistentAtom } from '@nanostores/persistent'
import { ApiRefusal, type AddRoundRequest, type KitchenTicketsResponse, type OrderDetail, type SplitBill, type SplitRequest } from '@/shared/api'
import { TOAST_FLOW_MS } from '@/shared/config'
import { createRequestState } from '@/shared/lib/request'
import { decryptValue, encryptValue, STORAGE_KEYS } from '@/shared/lib/storage'
import { throttleAsync } from '@/shared/lib/throttle'
import { showToast } from '@/shared/ui'
import { fetchKitchenTickets, fetchShares, sendRound, sendSplit } from '../api/table-order-api'

/** Word for word as diners know it: an order call that fails without a message of the server (docs/dine-in.md). */
export const ROUND_FAILED = 'Please Retry'
export const SPLIT_FAILED = 'Something went wrong!'
/** Order calls are throttled by 3000 ms, so a double tap sends one round. */
export const ORDER_THROTTLE_MS = 3_000
/** How often the table order page asks the kitchen again while a ticket is still open: "KOT Ready" is worth seeing soon. */
export const TICKETS_REFRESH_MS = 2_000

/** The open order of the diner's table, so the next round goes onto it (docs/decisions.md "Dine-in"). */
export type OpenTab = { tableId: string; orderId: string }

export const $openTab = persistentAtom<OpenTab | null>(STORAGE_KEYS.tableOrder, null, {
  encode: encryptValue,
  decode: (stored) => decryptValue<OpenTab>(stored) ?? null,
})

export const rememberTab = (tab: OpenTab) => $openTab.set(tab)
/** The open order of this table, if the diner has one. */
export const openTabOf = (tableId: string) => {
  const tab = $openTab.get()
  return tab?.tableId === tableId ? tab.orderId : null
}
export const forgetTab = () => $openTab.set(null)

const failure = (fallback: string) => (error: unknown) => {
  console.error('A table order call failed:', error)
  const message = error instanceof ApiRefusal && error.message ? error.message : fallback
  showToast(message, { tone: 'error', durationMs: TOAST_FLOW_MS })
  return message
}

const tickets = createRequestState<KitchenTicketsResponse>()
/** The kitchen tickets (one per round) of the table order on screen. */
export const $kitchenTickets = tickets.$state

export function loadKitchenTickets(orderId: string, signedIn: boolean) {
  if (tickets.$state.get().data?.orderId !== orderId) tickets.reset()
  return tickets.run(
    () => fetchKitchenTickets(orderId, signedIn),
    (error) => {
      console.error('Loading the kitchen tickets failed:', error)
      return 'Please Try Again'
    },
  )
}

/** Loads the tickets now and every TICKETS_REFRESH_MS while one is not served yet; returns the stop. */
export function watchKitchenTickets(orderId: string, signedIn: boolean): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  const tick = async () => {
    const answer = await loadKitchenTickets(orderId, signedIn)
    const open = !answer || answer.tickets.some((ticket) => ticket.status !== '59')
    if (!stopped && open) timer = setTimeout(tick, TICKETS_REFRESH_MS)
  }
  void tick()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}

// One key per request until it is answered: a retry replays instead of adding the round twice.
const pendingKeys = new Map<string, string>()
async function once<T>(name: string, body: object, send: (key: string) => Promise<T>): Promise<T> {
  const fingerprint = `${name}:${JSON.stringify(body)}`
  const key = pendingKeys.get(fingerprint) ?? `${name}-${crypto.randomUUID()}`
  pendingKeys.set(fingerprint, key)
  try {
    const answer = await send(key)
    pendingKeys.delete(fingerprint)
    return answer
  } catch (error) {
    if (error instanceof ApiRefusal) pendingKeys.delete(fingerprint)
    throw error
  }
}

const round = createRequestState<OrderDetail>()
/** Sending a round to the kitchen: loading, then the updated order or the message. */
export const $round = round.$state

async function addRoundNow(orderId: string, items: AddRoundRequest['items'], comment: string, signedIn: boolean) {
  const body = { orderId, items, ...(comment.trim() ? { comment: comment.trim() } : {}) }
  return round.run(() => once('round', body, (key) => sendRound(body, key, signedIn)), failure(ROUND_FAILED))
}
/** PUT /order/update/customer: the cart as the next round of the open table order. */
export const addRound = throttleAsync(addRoundNow, ORDER_THROTTLE_MS)
export const resetRound = () => round.reset()

const bill = createRequestState<SplitBill>()
/** The shares of the bill on screen. */
export const $splitBill = bill.$state

export function loadShares(orderId: string, signedIn: boolean) {
  if (bill.$state.get().data?.orderId !== orderId) bill.reset()
  return bill.run(() => fetchShares(orderId, signedIn), failure('Please Try Again'))
}

async function splitNow(request: SplitRequest, signedIn: boolean) {
  return bill.run(() => once('split', request, (key) => sendSplit(request, key, signedIn)), failure(SPLIT_FAILED))
}
/** POST /order/customer/split: evenly or by dishes; the shares replace the unpaid ones. */
export const splitBill = throttleAsync(splitNow, ORDER_THROTTLE_MS)
