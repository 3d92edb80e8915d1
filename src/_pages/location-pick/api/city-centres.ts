import { call, type City } from '@/shared/api'

export type CityCentre = Pick<City, 'name' | 'timeZone' | 'lat' | 'lng'>

/** The known cities' centres (`GET /cities`), to start the pin somewhere sensible. */
export const fetchCityCentres = (): Promise<CityCentre[]> => call('GET /cities', {})
