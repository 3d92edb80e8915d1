// @vitest-environment happy-dom
import { cleanStores, keepMount } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { $cart, clearCart, markCartPlaced } from '@/entities/cart'
import { cancelOrder, fetchReceipt } from '@/entities/order'
import { ApiRefusal, type MenuItem, type RestaurantDetail } from '@/shared/api'
import { addDraftToCart } from './add-to-cart'
import { $editingPlacedOrder, reopenPlacedOrder } from './awaiting-payment'
import { discardDraft, startCustomising } from './customise'

vi.mock('@/entities/order', async (original) => ({ ...(await original<typeof import('@/entities/order')>()), cancelOrder: vi.fn(), fetchReceipt: vi.fn() }))

const item = (id: string, name: string): MenuItem =>
  ({ id, name, slug: id, description: '', price: 1200, tax: null, display: 1, categoryId: 'c', category: 'Mains', subCategoryId: null, subCategory: null,
    subCategoryImg: null, subCategoryImgType: null, itemType: 'Veg', tags: [], calories: null, image: null, stockQuantity: null, alertQuantity: null, modifiers: [] }) as unknown as MenuItem

const restaurant = (id = 'loc-1', merchantName = 'Olive Tree') =>
  ({ id, merchantName, locationSlug: id, merchantType: 'restaurant', currency: 'USD', orderTypes: [{ id: 'p', code: 'pickup', name: 'Pickup', typeGroup: 'P' }] }) as unknown as RestaurantDetail

function add(dish: MenuItem, where = restaurant(), startOver = false) {
  startCustomising(dish, where.id, 'pickup')
  return addDraftToCart(where, null, startOver)
}

beforeEach(() => {
  localStorage.clear()
  keepMount($cart)
  clearCart()
  discardDraft()
  vi.mocked(cancelOrder).mockReset()
  vi.mocked(fetchReceipt).mockReset()
})
afterEach(() => cleanStores($cart))

describe('adding a dish while the placed order waits for its payment (docs/checkout.md "Placed is frozen")', () => {
  it('a dish added from the menu to a placed cart changes nothing and says the order waits for its payment', () => {
    add(item('falafel', 'Falafel'))
    markCartPlaced('order-1')
    const before = $cart.get()
    expect(add(item('hummus', 'Hummus'))).toEqual({ status: 'awaiting_payment', orderId: 'order-1' })
    expect($cart.get()).toEqual(before)
    // Not even "start a new cart" for another restaurant empties it.
    expect(add(item('latte', 'Latte'), restaurant('loc-2', 'Brew Lab'), true)).toEqual({ status: 'awaiting_payment', orderId: 'order-1' })
    expect($cart.get()).toEqual(before)
  })

  it('"Edit order" cancels the unpaid order, unfreezes the cart, and the dish is then added', async () => {
    add(item('falafel', 'Falafel'))
    markCartPlaced('order-1')
    vi.mocked(cancelOrder).mockResolvedValueOnce({ orderId: 'order-1', status: '8' } as never)
    await expect(reopenPlacedOrder('order-1', false)).resolves.toBe(true)
    expect(vi.mocked(cancelOrder).mock.calls[0]).toEqual(['order-1', { idempotencyKey: expect.stringMatching(/^cancel-/), signedIn: false }])
    expect($cart.get().placedOrderId).toBeNull()
    expect(add(item('hummus', 'Hummus'))).toMatchObject({ status: 'added', name: 'Hummus' })
    expect($cart.get().items.map((line) => line.itemId)).toEqual(['falafel', 'hummus'])
  })

  it('an order that expired meanwhile (already cancelled) unfreezes the cart all the same', async () => {
    add(item('falafel', 'Falafel'))
    markCartPlaced('order-1')
    vi.mocked(cancelOrder).mockRejectedValueOnce(new ApiRefusal({ status: 409, code: 'order_not_cancellable', message: 'This order is already cancelled.' }))
    vi.mocked(fetchReceipt).mockResolvedValueOnce({ orderId: 'order-1', status: '9' } as never)
    await expect(reopenPlacedOrder('order-1', true)).resolves.toBe(true)
    expect($cart.get().placedOrderId).toBeNull()
  })

  it('an order that cannot be cancelled (paid meanwhile) keeps the cart frozen and says why', async () => {
    add(item('falafel', 'Falafel'))
    markCartPlaced('order-1')
    const message = 'This order is paid, so it can no longer be cancelled here. Please contact the restaurant.'
    vi.mocked(cancelOrder).mockRejectedValueOnce(new ApiRefusal({ status: 409, code: 'order_not_cancellable', message }))
    vi.mocked(fetchReceipt).mockResolvedValueOnce({ orderId: 'order-1', status: '19' } as never)
    await expect(reopenPlacedOrder('order-1', true)).resolves.toBe(false)
    expect($cart.get().placedOrderId).toBe('order-1')
    expect($editingPlacedOrder.get()).toEqual({ loading: false, error: message })
    expect(add(item('hummus', 'Hummus'))).toEqual({ status: 'awaiting_payment', orderId: 'order-1' })
  })
})
