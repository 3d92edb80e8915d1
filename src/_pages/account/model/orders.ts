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
