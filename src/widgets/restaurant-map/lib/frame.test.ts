import { describe, expect, it } from 'vitest'
import { frameAround } from './frame'

const soma = { lat: 37.7817, lng: -122.4012 }

describe('frameAround', () => {
  it('shows only the centre when there is nothing else', () => {
    expect(frameAround(soma, [])).toEqual({ kind: 'point', center: soma })
  })

  it('frames the centre and the nearby points, leaving far ones out', () => {
    const frame = frameAround(soma, [
      { lat: 37.7861, lng: -122.3969 },
      { lat: 37.7649, lng: -122.4215 },
      { lat: 12.9716, lng: 77.5946 },
    ])
    expect(frame).toEqual({ kind: 'bounds', southWest: { lat: 37.7649, lng: -122.4215 }, northEast: { lat: 37.7861, lng: -122.3969 } })
  })

  it('falls back to the nearest point when none is near', () => {
    const frame = frameAround({ lat: 0, lng: 0 }, [
      { lat: 40.7, lng: -74 },
      { lat: 12.97, lng: 77.59 },
    ])
    expect(frame).toEqual({ kind: 'bounds', southWest: { lat: 0, lng: 0 }, northEast: { lat: 12.97, lng: 77.59 } })
  })
})
