import { describe, expect, it } from 'vitest'
import { cardName, formatRestaurantTime, orderNumber } from './format'

describe('receipt formatting', () => {
  it('shows the restaurant’s wall clock, not the diner’s', () => {
    const iso = '2026-11-22T03:30:00Z'
    expect(formatRestaurantTime(iso, 'Asia/Kolkata')).toMatch(/9:00/)
    expect(formatRestaurantTime(iso, 'America/Los_Angeles')).toMatch(/7:30/)
  })

  it('names the order and the card', () => {
    expect(orderNumber('8184ec28-8314-4f24-8182-e73f4252fb2a')).toBe('8184EC28')
    expect(cardName('Visa', '4242')).toBe('Visa •••• 4242')
    expect(cardName(null, null)).toBe('Card')
  })
})
