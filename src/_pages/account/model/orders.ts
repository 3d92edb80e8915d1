import { isFinishedStatus } from '@/shared/api'
import type { OrderHistoryEntry } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { fetchOrderHistory } from '../api/orders-api'

const history = createRequestState<OrderHistoryEntry[]>()

/** The signed-in customer's orders, newest first. */
export const $orderHistory = history.$state

export function loadOrderHistory(customerId: string) {
  return history.run(
    async () => (await fetchOrderHistory(customerId)).content,
    (error) => {
      console.error('Loading the order history failed:', error)
      return 'Please Try Again'
    },
  )
}

/** How often an open order summary asks for the order's status again. */
export const ORDER_REFRESH_MS = 10_000

/** Reloads the orders every ORDER_REFRESH_MS while `orderId` is not finished; returns the stop. */
export function watchOrderStatus(customerId: string, orderId: string): () => void {
  const timer = setInterval(() => {
    const order = history.$state.get().data?.find((entry) => entry.orderId === orderId)
    if (order && isFinishedStatus(order.status)) clearInterval(timer)
    else void loadOrderHistory(customerId)
  }, ORDER_REFRESH_MS)
  return () => clearInterval(timer)
}
