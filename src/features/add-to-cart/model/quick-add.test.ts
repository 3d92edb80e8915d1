// @vitest-environment happy-dom
import { cleanStores, keepMount } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { $cart, $cartCount, clearCart, markCartPlaced } from '@/entities/cart'
import type { MenuItem, RestaurantDetail } from '@/shared/api'
import { quickAdd } from './quick-add'

const extras = { id: 'extras', name: 'Extras', typeId: 2, minSelect: 0, maxSelect: 2, options: [{ id: 'cheese', name: 'Cheese', price: 100, isDefault: false, maxQuantity: 1 }] }
const milk = { id: 'milk', name: 'Milk', typeId: 1, minSelect: 0, maxSelect: 1, options: [{ id: 'oat', name: 'Oat', price: 50, isDefault: true, maxQuantity: 1 }] }
const size = { id: 'size', name: 'Size', typeId: 1, minSelect: 1, maxSelect: 1, options: [{ id: 'small', name: 'Small', price: 0, isDefault: true, maxQuantity: 1 }] }

const item = (extra: Partial<MenuItem> = {}): MenuItem => ({
  id: 'latte',
  name: 'Latte',
  slug: 'latte',
  description: '',
  price: 500,
  tax: null,
  display: 1,
  categoryId: 'c',
  category: 'Coffee',
  subCategoryId: null,
  subCategory: null,
  subCategoryImg: null,
  subCategoryImgType: null,
  itemType: 'Veg',
  allergens: ['milk'],
  dietary: [],
  tags: [],
  calories: null,
  image: null,
  stockQuantity: null,
  alertQuantity: null,
  modifiers: [extras],
  ...extra,
})

const restaurant = (id = 'loc-1', merchantName = 'Brew Lab') =>
  ({ id, merchantName, locationSlug: id, merchantType: 'restaurant', currency: 'USD', orderTypes: [{ id: 'p', code: 'pickup', name: 'Pickup', typeGroup: 'P' }] }) as unknown as RestaurantDetail

beforeEach(() => {
  localStorage.clear()
  keepMount($cart)
  clearCart()
})
afterEach(() => cleanStores($cart))

describe('quick add from a dish card (docs/menu.md)', () => {
  it('adds one of a dish without required choices; a second "+" makes the same line two', () => {
    expect(quickAdd(item(), restaurant(), 'pickup', null)).toEqual({ status: 'added', name: 'Latte', quantity: 1 })
    expect(quickAdd(item(), restaurant(), 'pickup', null)).toEqual({ status: 'added', name: 'Latte', quantity: 1 })
    expect($cart.get().items).toHaveLength(1)
    expect($cart.get().items[0]).toMatchObject({ itemId: 'latte', quantity: 2, unitPrice: 500, options: [] })
    expect($cartCount.get()).toBe(2)
    expect($cart.get().orderTypeId).toBe('pickup')
  })

  it("takes an optional choice's default and its price", () => {
    quickAdd(item({ modifiers: [milk] }), restaurant(), 'pickup', null)
    expect($cart.get().items[0]).toMatchObject({ unitPrice: 550, options: [expect.objectContaining({ modifierOptionId: 'oat' })] })
  })

  it('never adds a dish with a required choice or a sold-out dish: nothing changes', () => {
    expect(quickAdd(item({ modifiers: [size] }), restaurant(), 'pickup', null)).toEqual({ status: 'blocked' })
    expect(quickAdd(item({ stockQuantity: 0 }), restaurant(), 'pickup', null)).toEqual({ status: 'blocked' })
    expect($cart.get().items).toHaveLength(0)
  })

  it("a cart of another restaurant is left alone and the diner is asked", () => {
    quickAdd(item(), restaurant(), 'pickup', null)
    expect(quickAdd(item(), restaurant('loc-2', 'Olive Tree'), 'pickup', null)).toEqual({ status: 'another_restaurant', restaurantName: 'Brew Lab' })
    expect($cart.get().locationId).toBe('loc-1')
    expect($cartCount.get()).toBe(1)
  })

  it('a quick add while the placed order waits for payment changes nothing and says so (docs/checkout.md "Placed is frozen")', () => {
    quickAdd(item(), restaurant(), 'pickup', null)
    markCartPlaced('order-1')
    const before = $cart.get()
    expect(quickAdd(item(), restaurant(), 'pickup', null)).toEqual({ status: 'awaiting_payment', orderId: 'order-1' })
    expect($cart.get()).toEqual(before)
  })
})
