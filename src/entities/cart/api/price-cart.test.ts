import { describe, expect, it } from 'vitest'
import { EMPTY_CART, type Cart } from '../model/cart'
import { toTotalsRequest } from './price-cart'

const cart = (extra: Partial<Cart>): Cart => ({
  ...EMPTY_CART,
  locationId: 'loc-1',
  orderTypeId: 'pickup',
  cartInitialized: true,
  restaurant: {
    orderTypes: [
      { id: 'p', code: 'pickup', name: 'Pickup', typeGroup: 'P' },
      { id: 'l', code: 'delivery', name: 'Delivery', typeGroup: 'L' },
    ],
  } as Cart['restaurant'],
  items: [
    {
      lineId: 'line-1',
      itemId: 'item-1',
      name: 'Margherita',
      slug: 'margherita',
      quantity: 2,
      unitPrice: 3000,
      options: [{ modifierOptionId: 'opt-14', optionName: '14"', price: 600, quantity: 1, modifier: 'Size', typeId: 1 }],
      modifierIds: ['size'],
      comment: '',
    },
  ],
  ...extra,
})

describe('the totals request of a cart', () => {
  it('names items and options only: prices are the server’s', () => {
    expect(toTotalsRequest(cart({ tip: { tipType: 'NONE', tipValue: 0 } }))).toEqual({
      locationId: 'loc-1',
      orderTypeCode: 'pickup',
      items: [{ itemId: 'item-1', quantity: 2, options: [{ modifierOptionId: 'opt-14', quantity: 1 }] }],
      tip: { tipType: 'NONE', value: 0 },
    })
  })

  it('sends the delivery place for a delivery only', () => {
    const deliveryLocation = { lat: 37.78, lng: -122.4, label: 'SoMa' }
    expect(toTotalsRequest(cart({ deliveryLocation }))).not.toHaveProperty('deliveryLocation')
    expect(toTotalsRequest(cart({ deliveryLocation, orderTypeId: 'delivery' }))?.deliveryLocation).toEqual({ lat: 37.78, lng: -122.4 })
  })

  it('asks for the chosen wallet amount only when the diner uses the wallet', () => {
    expect(toTotalsRequest(cart({}))).not.toHaveProperty('walletAmount')
    expect(toTotalsRequest(cart({ walletAmount: 500 }))?.walletAmount).toBe(500)
  })

  it('has nothing to price without items', () => {
    expect(toTotalsRequest(cart({ items: [] }))).toBeNull()
    expect(toTotalsRequest(EMPTY_CART)).toBeNull()
  })
})
