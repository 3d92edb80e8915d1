import { describe, expect, it } from 'vitest'
import { isValetLocation, pickTrackingResult, trackerPathOf } from './tracking-result'

const runner = { name: 'Maya Ortiz', phone: '+15551234567' }
const eta = '2030-01-01T12:30:00.000Z'

describe('pickTrackingResult (docs/delivery.md, "Tracking")', () => {
  it('picks runner and trackingUrl when both are there', () => {
    expect(pickTrackingResult({ runner, trackingUrl: '/tracker/o1/orderSummary', eta })).toEqual({
      kind: 'runnerWithLink',
      runner,
      trackingUrl: '/tracker/o1/orderSummary',
      eta,
    })
  })

  it('picks the runner alone without a tracking page', () => {
    expect(pickTrackingResult({ runner, trackingUrl: null, eta })).toEqual({ kind: 'runner', runner, eta })
  })

  it('falls back to the ETA without a runner, even with a tracking page', () => {
    expect(pickTrackingResult({ runner: null, trackingUrl: '/t', eta })).toEqual({ kind: 'eta', eta })
  })

  it('has nothing to say without runner or ETA', () => {
    expect(pickTrackingResult({ runner: null, trackingUrl: '/t', eta: null })).toEqual({ kind: 'none' })
  })
})

describe('isValetLocation (docs/delivery.md, "Tracking")', () => {
  it('accepts a position with delivery_staff_id', () => {
    expect(isValetLocation({ latitude: 40.7, longitude: -73.9, delivery_staff_id: 'dashr_1' })).toBe(true)
  })

  it('refuses an answer without delivery_staff_id, with an empty one, or without a position', () => {
    expect(isValetLocation({ latitude: 40.7, longitude: -73.9 })).toBe(false)
    expect(isValetLocation({ latitude: 40.7, longitude: -73.9, delivery_staff_id: '' })).toBe(false)
    expect(isValetLocation({ latitude: null, longitude: -73.9, delivery_staff_id: 'x' })).toBe(false)
    expect(isValetLocation(null)).toBe(false)
  })
})

describe('trackerPathOf', () => {
  it('gives a delivery order its tracker route and no other order one', () => {
    const order = { orderId: 'o1', merchantType: 'restaurant', locationSlug: 'empire-burger' }
    expect(trackerPathOf({ ...order, orderTypeGroup: 'L' })).toBe('/restaurant/empire-burger/tracker/o1')
    expect(trackerPathOf({ ...order, orderTypeGroup: 'P' })).toBeNull()
  })
})
