// @vitest-environment happy-dom
import { cleanStores, keepMount } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RestaurantDetail } from '@/shared/api'
import { decryptValue, flushStoredWrites, STORAGE_KEYS } from '@/shared/lib/storage'
import { $router } from '@/shared/routes'
import {
  $cart,
  $cartCount,
  $cartPreview,
  addItem,
  clearCart,
  setWalletAmount,
  customiseItem,
  decrementItem,
  editItem,
  incrementItem,
  initCart,
  removeItem,
  saveItemComment,
  setDeliveryInstruction,
  setOrderInstruction,
  setOrderType,
  setPickupTime,
  setScheduleOrder,
  setSelectedDate,
  setSelectedTimeSlot,
  setTip,
  startNewCart,
  type NewCartLine,
} from './cart'

const weekdays = [1, 2, 3, 4, 5].flatMap((day) => [
  { day, sessionName: 'Lunch', opensAt: '11:30', closesAt: '14:30' },
  { day, sessionName: 'Dinner', opensAt: '17:00', closesAt: '22:00' },
])

const restaurant = (extra: Partial<RestaurantDetail> = {}) =>
  ({
    id: 'loc-soma',
    merchantName: 'Olive Tree',
    branchName: 'SoMa',
    merchantType: 'restaurant',
    locationSlug: 'olive-tree-soma',
    currency: 'USD',
    timeZoneCd: 'America/Los_Angeles',
    workingHours: weekdays,
    orderTypes: [
      { id: 'ot-p', code: 'pickup', name: 'Pickup', typeGroup: 'P' },
      { id: 'ot-l', code: 'delivery', name: 'Delivery', typeGroup: 'L' },
      { id: 'ot-d', code: 'dinein', name: 'Dine-in', typeGroup: 'D' },
    ],
    scheduledDelivery: true,
    scheduledDeliveryCutOffTime: '21:00',
    scheduledDeliveryDurationInDays: 3,
    pickupCutoff: 15,
    defaultPickUpETA: 20,
    defaultDeliveryETA: 40,
    ...extra,
  }) as RestaurantDetail

const size14 = { modifierOptionId: 'opt-14', optionName: '14" to share', price: 600, quantity: 1, modifier: 'Size', typeId: 1 }
const prosciutto = { modifierOptionId: 'opt-pro', optionName: 'Prosciutto', price: 500, quantity: 1, modifier: 'Extra toppings', typeId: 2 }

const margherita = (extra: Partial<NewCartLine> = {}): NewCartLine => ({
  itemId: 'item-margherita',
  name: 'Margherita',
  slug: 'margherita',
  quantity: 1,
  unitPrice: 3000,
  options: [size14, prosciutto],
  modifierIds: ['mod-size', 'mod-toppings'],
  comment: '',
  ...extra,
})
const tiramisu = (extra: Partial<NewCartLine> = {}): NewCartLine => ({
  itemId: 'item-tiramisu',
  name: 'Tiramisu',
  slug: 'tiramisu',
  quantity: 1,
  unitPrice: 900,
  options: [],
  modifierIds: [],
  comment: '',
  ...extra,
})

const add = (line: NewCartLine, where = restaurant()) => {
  const result = addItem(where, 'pickup', line)
  if (!result.ok) throw new Error('not added')
  return result.lineId
}

beforeEach(() => {
  localStorage.clear()
  keepMount($cart)
  clearCart()
  flushStoredWrites()
  $router.open('/restaurant/olive-tree-soma/cart')
})
afterEach(() => cleanStores($cart))

describe('adding to the cart', () => {
  it('initialises the cart once for its restaurant, then adds lines; the same choice adds to its line', () => {
    expect($cart.get().cartInitialized).toBe(false)
    const first = add(margherita())
    expect($cart.get()).toMatchObject({ locationId: 'loc-soma', orderTypeId: 'pickup', cartInitialized: true })
    setTip({ tipType: 'FLATFEE', tipValue: 200 })

    expect(add(margherita({ quantity: 2 }))).toBe(first)
    const another = add(margherita({ options: [size14] }))
    const noted = add(margherita({ comment: '  Well done ' }))
    expect(new Set([first, another, noted]).size).toBe(3)
    expect($cart.get().items.map((line) => [line.quantity, line.comment])).toEqual([
      [3, ''],
      [1, ''],
      [1, 'Well done'],
    ])
    // A second initialisation for the same restaurant keeps what the diner chose.
    expect(initCart(restaurant(), 'delivery')).toEqual({ ok: true })
    expect($cart.get()).toMatchObject({ orderTypeId: 'pickup', tip: { tipType: 'FLATFEE', tipValue: 200 } })
    expect($cart.get().items).toHaveLength(3)
  })

  it('a visit that finds its restaurant unchanged leaves the stored cart as it was; a change to the restaurant is stored', () => {
    add(margherita())
    flushStoredWrites()
    const stored = localStorage.getItem(STORAGE_KEYS.guestCart)
    const seen: unknown[] = []
    const stop = $cart.listen((cart) => seen.push(cart))
    expect(initCart(restaurant(), 'pickup')).toEqual({ ok: true })
    flushStoredWrites()
    expect(localStorage.getItem(STORAGE_KEYS.guestCart)).toBe(stored)
    expect(seen).toHaveLength(0)
    expect(initCart(restaurant({ branchName: 'SoMa (new)' }), 'pickup')).toEqual({ ok: true })
    stop()
    expect(seen).toHaveLength(1)
    flushStoredWrites()
    expect(localStorage.getItem(STORAGE_KEYS.guestCart)).not.toBe(stored)
    expect(decryptValue<{ restaurant: { branchName: string } }>(localStorage.getItem(STORAGE_KEYS.guestCart)!)?.restaurant.branchName).toBe('SoMa (new)')
  })

  it('keeps a line between 1 and 99', () => {
    const line = add(margherita({ quantity: 98 }))
    incrementItem(line)
    incrementItem(line)
    expect($cart.get().items[0]!.quantity).toBe(99)
    add(margherita({ quantity: 5 }))
    expect($cart.get().items[0]!.quantity).toBe(99)
  })

  it('asks before mixing restaurants, and starts a new cart only when told to', () => {
    add(margherita())
    const brewLab = restaurant({ id: 'loc-brew', merchantName: 'Brew Lab', locationSlug: 'brew-lab' })
    expect(addItem(brewLab, 'pickup', tiramisu())).toEqual({ ok: false, reason: 'another_restaurant', restaurantName: 'Olive Tree' })
    expect($cart.get().items.map((line) => line.name)).toEqual(['Margherita'])

    startNewCart(brewLab, 'pickup')
    expect($cart.get()).toMatchObject({ locationId: 'loc-brew', items: [], cartInitialized: true })
    add(tiramisu(), brewLab)
    expect($cart.get().items.map((line) => line.name)).toEqual(['Tiramisu'])
  })

  it('counts items and previews the subtotal from the menu prices', () => {
    add(margherita({ quantity: 2 }))
    add(tiramisu())
    expect($cartCount.get()).toBe(3)
    expect($cartPreview.get()).toEqual({ subtotal: 6900, currency: 'USD' })
  })
})

describe('changing lines', () => {
  it('increments, decrements and removes; decrementing the last one removes the line', () => {
    const pizza = add(margherita())
    const dessert = add(tiramisu())
    incrementItem(pizza)
    expect($cart.get().items[0]!.quantity).toBe(2)
    decrementItem(pizza)
    decrementItem(pizza)
    expect($cart.get().items.map((line) => line.name)).toEqual(['Tiramisu'])
    add(margherita())
    removeItem(dessert)
    expect($cart.get().items.map((line) => line.name)).toEqual(['Margherita'])
  })

  it('edits a line with new choices and ends its customisation', () => {
    const pizza = add(margherita())
    expect(editItem(pizza)?.name).toBe('Margherita')
    expect($cart.get().customisation).toEqual({ lineId: pizza, itemId: 'item-margherita' })
    expect(customiseItem(pizza, { options: [size14], modifierIds: ['mod-size'], unitPrice: 2500, quantity: 2, comment: ' crisp ' })).toBe(true)
    expect($cart.get().items[0]).toMatchObject({ lineId: pizza, options: [size14], unitPrice: 2500, quantity: 2, comment: 'crisp' })
    expect($cart.get().customisation).toBeNull()
    expect(customiseItem('line-gone', { options: [], modifierIds: [], unitPrice: 1, quantity: 1, comment: '' })).toBe(false)
  })

  it('removing the last instance of an item clears its customisation; removing another item does not', () => {
    const pizza = add(margherita())
    const dessert = add(tiramisu())
    editItem(pizza)
    removeItem(dessert)
    expect($cart.get().customisation).toEqual({ lineId: pizza, itemId: 'item-margherita' })
    add(tiramisu())
    removeItem(pizza)
    expect($cart.get().customisation).toBeNull()
  })

  it('saves a comment, trimmed and within its length', () => {
    const pizza = add(margherita())
    saveItemComment(pizza, '  No basil  ')
    expect($cart.get().items[0]!.comment).toBe('No basil')
    saveItemComment(pizza, 'x'.repeat(500))
    expect($cart.get().items[0]!.comment).toHaveLength(200)
  })
})

describe('emptying and clearing (docs/checkout.md "The cart")', () => {
  it('clearing resets items, tip to 0 FLATFEE, instructions and customisation', () => {
    const pizza = add(margherita())
    setTip({ tipType: 'PERCENTAGE', tipValue: 1800 })
    setOrderInstruction('Ring the bell')
    setDeliveryInstruction('Leave at the door')
    editItem(pizza)
    setWalletAmount(500)
    expect($cart.get().walletAmount).toBe(500)
    clearCart()
    expect($cart.get()).toMatchObject({
      items: [],
      walletAmount: 0,
      tip: { tipType: 'FLATFEE', tipValue: 0 },
      orderInstruction: '',
      deliveryInstruction: '',
      customisation: null,
      cartInitialized: false,
      locationId: null,
    })
  })

  it('an initialised cart that becomes empty is cleared on a restaurant path', () => {
    const pizza = add(margherita())
    setTip({ tipType: 'FLATFEE', tipValue: 300 })
    setOrderInstruction('Extra napkins')
    removeItem(pizza)
    expect($cart.get()).toMatchObject({ items: [], cartInitialized: false, locationId: null, tip: { tipType: 'FLATFEE', tipValue: 0 }, orderInstruction: '' })
  })

  it('an emptied cart is kept at a table, with its tip and instructions', () => {
    $router.open('/table/t-4/menu/dinein')
    const pizza = add(margherita())
    setTip({ tipType: 'FLATFEE', tipValue: 300 })
    setOrderInstruction('Extra napkins')
    decrementItem(pizza)
    expect($cart.get()).toMatchObject({ items: [], cartInitialized: true, locationId: 'loc-soma', tip: { tipValue: 300 }, orderInstruction: 'Extra napkins' })
  })
})

describe('order type, tip and instructions', () => {
  it('switches only to an order type the restaurant offers', () => {
    add(margherita())
    expect(setOrderType('delivery')).toBe(true)
    expect($cart.get().orderTypeId).toBe('delivery')
    expect(setOrderType('drive-through')).toBe(false)
    expect($cart.get().orderTypeId).toBe('delivery')
  })

  it('sets no tip, a flat amount or a percentage, with FLATFEE 0 by default', () => {
    add(margherita())
    expect($cart.get().tip).toEqual({ tipType: 'FLATFEE', tipValue: 0 })
    setTip({ tipType: 'PERCENTAGE', tipValue: 1800 })
    expect($cart.get().tip).toEqual({ tipType: 'PERCENTAGE', tipValue: 1800 })
    setTip({ tipType: 'NONE', tipValue: 999 })
    expect($cart.get().tip).toEqual({ tipType: 'NONE', tipValue: 0 })
    setTip({ tipType: 'FLATFEE', tipValue: 250.7 })
    expect($cart.get().tip).toEqual({ tipType: 'FLATFEE', tipValue: 250 })
    setTip({ tipType: 'FLATFEE', tipValue: -5 })
    expect($cart.get().tip).toEqual({ tipType: 'FLATFEE', tipValue: 0 })
  })

  it('keeps instructions within their length', () => {
    setOrderInstruction('y'.repeat(400))
    expect($cart.get().orderInstruction).toHaveLength(300)
  })
})

describe('pickup date and time slot', () => {
  // 02:00 UTC on 11 March is 19:00 on Tuesday 10 March in San Francisco.
  const tuesdayEvening = new Date('2026-03-11T02:00:00Z')

  it('offers today and the next N days in the restaurant’s time zone, then slots of that date', () => {
    add(margherita())
    expect(setScheduleOrder(true, tuesdayEvening)).toBe(true)
    expect($cart.get()).toMatchObject({ isScheduleOrder: true, selectedDate: '2026-03-10', selectedTimeSlot: null })
    expect(setSelectedTimeSlot('19:15', tuesdayEvening)).toBe(false)
    expect(setSelectedTimeSlot('19:30', tuesdayEvening)).toBe(true)
    expect($cart.get()).toMatchObject({ selectedTimeSlot: '19:30', pickUpDate: '2026-03-10', pickUpTime: '19:30' })

    expect(setSelectedDate('2026-03-14', tuesdayEvening)).toBe(false)
    expect(setSelectedDate('2026-03-13', tuesdayEvening)).toBe(true)
    expect($cart.get()).toMatchObject({ selectedDate: '2026-03-13', selectedTimeSlot: null, pickUpTime: null })

    expect(setScheduleOrder(false)).toBe(true)
    expect($cart.get()).toMatchObject({ isScheduleOrder: false, selectedDate: null, pickUpDate: null, pickUpTime: null })
  })

  it('offers only today when the restaurant takes no scheduled orders, and nothing once today is over', () => {
    add(margherita(), restaurant({ scheduledDelivery: false }))
    expect(setSelectedDate('2026-03-11', tuesdayEvening)).toBe(false)
    expect(setPickupTime({ date: '2026-03-10', slot: '21:00' }, tuesdayEvening)).toBe(true)
    expect($cart.get()).toMatchObject({ isScheduleOrder: true, pickUpDate: '2026-03-10', pickUpTime: '21:00' })
    // 22:10 in San Francisco: the dinner session is past its cut-off.
    expect(setScheduleOrder(true, new Date('2026-03-11T05:10:00Z'))).toBe(false)
    expect(setPickupTime(null, new Date('2026-03-11T05:10:00Z'))).toBe(false)
    expect(setPickupTime(null, tuesdayEvening)).toBe(true)
    expect($cart.get()).toMatchObject({ isScheduleOrder: false, pickUpTime: null })
  })

  it('drops a slot the new order type cannot meet', () => {
    add(margherita())
    setScheduleOrder(true, tuesdayEvening)
    setSelectedTimeSlot('19:30', tuesdayEvening)
    // Delivery needs 40 minutes: 19:30 is too soon at 19:00.
    setOrderType('delivery', tuesdayEvening)
    expect($cart.get()).toMatchObject({ orderTypeId: 'delivery', selectedDate: '2026-03-10', selectedTimeSlot: null, pickUpTime: null })
  })
})

describe('keeping the cart across a reload', () => {
  it('stores the cart encrypted under the guest-cart key and reads it back', async () => {
    add(margherita({ quantity: 2 }))
    setTip({ tipType: 'PERCENTAGE', tipValue: 1500 })
    // Written after the next paint, or at once when the page is hidden (docs/app.md, "Start-up work").
    expect(decryptValue<{ items: unknown[] }>(localStorage.getItem(STORAGE_KEYS.guestCart)!)?.items).toEqual([])
    window.dispatchEvent(new Event('pagehide'))
    const raw = localStorage.getItem(STORAGE_KEYS.guestCart)!
    expect(raw).toMatch(/^U2FsdGVkX1/)
    expect(raw).not.toContain('Margherita')
    expect(decryptValue<{ items: { name: string }[] }>(raw)?.items[0]?.name).toBe('Margherita')

    cleanStores($cart)
    vi.resetModules()
    const reloaded = await import('./cart')
    expect(reloaded.$cart.get()).toMatchObject({ locationId: 'loc-soma', tip: { tipType: 'PERCENTAGE', tipValue: 1500 }, items: [{ name: 'Margherita', quantity: 2 }] })
    cleanStores(reloaded.$cart)
  })

  it('starts empty when the stored cart was not written by us', async () => {
    flushStoredWrites()
    localStorage.setItem(STORAGE_KEYS.guestCart, 'not ours')
    cleanStores($cart)
    vi.resetModules()
    const reloaded = await import('./cart')
    expect(reloaded.$cart.get()).toMatchObject({ items: [], cartInitialized: false })
    cleanStores(reloaded.$cart)
  })
})
