import type { Env } from '../../env'
import type { Geocoder } from './geocoder-provider'
import { httpGeocoder } from './http-geocoder'
import { sandboxGeocoder } from './sandbox-geocoder'

export type { GeocodedAddress, GeocodeQuery, Geocoder } from './geocoder-provider'
export { GeocoderUnavailable } from './geocoder-provider'
export { httpGeocoder } from './http-geocoder'
export { sandboxGeocoder } from './sandbox-geocoder'

/** The geocoder at GEOCODER_URL when one is configured, else the sandbox's, which knows the demo cities. */
export function createGeocoder(env: Pick<Env, 'GEOCODER_URL'>, fetchImpl: typeof fetch = fetch): Geocoder {
  return env.GEOCODER_URL ? httpGeocoder(env.GEOCODER_URL, fetchImpl) : sandboxGeocoder()
}
