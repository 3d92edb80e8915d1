// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { $cart, EMPTY_CART, markCartPlaced, type Cart } from '@/entities/cart'
import type { Session } from '@/entities/session'
import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import { $toasts } from '@/shared/ui'
import { createOrder, type OrderDetail } from '../api/create-order'
import { fetchReceipt } from '@/entities/order'
import { ApiRefusal, type OrderReceipt } from '@/shared/api'
import { ACTIVE_ORDER_MS, readActiveOrders, rememberActiveOrder } from './active-orders'
import {
  $placementNotice,
  $placeOrder,
  isPlacedFrom,
  PLACE_ORDER_FAILED,
  placeOrder,
  resetPlaceOrder,
  resumePlacement,
  settlePlacedOrder,
  toPlaceOrderRequest,
} from './place-order'

vi.mock('../api/create-order', async (original) => ({
  ...(await original<typeof import('../api/create-order')>()),
  createOrder: vi.fn(),
}))
vi.mock('@/entities/order', async (original) => ({
  ...(await original<typeof import('@/entities/order')>()),
  fetchReceipt: vi.fn(),
}))

const cart: Cart = {
  ...EMPTY_CART,
  locationId: '0b7d6f2e-8f55-4c52-9b1a-2f8f5d5b7a10',
  orderTypeId: 'pickup',
  items: [{ itemId: '5c1d7c7e-2d55-4a3b-8f0a-9a3c1f1d2e30', quantity: 2, options: [] }] as unknown as Cart['items'],
  tip: { tipType: 'PERCENTAGE', tipValue: 1800 } as Cart['tip'],
}
const guest: Session = { status: 'guestSignedIn', userId: 'g1', guest: { fullName: 'Ada Guest', mobile: '+14155550100' }, guestToken: 'guest-token' }
const order: OrderDetail = { orderId: 'o1', status: '6', statusLabel: 'Order placed', paymentStatus: null, currency: 'USD', total: 4321 }

// The throttles are per module, so every test starts a minute after the last one.
let clock = Date.UTC(2030, 0, 1)
beforeEach(() => {
  vi.resetAllMocks()
  vi.useFakeTimers()
  clock += 60_000
  vi.setSystemTime(clock)
  localStorage.clear()
  resetPlaceOrder()
  $toasts.set([])
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.useRealTimers())

describe('active orders (docs/checkout.md, "Placing and paying")', () => {
  it('keeps an order for one hour and drops it from storage after', () => {
    rememberActiveOrder('o1', 1_000)
    expect(readActiveOrders(1_000 + ACTIVE_ORDER_MS - 1)).toEqual([{ orderId: 'o1', expiryTime: 1_000 + ACTIVE_ORDER_MS }])
    expect(readActiveOrders(1_000 + ACTIVE_ORDER_MS)).toEqual([])
    expect(secureStorage.get(STORAGE_KEYS.activeOrders)).toEqual([])
  })

  it('writes nothing when nothing is stored, and an empty list over a value that is not a list', () => {
    expect(readActiveOrders()).toEqual([])
    expect(localStorage.getItem(STORAGE_KEYS.activeOrders)).toBeNull()
    secureStorage.set(STORAGE_KEYS.activeOrders, { not: 'a list' })
    expect(readActiveOrders()).toEqual([])
    expect(secureStorage.get(STORAGE_KEYS.activeOrders)).toEqual([])
  })
})

describe('the placement request', () => {
  it('carries a verified guest as the contact and nothing for an unverified one', () => {
    expect(toPlaceOrderRequest(cart, guest)).toMatchObject({ guest: { fullName: 'Ada Guest', phone: '+14155550100' }, tip: { tipType: 'PERCENTAGE', value: 1800 } })
    expect(toPlaceOrderRequest(cart, { status: 'guest' })).toBeNull()
  })

  it('sends the wallet amount the cart uses for a signed-in customer only', () => {
    const customer: Session = { status: 'signedIn', userId: 'c1', accessToken: 'a', refreshToken: '', user: null }
    const walletCart = { ...cart, walletAmount: 500 }
    expect(toPlaceOrderRequest(walletCart, customer)?.walletAmount).toBe(500)
    expect(toPlaceOrderRequest(cart, customer)).not.toHaveProperty('walletAmount')
    expect(toPlaceOrderRequest(walletCart, guest)).not.toHaveProperty('walletAmount')
  })

  it('a delivery goes to the typed address: its line, the apartment as the second line, and the pin', () => {
    const delivery = {
      ...cart,
      orderTypeId: 'delivery',
      restaurant: { orderTypes: [{ code: 'delivery', typeGroup: 'L' }] } as unknown as Cart['restaurant'],
      deliveryLocation: { lat: 40.7486, lng: -73.9851, label: '350 5th Ave, New York, NY', apartment: 'Apt 4B' },
      deliveryInstruction: ' Ring 4B ',
    }
    expect(toPlaceOrderRequest(delivery, guest)).toMatchObject({
      deliveryLocation: { lat: 40.7486, lng: -73.9851 },
      deliveryAddress: { addressLine1: '350 5th Ave, New York, NY', addressLine2: 'Apt 4B' },
      deliveryInstruction: 'Ring 4B',
    })
    const { apartment: _none, ...withoutApartment } = delivery.deliveryLocation
    expect(toPlaceOrderRequest({ ...delivery, deliveryLocation: withoutApartment }, guest)?.deliveryAddress).toEqual({ addressLine1: '350 5th Ave, New York, NY' })
  })
})

describe('placing an order (docs/checkout.md, "Placing and paying")', () => {
  it('goes loading, then keeps the orderId and remembers the active order', async () => {
    vi.mocked(createOrder).mockResolvedValue(order)
    const pending = placeOrder(toPlaceOrderRequest(cart, guest)!, false)
    expect($placeOrder.get().loading).toBe(true)
    await pending
    expect($placeOrder.get()).toMatchObject({ loading: false, success: true, data: { order: { orderId: 'o1' } } })
    expect(readActiveOrders().map((entry) => entry.orderId)).toEqual(['o1'])
  })

  it('a placed cart is frozen for the menu until its order is paid or given up (docs/checkout.md "Placed is frozen")', async () => {
    vi.mocked(createOrder).mockResolvedValue(order)
    await placeOrder(toPlaceOrderRequest(cart, guest)!, false)
    expect($cart.get().placedOrderId).toBe('o1')
    settlePlacedOrder('o1')
    expect($cart.get().placedOrderId).toBeNull()
  })

  it('shows the server message, or "Please Retry", and retries the same cart with the same key', async () => {
    vi.mocked(createOrder).mockRejectedValueOnce(new ApiRefusal({ status: 409, code: 'restaurant_closed', message: 'Empire Burger is closed right now.' }))
    const request = toPlaceOrderRequest(cart, guest)!
    await placeOrder(request, false)
    expect($placeOrder.get().error).toBe('Empire Burger is closed right now.')
    expect($toasts.get().map((toast) => toast.message)).toEqual(['Empire Burger is closed right now.'])

    vi.advanceTimersByTime(5_000)
    vi.mocked(createOrder).mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await placeOrder(request, false)
    expect($placeOrder.get().error).toBe(PLACE_ORDER_FAILED)

    const [first, second] = vi.mocked(createOrder).mock.calls
    expect(second![1]).toBe(first![1])
  })

  it('places a double click once within 5000 ms', async () => {
    vi.mocked(createOrder).mockResolvedValue(order)
    const request = toPlaceOrderRequest(cart, guest)!
    await Promise.all([placeOrder(request, false), placeOrder(request, false)])
    vi.advanceTimersByTime(4_999)
    await placeOrder(request, false)
    expect(createOrder).toHaveBeenCalledTimes(1)
  })
})

describe('a reloaded checkout (docs/payments.md "Unpaid orders expire")', () => {
  const customer: Session = { status: 'signedIn', userId: 'c1', accessToken: 'a', refreshToken: '', user: null }
  const receipt = (status: string, cancelReason: OrderReceipt['cancelReason'] = null) =>
    ({ ...order, orderId: 'b5e3a2c4-0000-4000-8000-000000000001', status, cancelReason, payBy: '2030-01-01T00:15:00Z' }) as unknown as OrderReceipt

  async function placeThenReload(walletAfterReload = 500) {
    vi.mocked(createOrder).mockResolvedValue({ ...order, orderId: 'b5e3a2c4-0000-4000-8000-000000000001' })
    await placeOrder(toPlaceOrderRequest({ ...cart, walletAmount: 500 }, customer)!, true)
    resetPlaceOrderInMemoryOnly()
    // The cart page puts the profile's (now lower) balance back in the cart: still the same placement.
    return toPlaceOrderRequest({ ...cart, walletAmount: walletAfterReload }, customer)!
  }
  /** A reload forgets what was in memory, not what was stored. */
  function resetPlaceOrderInMemoryOnly() {
    const stored = readActiveOrders()
    resetPlaceOrder()
    localStorage.clear()
    for (const entry of stored) rememberActiveOrder(entry.orderId, entry.expiryTime - ACTIVE_ORDER_MS, entry.request)
  }

  it('resumes paying the unpaid order it placed instead of placing another', async () => {
    const request = await placeThenReload(0)
    vi.mocked(fetchReceipt).mockResolvedValue(receipt('6'))
    await resumePlacement(request, true)
    expect(fetchReceipt).toHaveBeenCalledWith({ orderId: 'b5e3a2c4-0000-4000-8000-000000000001' }, true)
    expect(isPlacedFrom($placeOrder.get().data, request)).toBe(true)
    expect($placeOrder.get().data?.order).toMatchObject({ orderId: 'b5e3a2c4-0000-4000-8000-000000000001', payBy: '2030-01-01T00:15:00Z' })
    expect(createOrder).toHaveBeenCalledTimes(1)
  })

  it('says an expired order was not paid within 15 minutes, and lets the diner place the cart again', async () => {
    const request = await placeThenReload()
    vi.mocked(fetchReceipt).mockResolvedValue(receipt('9', 'payment_timeout'))
    markCartPlaced('b5e3a2c4-0000-4000-8000-000000000001')
    await resumePlacement(request, true)
    expect($placeOrder.get().data).toBeUndefined()
    // Expired, it no longer freezes the cart.
    expect($cart.get().placedOrderId).toBeNull()
    expect($placementNotice.get()).toMatchObject({ paid: false, message: 'Order #B5E3A2C4: Cancelled: not paid within 15 minutes. You can place your order again.' })
    vi.mocked(fetchReceipt).mockClear()
    await resumePlacement(request, true)
    expect(fetchReceipt).not.toHaveBeenCalled()
  })

  it('does not resume an order once it is paid, nor for another cart', async () => {
    const request = await placeThenReload()
    settlePlacedOrder('b5e3a2c4-0000-4000-8000-000000000001')
    await resumePlacement(request, true)
    const other = toPlaceOrderRequest({ ...cart, items: [{ ...cart.items[0]!, quantity: 3 }] }, customer)!
    await resumePlacement(other, true)
    expect(fetchReceipt).not.toHaveBeenCalled()
    expect(readActiveOrders().map((entry) => entry.orderId)).toEqual(['b5e3a2c4-0000-4000-8000-000000000001'])
  })
})
