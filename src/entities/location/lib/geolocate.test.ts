import { describe, expect, it } from 'vitest'
import { GEOLOCATION_MESSAGES, GeolocationFailure, locateDevice } from './geolocate'

const codes = { PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }

function fakeGeolocation(outcome: { lat: number; lng: number } | { code: 1 | 2 | 3 }): Geolocation {
  return {
    getCurrentPosition(success, failure) {
      if ('code' in outcome) failure?.({ ...codes, code: outcome.code, message: 'no' } as GeolocationPositionError)
      else success({ coords: { latitude: outcome.lat, longitude: outcome.lng, accuracy: 30 } } as GeolocationPosition)
    },
  } as Geolocation
}

describe('locateDevice', () => {
  it('resolves with the device position, rounded to about a metre', async () => {
    const position = await locateDevice({ geolocation: fakeGeolocation({ lat: 37.781712345, lng: -122.401198765 }), isSecureContext: true })
    expect(position).toEqual({ lat: 37.78171, lng: -122.4012, accuracyM: 30 })
  })

  it.each([
    [1, 'denied'],
    [2, 'unavailable'],
    [3, 'timeout'],
  ] as const)('turns error code %i into the "%s" message', async (code, problem) => {
    const failure = await locateDevice({ geolocation: fakeGeolocation({ code }), isSecureContext: true }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(GeolocationFailure)
    expect((failure as GeolocationFailure).problem).toBe(problem)
    expect((failure as GeolocationFailure).message).toBe(GEOLOCATION_MESSAGES[problem])
  })

  it('explains a browser without geolocation, and a page not served over https', async () => {
    await expect(locateDevice({ isSecureContext: true })).rejects.toMatchObject({ problem: 'unsupported' })
    await expect(locateDevice({ geolocation: fakeGeolocation({ lat: 1, lng: 1 }), isSecureContext: false })).rejects.toMatchObject({
      problem: 'insecure',
    })
  })
})
