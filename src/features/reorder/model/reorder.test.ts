// @vitest-environment happy-dom
import { cleanStores, keepMount } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { $cart, addItem, clearCart } from '@/entities/cart'
import { fetchMenu } from '@/entities/menu'
import { fetchReceipt } from '@/entities/order'
import { fetchRestaurantById } from '@/entities/restaurant'
import type { MenuItem, MenuResponse, OrderLine, OrderReceipt, RestaurantDetail } from '@/shared/api'
import { reorder } from './reorder'

vi.mock('@/entities/menu', async (original) => ({ ...(await original<typeof import('@/entities/menu')>()), fetchMenu: vi.fn() }))
vi.mock('@/entities/order', async (original) => ({ ...(await original<typeof import('@/entities/order')>()), fetchReceipt: vi.fn() }))
vi.mock('@/entities/restaurant', async (original) => ({ ...(await original<typeof import('@/entities/restaurant')>()), fetchRestaurantById: vi.fn() }))

const size = {
  id: 'size',
  name: 'Size',
  typeId: 1,
  minSelect: 1,
  maxSelect: 1,
  options: [
    { id: 'small', name: 'Small', price: 0, isDefault: true, maxQuantity: 1 },
    { id: 'large', name: 'Large', price: 600, isDefault: false, maxQuantity: 1 },
  ],
}

const menuItem = (id: string, name: string, price: number, extra: Partial<MenuItem> = {}) =>
  ({ id, name, slug: id, price, display: 1, stockQuantity: null, alertQuantity: null, modifiers: [], ...extra }) as unknown as MenuItem

const restaurant = (id: string, merchantName: string) =>
  ({ id, merchantName, locationSlug: id, merchantType: 'restaurant', currency: 'USD', orderTypes: [{ id: 'p', code: 'pickup', name: 'Pickup', typeGroup: 'P' }] }) as unknown as RestaurantDetail

const line = (itemId: string | null, name: string, quantity: number, options: OrderLine['options'] = [], comment: string | null = null) =>
  ({ id: `l-${name}`, itemId, name, quantity, unitPrice: 999, lineSubtotal: 999 * quantity, itemTaxRate: 0, itemTax: 0, comment, options }) as OrderLine

const option = (modifierOptionId: string | null, optionName: string) => ({ modifierOptionId, optionName, modifier: 'Size', price: 1, quantity: 1, typeId: 1 })

beforeEach(() => {
  localStorage.clear()
  keepMount($cart)
  clearCart()
  vi.mocked(fetchRestaurantById).mockResolvedValue(restaurant('olive', 'Olive Tree'))
  vi.mocked(fetchMenu).mockResolvedValue({
    items: [
      menuItem('soup', 'Soup', 800, { modifiers: [size] }),
      menuItem('bread', 'Bread', 300),
      menuItem('cake', 'Cake', 500, { stockQuantity: 0 }),
    ],
  } as unknown as MenuResponse)
})
afterEach(() => {
  cleanStores($cart)
  vi.clearAllMocks()
})

const source = { orderId: 'o1', locationId: 'olive', orderTypeCode: 'pickup' }

describe('reorder', () => {
  it('puts the order’s dishes in a new cart at today’s prices, and names what is gone', async () => {
    addItem(restaurant('elsewhere', 'Elsewhere'), 'pickup', { itemId: 'x', name: 'X', slug: 'x', quantity: 1, unitPrice: 100, options: [], modifierIds: [], comment: '' })
    const outcome = await reorder(
      {
        ...source,
        items: [
          line('soup', 'Soup', 2, [option('large', 'Large')], 'no pepper'),
          line('bread', 'Bread', 1),
          line('cake', 'Cake', 1),
          line(null, 'Deleted dish', 1),
          line('soup', 'Soup with an old size', 1, [option('huge', 'Huge')]),
        ],
      },
      true,
    )
    expect(outcome).toMatchObject({ status: 'added', added: 2, missing: ['Cake', 'Deleted dish', 'Soup with an old size'] })
    const cart = $cart.get()
    expect(cart.locationId).toBe('olive')
    expect(cart.orderTypeId).toBe('pickup')
    expect(cart.items.map((item) => [item.itemId, item.quantity, item.unitPrice, item.options.map((o) => o.modifierOptionId), item.comment])).toEqual([
      ['soup', 2, 1400, ['large'], 'no pepper'],
      ['bread', 1, 300, [], ''],
    ])
    expect(fetchReceipt).not.toHaveBeenCalled()
  })

  it('reads the order’s lines when only the order-history row is at hand', async () => {
    vi.mocked(fetchReceipt).mockResolvedValue({ items: [line('bread', 'Bread', 3)] } as OrderReceipt)
    expect(await reorder(source, false)).toMatchObject({ status: 'added', added: 1, missing: [] })
    expect(fetchReceipt).toHaveBeenCalledWith({ orderId: 'o1' }, false)
    expect($cart.get().items.map((item) => item.quantity)).toEqual([3])
  })

  it('leaves the cart alone when nothing can be ordered again', async () => {
    addItem(restaurant('elsewhere', 'Elsewhere'), 'pickup', { itemId: 'x', name: 'X', slug: 'x', quantity: 1, unitPrice: 100, options: [], modifierIds: [], comment: '' })
    expect(await reorder({ ...source, items: [line('cake', 'Cake', 1)] }, true)).toEqual({ status: 'nothing', missing: ['Cake'] })
    expect($cart.get().items.map((item) => item.itemId)).toEqual(['x'])
  })
})
