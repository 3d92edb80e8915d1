import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OrderHistoryEntry } from '@/shared/api'
import { fetchOrderHistory } from '../api/orders-api'
import { $orderHistory, loadOrderHistory, ORDER_REFRESH_MS, watchOrderStatus } from './orders'

vi.mock('../api/orders-api', () => ({ fetchOrderHistory: vi.fn() }))
const fetchMock = vi.mocked(fetchOrderHistory)

const entry = (status: string, statusLabel: string): OrderHistoryEntry => ({
  orderId: 'o1',
  locationId: 'l1',
  branchName: 'Olive Tree — SoMa',
  merchantName: 'Olive Tree',
  merchantType: 'restaurant',
  locationSlug: 'olive-tree-soma',
  orderTypeCode: 'pickup',
  status,
  statusLabel,
  total: 1200,
  currency: 'USD',
  orderTime: '2026-11-22T11:00:00.000Z',
})
const respond = (status: string, label: string) => fetchMock.mockResolvedValueOnce({ content: [entry(status, label)], totalElements: 1, page: 0, size: 1000 })

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  fetchMock.mockReset()
})

describe('watchOrderStatus', () => {
  it('reloads every 10 s until the order is finished, then stops', async () => {
    respond('19', 'In Queue')
    await loadOrderHistory('c1')
    const stop = watchOrderStatus('c1', 'o1')
    respond('13', 'Order Ready')
    await vi.advanceTimersByTimeAsync(ORDER_REFRESH_MS - 1)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect($orderHistory.get().data?.[0]?.statusLabel).toBe('Order Ready')
    respond('16', 'Completed - Pickup Order')
    await vi.advanceTimersByTimeAsync(ORDER_REFRESH_MS)
    expect($orderHistory.get().data?.[0]?.statusLabel).toBe('Completed - Pickup Order')
    await vi.advanceTimersByTimeAsync(ORDER_REFRESH_MS * 3)
    expect(fetchMock).toHaveBeenCalledTimes(3)
    stop()
  })

  it('stops when the page is left', async () => {
    respond('19', 'In Queue')
    await loadOrderHistory('c1')
    watchOrderStatus('c1', 'o1')()
    await vi.advanceTimersByTimeAsync(ORDER_REFRESH_MS * 2)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
