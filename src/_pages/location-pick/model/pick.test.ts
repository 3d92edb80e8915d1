// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { $selectedLocation, clearSelectedLocation } from '@/entities/location'
import { $pin, confirmPin, movePin, nudgePin, startingPin } from './pick'

const cities = [
  { name: 'Bengaluru', timeZone: 'Asia/Kolkata', lat: 12.9716, lng: 77.5946 },
  { name: 'San Francisco', timeZone: 'America/Los_Angeles', lat: 37.7749, lng: -122.4194 },
]

describe('the location picker', () => {
  beforeEach(() => {
    localStorage.clear()
    clearSelectedLocation()
    $pin.set(null)
  })

  it('starts at the stored location, else at the city of the browser time zone, else the first city', () => {
    expect(startingPin({ lat: 1, lng: 2, label: 'x', source: 'search' }, cities, 'Asia/Kolkata')).toEqual({ point: { lat: 1, lng: 2 }, source: 'pin', zoom: 15 })
    expect(startingPin(null, cities, 'America/Los_Angeles').point).toEqual({ lat: 37.7749, lng: -122.4194 })
    expect(startingPin(null, cities, 'Europe/Paris').point).toEqual({ lat: 12.9716, lng: 77.5946 })
    expect(startingPin(null, [], 'Europe/Paris')).toMatchObject({ zoom: 2 })
  })

  it('moves the pin 100 m per press and marks it as placed by hand', () => {
    movePin({ lat: 37.7817, lng: -122.4012 }, 'gps', 16)
    nudgePin('north')
    const pin = $pin.get()!
    expect(pin.source).toBe('pin')
    expect(pin.zoom).toBe(16)
    expect(pin.point.lat).toBeCloseTo(37.7817 + 100 / 111_320, 5)
    expect(pin.point.lng).toBe(-122.4012)
  })

  it('stores the confirmed point as the selected location and returns the nearby route', () => {
    movePin({ lat: 12.9718, lng: 77.6411 }, 'gps', 16)
    expect(confirmPin()).toBe('/restaurants/location/12.9718/77.6411')
    expect($selectedLocation.get()).toEqual({ lat: 12.9718, lng: 77.6411, label: 'Current location', source: 'gps' })
    movePin({ lat: 12.97, lng: 77.6 })
    confirmPin()
    expect($selectedLocation.get()).toMatchObject({ label: 'Pinned point', source: 'pin' })
  })
})
