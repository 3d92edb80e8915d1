import { roundCoordinate, type LatLng } from './coordinates'

export type GeolocationProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported' | 'insecure'

export const GEOLOCATION_MESSAGES: Record<GeolocationProblem, string> = {
  denied:
    "Location access is turned off for this site. Allow it in your browser's site settings, or search for a place or move the pin instead.",
  unavailable: 'Your device could not work out where you are. Search for a place or move the pin instead.',
  timeout: 'Finding your location took too long. Try again, or search for a place instead.',
  unsupported: 'This browser cannot share your location. Search for a place or move the pin instead.',
  insecure: 'Your location can only be shared over a secure (https) connection. Search for a place or move the pin instead.',
}

export class GeolocationFailure extends Error {
  constructor(readonly problem: GeolocationProblem) {
    super(GEOLOCATION_MESSAGES[problem])
    this.name = 'GeolocationFailure'
  }
}

export const GEOLOCATION_TIMEOUT_MS = 15_000

type Environment = { geolocation?: Geolocation; isSecureContext?: boolean }

const browser = (): Environment => ({
  geolocation: typeof navigator === 'undefined' ? undefined : navigator.geolocation,
  isSecureContext: typeof window === 'undefined' ? undefined : window.isSecureContext,
})

/** The device's position once, or a GeolocationFailure whose message tells the diner what to do. */
export function locateDevice(environment: Environment = browser(), timeoutMs = GEOLOCATION_TIMEOUT_MS): Promise<LatLng & { accuracyM: number }> {
  return new Promise((resolve, reject) => {
    if (environment.isSecureContext === false) return reject(new GeolocationFailure('insecure'))
    if (!environment.geolocation) return reject(new GeolocationFailure('unsupported'))
    environment.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          lat: roundCoordinate(position.coords.latitude),
          lng: roundCoordinate(position.coords.longitude),
          accuracyM: position.coords.accuracy,
        }),
      (error) => {
        const problem: GeolocationProblem =
          error.code === error.PERMISSION_DENIED ? 'denied' : error.code === error.TIMEOUT ? 'timeout' : 'unavailable'
        reject(new GeolocationFailure(problem))
      },
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 60_000 },
    )
  })
}
