import { api, isErrorBody } from '@/shared/api'

export type CityCentre = { name: string; timeZone: string; lat: number; lng: number }

/** The known cities' centres (`GET /cities`), to start the pin somewhere sensible. */
export async function fetchCityCentres(): Promise<CityCentre[]> {
  const cities = await api.get<CityCentre[]>('/cities')
  if (isErrorBody(cities)) throw new Error(cities.message)
  return cities
}
