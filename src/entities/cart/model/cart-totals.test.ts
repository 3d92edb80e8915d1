// @vitest-environment happy-dom
import { allTasks, cleanStores, keepMount } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRefusal, type RestaurantDetail, type TotalsRequest, type TotalsResponse } from '@/shared/api'
import { fetchCartTotals } from '../api/price-cart'
import { $cart, addItem, clearCart, setTip } from './cart'
import { $cartTotals, $cartTotalsRequest, TOTALS_DEBOUNCE_MS } from './cart-totals'

vi.mock('../api/price-cart', async (original) => ({
  ...(await original<typeof import('../api/price-cart')>()),
  fetchCartTotals: vi.fn(),
}))
const fetchMock = vi.mocked(fetchCartTotals)

const restaurant = {
  id: '6f0c7a52-4c7e-4a39-9d3c-1d1f4f6b2a11',
  merchantName: 'Olive Tree',
  locationSlug: 'olive-tree-soma',
  currency: 'USD',
  orderTypes: [{ id: 'p', code: 'pickup', name: 'Pickup', typeGroup: 'P' }],
} as RestaurantDetail

const priced = (request: TotalsRequest, total: number): TotalsResponse =>
  ({ locationId: request.locationId, orderTypeCode: request.orderTypeCode, currency: 'USD', total }) as TotalsResponse

const line = { itemId: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Margherita', slug: 'margherita', quantity: 2, unitPrice: 3000, options: [], modifierIds: [], comment: 'Well done' }

beforeEach(() => {
  vi.useFakeTimers()
  localStorage.clear()
  clearCart()
  keepMount($cartTotals)
})
afterEach(() => {
  cleanStores($cartTotals, $cartTotalsRequest, $cart)
  vi.useRealTimers()
  vi.resetAllMocks()
})

describe('the server totals of the cart', () => {
  it('prices the cart once it has been still for the debounce, and again after a change', async () => {
    fetchMock.mockImplementation(async (request) => priced(request, request.tip?.value ?? 0))
    addItem(restaurant, 'pickup', line)
    setTip({ tipType: 'PERCENTAGE', tipValue: 1500 })
    expect(fetchMock).not.toHaveBeenCalled()
    expect($cartTotals.get()).toBeNull()

    await vi.advanceTimersByTimeAsync(TOTALS_DEBOUNCE_MS)
    await allTasks()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock).toHaveBeenCalledWith({
      locationId: restaurant.id,
      orderTypeCode: 'pickup',
      items: [{ itemId: line.itemId, quantity: 2, options: [], comment: 'Well done' }],
      tip: { tipType: 'PERCENTAGE', value: 1500 },
    })
    expect($cartTotals.get()?.total).toBe(1500)

    setTip({ tipType: 'PERCENTAGE', tipValue: 1800 })
    expect($cartTotals.get()).toBeNull()
    await vi.advanceTimersByTimeAsync(TOTALS_DEBOUNCE_MS)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect($cartTotals.get()?.total).toBe(1800)
  })

  it('keeps the server’s message when it refuses the cart, and a plain one when it cannot be reached', async () => {
    fetchMock.mockRejectedValueOnce(new ApiRefusal({ status: 409, code: 'sold_out', message: 'Margherita is sold out.' }))
    addItem(restaurant, 'pickup', line)
    await vi.advanceTimersByTimeAsync(TOTALS_DEBOUNCE_MS)
    expect($cartTotalsRequest.get()).toMatchObject({ loading: false, success: false, error: 'Margherita is sold out.' })
    expect($cartTotals.get()).toBeNull()

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    setTip({ tipType: 'FLATFEE', tipValue: 100 })
    await vi.advanceTimersByTimeAsync(TOTALS_DEBOUNCE_MS)
    expect($cartTotalsRequest.get().error).toBe('We could not confirm the prices right now. The amounts shown are an estimate.')
  })

  it('sends nothing for an empty cart', async () => {
    await vi.advanceTimersByTimeAsync(TOTALS_DEBOUNCE_MS * 2)
    expect(fetchMock).not.toHaveBeenCalled()
    expect($cartTotalsRequest.get()).toMatchObject({ loading: false, data: undefined })
  })
})
