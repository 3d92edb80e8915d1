import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OrderReceipt } from '@/shared/api'
import { fetchReceipt, OrderNotFound } from '../api/order-api'
import { $receipt, loadReceipt, ORDER_NOT_FOUND, ORDER_REFRESH_MS, watchReceipt } from './receipt'

vi.mock('../api/order-api', async (original) => ({ ...(await original<typeof import('../api/order-api')>()), fetchReceipt: vi.fn() }))
const fetchMock = vi.mocked(fetchReceipt)

const order = (orderId: string, status: string, statusLabel: string) => ({ orderId, status, statusLabel }) as OrderReceipt
const respond = (status: string, label: string, orderId = 'o1') => fetchMock.mockResolvedValueOnce(order(orderId, status, label))
const scope = { orderId: 'o1' }

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  fetchMock.mockReset()
})

describe('watchReceipt', () => {
  it('loads at once, then every 10 s until the order is finished, then stops', async () => {
    respond('19', 'In Queue')
    const stop = watchReceipt(scope, true)
    await vi.advanceTimersByTimeAsync(0)
    expect($receipt.get().data?.statusLabel).toBe('In Queue')
    expect(fetchMock).toHaveBeenCalledWith(scope, true)
    respond('13', 'Order Ready')
    await vi.advanceTimersByTimeAsync(ORDER_REFRESH_MS - 1)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect($receipt.get().data?.statusLabel).toBe('Order Ready')
    respond('16', 'Completed - Pickup Order')
    await vi.advanceTimersByTimeAsync(ORDER_REFRESH_MS)
    expect($receipt.get().data?.statusLabel).toBe('Completed - Pickup Order')
    await vi.advanceTimersByTimeAsync(ORDER_REFRESH_MS * 3)
    expect(fetchMock).toHaveBeenCalledTimes(3)
    stop()
  })

  it('stops when the screen is left, and after a not-found answer', async () => {
    respond('19', 'In Queue')
    watchReceipt(scope, false)()
    await vi.advanceTimersByTimeAsync(ORDER_REFRESH_MS * 2)
    expect(fetchMock).toHaveBeenCalledTimes(1)

    fetchMock.mockRejectedValue(new OrderNotFound('The order was not found.'))
    const stop = watchReceipt({ orderId: 'o2' }, false)
    await vi.advanceTimersByTimeAsync(ORDER_REFRESH_MS * 3)
    expect($receipt.get()).toMatchObject({ error: ORDER_NOT_FOUND, data: undefined })
    expect(fetchMock).toHaveBeenCalledTimes(2)
    stop()
  })
})

describe('loadReceipt', () => {
  it('never shows another order while the asked one loads, and says "Please Try Again" when the call fails', async () => {
    respond('19', 'In Queue', 'o1')
    await loadReceipt({ orderId: 'o1' }, true)
    fetchMock.mockRejectedValueOnce(new Error('offline'))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await loadReceipt({ orderId: 'o3' }, true)
    expect($receipt.get()).toMatchObject({ data: undefined, error: 'Please Try Again' })
  })
})
