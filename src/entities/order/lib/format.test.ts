import { describe, expect, it } from 'vitest'
import { cardName, formatCountdown, formatRestaurantClock, formatRestaurantTime, orderNumber, orderNumberOf } from './format'

describe('receipt formatting', () => {
  it('shows the restaurant’s wall clock, not the diner’s', () => {
    const iso = '2026-11-22T03:30:00Z'
    expect(formatRestaurantTime(iso, 'Asia/Kolkata')).toMatch(/9:00/)
    expect(formatRestaurantTime(iso, 'America/Los_Angeles')).toMatch(/7:30/)
    expect(formatRestaurantClock('2026-11-23T23:04:00Z', 'America/New_York')).toMatch(/^6:04\sPM$/)
  })

  it('names the order by its counter number, by its id only when it has none, and the card', () => {
    expect(orderNumberOf({ orderId: '8184ec28-8314-4f24-8182-e73f4252fb2a', orderNumber: 47 })).toBe('#47')
    expect(orderNumberOf({ orderId: '8184ec28-8314-4f24-8182-e73f4252fb2a', orderNumber: null })).toBe('#8184EC28')
    expect(orderNumber('8184ec28-8314-4f24-8182-e73f4252fb2a')).toBe('8184EC28')
    expect(cardName('Visa', '4242')).toBe('Visa •••• 4242')
    expect(cardName(null, null)).toBe('Card')
  })

  it('counts an ETA down in minutes, never below “any minute now”', () => {
    const now = new Date('2026-11-23T23:00:00Z')
    expect(formatCountdown('2026-11-23T23:04:00Z', now)).toBe('in 4 min')
    expect(formatCountdown('2026-11-23T23:03:01Z', now)).toBe('in 4 min')
    expect(formatCountdown('2026-11-23T22:59:00Z', now)).toBe('any minute now')
    expect(formatCountdown('2026-11-24T00:05:00Z', now)).toBe('in 1 h 5 min')
  })
})
