// @vitest-environment happy-dom
import { cleanStores, keepMount } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RestaurantDetail } from '@/shared/api'
import { toTotalsRequest } from '../api/price-cart'
import { $cart, addItem, chooseCartEvent, clearCart, isEventCart, setEventSlot, startNewCart } from './cart'

const restaurant = (id: string) =>
  ({
    id,
    merchantName: 'Olive Tree',
    branchName: 'SoMa',
    merchantType: 'restaurant',
    locationSlug: `slug-${id}`,
    currency: 'USD',
    timeZoneCd: 'America/Los_Angeles',
    workingHours: [],
    orderTypes: [
      { id: 'ot-p', code: 'pickup', name: 'Pickup', typeGroup: 'P' },
      { id: 'ot-e', code: 'event', name: 'Event pre-order', typeGroup: 'E' },
    ],
    scheduledDelivery: false,
    scheduledDeliveryCutOffTime: null,
    scheduledDeliveryDurationInDays: 0,
    pickupCutoff: 15,
    deliveryCutoff: 30,
    defaultPickUpETA: 20,
    defaultDeliveryETA: 40,
  }) as unknown as RestaurantDetail

const lasagna = { itemId: 'item-lasagna', name: 'Lasagna', slug: 'lasagna', quantity: 1, unitPrice: 2100, options: [], modifierIds: [], comment: '' }
const holiday = { slug: 'holiday', date: '2030-12-24', locationId: 'soma' }

beforeEach(() => {
  keepMount($cart)
  clearCart()
})
afterEach(() => cleanStores($cart))

describe('an event cart', () => {
  it('keeps the event chosen on its menu when the first dish starts the cart, and orders for it', () => {
    chooseCartEvent(holiday)
    addItem(restaurant('soma'), 'event', lasagna, '2030-12-24')
    const cart = $cart.get()
    expect(cart.event).toEqual(holiday)
    expect(isEventCart(cart)).toBe(true)
    expect(toTotalsRequest(cart)).toMatchObject({ orderTypeCode: 'event', eventSlug: 'holiday', eventDate: '2030-12-24' })
  })

  it('sets the slot of the event date and schedules the order for it', () => {
    chooseCartEvent(holiday)
    addItem(restaurant('soma'), 'event', lasagna, '2030-12-24')
    expect(setEventSlot('11:30')).toBe(true)
    expect($cart.get()).toMatchObject({ isScheduleOrder: true, selectedDate: '2030-12-24', selectedTimeSlot: '11:30', pickUpTime: '11:30' })
    chooseCartEvent({ ...holiday, date: '2030-12-26' })
    expect($cart.get()).toMatchObject({ eventDate: '2030-12-26', selectedTimeSlot: null, isScheduleOrder: false })
  })

  it('is not an event cart for a pickup order or for another location’s event', () => {
    chooseCartEvent(holiday)
    addItem(restaurant('soma'), 'pickup', lasagna)
    expect(isEventCart($cart.get())).toBe(false)
    expect(setEventSlot('11:30')).toBe(false)
    expect(toTotalsRequest($cart.get())).not.toHaveProperty('eventSlug')
    clearCart()
    chooseCartEvent({ ...holiday, locationId: 'hayes' })
    addItem(restaurant('soma'), 'event', lasagna)
    expect($cart.get().event).toBeNull()
  })

  it('keeps the chosen event when the diner starts a new cart for its restaurant', () => {
    addItem(restaurant('hayes'), 'pickup', lasagna)
    chooseCartEvent(holiday)
    startNewCart(restaurant('soma'), 'event', '2030-12-24')
    expect(isEventCart($cart.get())).toBe(true)
    expect($cart.get().locationId).toBe('soma')
  })
})
