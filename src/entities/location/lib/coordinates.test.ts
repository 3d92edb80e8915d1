import { describe, expect, it } from 'vitest'
import { formatPoint, haversineKm, nearbyPath, nudge, parsePoint, roundCoordinate, samePoint } from './coordinates'

const soma = { lat: 37.7817, lng: -122.4012 }

describe('coordinates', () => {
  it('reads a latitude and longitude from route text', () => {
    expect(parsePoint('37.7817', '-122.4012')).toEqual({ lat: 37.7817, lng: -122.4012 })
    expect(parsePoint(' 12.97 ', '+77.59')).toEqual({ lat: 12.97, lng: 77.59 })
    expect(parsePoint('90', '-180')).toEqual({ lat: 90, lng: -180 })
  })

  it('refuses text that is not a coordinate in range', () => {
    for (const [lat, lng] of [
      ['north', '1'],
      ['', '1'],
      ['1e2', '1'],
      ['0x10', '1'],
      ['90.5', '0'],
      ['0', '180.0001'],
      ['Infinity', '0'],
      ['1', undefined],
    ] as const) {
      expect(parsePoint(lat, lng), `${lat},${lng}`).toBeNull()
    }
  })

  it('rounds to five decimals and compares points at that precision', () => {
    expect(roundCoordinate(37.781723456)).toBe(37.78172)
    expect(roundCoordinate(-0.000001)).toBe(0)
    expect(samePoint({ lat: 12.971600001, lng: 77.5946 }, { lat: 12.9716, lng: 77.594600004 })).toBe(true)
    expect(samePoint({ lat: 12.9716, lng: 77.5946 }, { lat: 12.9717, lng: 77.5946 })).toBe(false)
    expect(formatPoint({ lat: 37.781723, lng: -122.40121 })).toBe('37.78172, -122.40121')
  })

  it('builds the nearby route of a point', () => {
    expect(nearbyPath({ lat: 37.7817, lng: -122.4012 })).toBe('/restaurants/location/37.7817/-122.4012')
    expect(nearbyPath({ lat: 0.000001, lng: 12.123456789 })).toBe('/restaurants/location/0/12.12346')
  })
})

describe('nudge', () => {
  it('moves about the asked distance in each direction', () => {
    for (const direction of ['north', 'south', 'east', 'west'] as const) {
      const moved = nudge(soma, direction, 100)
      expect(haversineKm(soma, moved)).toBeCloseTo(0.1, 2)
    }
    expect(nudge(soma, 'north', 100).lat).toBeGreaterThan(soma.lat)
    expect(nudge(soma, 'west', 100).lng).toBeLessThan(soma.lng)
  })

  it('stays on the map at the poles and wraps across the date line', () => {
    expect(nudge({ lat: 84.9999, lng: 0 }, 'north', 1000).lat).toBe(85)
    expect(nudge({ lat: 0, lng: 179.9999 }, 'east', 1000).lng).toBeLessThan(-179)
  })
})
