import { call } from '@/shared/api'

/** My Orders: page 0 of 1000, newest first (docs/orders.md). */
export const fetchOrderHistory = (customerId: string) =>
  call('GET /order/customer/getOrders', {
    auth: true,
    encrypted: true,
    query: { search: `customerId:${customerId}`, page: '0', size: '1000', sort: 'orderTime,desc' },
  })
