import { describe, expect, it } from 'vitest'
import { defaultOrderType, deliveryTypeOf, findOrderType, orderingUnavailableReason } from './ordering'

const pickup = { id: '1', code: 'pickup', name: 'Pickup', typeGroup: 'P' }
const delivery = { id: '2', code: 'delivery', name: 'Delivery', typeGroup: 'L' }
const dinein = { id: '3', code: 'dinein', name: 'Dine-in', typeGroup: 'D' }

describe('order types', () => {
  it('maps type groups to the navigation’s delivery types', () => {
    expect([pickup, delivery, dinein].map(deliveryTypeOf)).toEqual(['Pickup', 'Delivery', 'Dine-in'])
    expect(deliveryTypeOf({ typeGroup: 'E' })).toBeNull()
  })

  it('opens on Delivery by default when offered, else the selected type, else the first', () => {
    expect(defaultOrderType([pickup, delivery, dinein], 'Delivery')).toBe(delivery)
    expect(defaultOrderType([pickup, dinein], 'Delivery')).toBe(pickup)
    expect(defaultOrderType([pickup, delivery, dinein], 'Dine-in')).toBe(dinein)
    expect(defaultOrderType([dinein], 'Pickup')).toBe(dinein)
    expect(defaultOrderType([], 'Pickup')).toBeUndefined()
  })

  it('opens on dine-in at a table when the restaurant offers it', () => {
    expect(defaultOrderType([pickup, delivery, dinein], 'Delivery', true)).toBe(dinein)
    expect(defaultOrderType([pickup, delivery], 'Delivery', true)).toBe(delivery)
  })

  it('finds the route’s menu type whatever its case', () => {
    expect(findOrderType([pickup, delivery], 'Delivery')).toBe(delivery)
    expect(findOrderType([pickup, delivery], 'dinein')).toBeUndefined()
    expect(findOrderType([pickup, delivery], null)).toBeUndefined()
  })

  it('explains when the restaurant takes no orders online', () => {
    expect(orderingUnavailableReason({ onlineOrder: true, disabledServices: {} })).toBeNull()
    expect(orderingUnavailableReason({ onlineOrder: false, disabledServices: {} })).toMatch(/not available online/)
    expect(orderingUnavailableReason({ onlineOrder: true, disabledServices: { isOnlineOrder: true } })).toMatch(/not available online/)
  })

  it('says a kitchen’s pause is for a moment, and the restaurant’s own switch wins over it', () => {
    expect(orderingUnavailableReason({ onlineOrder: true, disabledServices: {}, orderingPaused: true })).toMatch(/paused online orders for a moment/)
    expect(orderingUnavailableReason({ onlineOrder: false, disabledServices: {}, orderingPaused: true })).toMatch(/not available online/)
  })
})
