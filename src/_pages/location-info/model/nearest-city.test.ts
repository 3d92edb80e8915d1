import { describe, expect, it } from 'vitest'
import { describeNearest } from './nearest-city'

const city = { name: 'San Francisco', slug: 'san-francisco', state: 'California', country: 'USA', countryName: 'United States', lat: 37.7749, lng: -122.4194 }

describe('describeNearest', () => {
  it('says "near" within 50 km of the centre', () => {
    expect(describeNearest({ city, distanceKm: 1.7 })).toBe('Near San Francisco, United States (1.7 km from the centre)')
    expect(describeNearest({ city, distanceKm: 50 })).toMatch(/^Near /)
  })

  it('says how far the nearest city is beyond that', () => {
    expect(describeNearest({ city, distanceKm: 12034.4 })).toBe(
      'Far from the cities on Tablefront: the nearest is San Francisco, United States, 12,034 km away',
    )
  })
})
