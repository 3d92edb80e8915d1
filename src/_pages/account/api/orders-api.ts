import { api, isErrorBody } from '@/shared/api'
import type { OrderHistoryResponse } from '@/shared/api'

/** SPEC §7 GET /order/customer/getOrders: page 0 of 1000, newest first (SPEC §9). */
export async function fetchOrderHistory(customerId: string): Promise<OrderHistoryResponse> {
  const result = await api.get<OrderHistoryResponse>('/order/customer/getOrders', {
    auth: true,
    query: { search: `customerId:${customerId}`, page: 0, size: 1000, sort: 'orderTime,desc' },
  })
  if (isErrorBody(result)) throw new Error(`Order history refused: ${result.status} ${result.code} ${result.message}`)
  return result
}
