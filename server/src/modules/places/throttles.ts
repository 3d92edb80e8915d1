import type { Limit } from '../../lib/rate-limit'

/**
 * Address searches per client address (docs/checkout.md "Addresses"): the geocoder at GEOCODER_URL
 * may be paid per request, so one client cannot spend it. A diner typing an address makes a
 * handful (one per 250 ms pause); 100 in 10 minutes is many addresses, far from a script's flood.
 */
export const GEOCODE_PER_CLIENT: Limit = { name: 'geocode:client', max: 100, windowMs: 10 * 60_000, what: 'address searches' }
