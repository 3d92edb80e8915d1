import { describe, expect, it } from 'vitest'
import { coverageAt, formatKm } from './coverage'

const olive = { delivery: true, deliveryKMRadius: 5, takeAway: true, dining: true, defaultPickUpETA: 20, defaultDeliveryETA: 40 }

describe('coverageAt', () => {
  it('delivers within the delivery radius, edge included, with both ETAs', () => {
    expect(coverageAt(olive, 0.6)).toEqual({
      deliversHere: true,
      label: 'Delivers here',
      tone: 'good',
      etas: ['Pickup in about 20 min', 'Delivery in about 40 min'],
    })
    expect(coverageAt(olive, 5).deliversHere).toBe(true)
  })

  it('is too far for delivery past the radius, leaving the pickup ETA', () => {
    expect(coverageAt(olive, 5.1)).toEqual({ deliversHere: false, label: 'Too far for delivery', tone: 'limited', etas: ['Pickup in about 20 min'] })
  })

  it('says pickup only, or dine-in only, for a place that does not deliver at all', () => {
    expect(coverageAt({ ...olive, delivery: false, deliveryKMRadius: 0 }, 0.1).label).toBe('Pickup only')
    const bar = { ...olive, delivery: false, deliveryKMRadius: 0, takeAway: false }
    expect(coverageAt(bar, 0.1)).toEqual({ deliversHere: false, label: 'Dine-in only', tone: 'limited', etas: [] })
    expect(coverageAt({ ...bar, dining: false }, 0.1).label).toBe('No delivery')
  })

  it('never delivers with a radius of zero', () => {
    expect(coverageAt({ ...olive, deliveryKMRadius: 0 }, 0.01).label).toBe('Too far for delivery')
  })
})

describe('formatKm', () => {
  it('shows kilometres with one decimal', () => {
    expect(formatKm(0.6)).toBe('0.6 km')
    expect(formatKm(2)).toBe('2.0 km')
    expect(formatKm(13448.66)).toBe('13,448.7 km')
  })
})
