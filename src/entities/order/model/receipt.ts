import { isFinishedStatus, type OrderReceipt } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { fetchReceipt, OrderNotFound, type ReceiptScope } from '../api/order-api'

/** How often an open order screen asks for the order again while the kitchen works on it. */
export const ORDER_REFRESH_MS = 10_000

/** The message when the order is not the diner's or does not exist: the server does not say which. */
export const ORDER_NOT_FOUND = 'We could not find this order. It may belong to another account.'

const receipt = createRequestState<OrderReceipt>()

/** The order on screen (receipt, order summary, table order), with loading and error states. */
export const $receipt = receipt.$state

export function loadReceipt(scope: ReceiptScope, signedIn: boolean) {
  const shown = receipt.$state.get().data
  // Another order's receipt must not show while this one loads.
  if (shown && shown.orderId !== scope.orderId) receipt.reset()
  return receipt.run(
    () => fetchReceipt(scope, signedIn),
    (error) => {
      if (error instanceof OrderNotFound) return ORDER_NOT_FOUND
      console.error('Loading the order failed:', error)
      return 'Please Try Again'
    },
  )
}

/** Loads the order now and every ORDER_REFRESH_MS until it is finished; returns the stop. */
export function watchReceipt(scope: ReceiptScope, signedIn: boolean): () => void {
  void loadReceipt(scope, signedIn)
  const timer = setInterval(() => {
    const { data, error } = receipt.$state.get()
    if ((data && data.orderId === scope.orderId && isFinishedStatus(data.status)) || error === ORDER_NOT_FOUND) clearInterval(timer)
    else void loadReceipt(scope, signedIn)
  }, ORDER_REFRESH_MS)
  return () => clearInterval(timer)
}
