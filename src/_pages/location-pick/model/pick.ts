import { atom } from 'nanostores'
import {
  $selectedLocation,
  nearbyPath,
  nudge,
  roundCoordinate,
  selectLocation,
  type Direction,
  type LatLng,
  type SelectedLocation,
} from '@/entities/location'
import { fetchCityCentres, type CityCentre } from '../api/city-centres'

/** How far one press of a move button takes the pin. */
export const NUDGE_METRES = 100

export type Pin = {
  point: LatLng
  source: 'pin' | 'gps'
  /** The least zoom that shows the pin usefully: close for a device position, wider for a city. */
  zoom: number
}

const WORLD: Pin = { point: { lat: 20, lng: 0 }, source: 'pin', zoom: 2 }

/** Where the pin starts: the stored location, else the city in the browser's time zone, else the first city. */
export function startingPin(selected: SelectedLocation | null, cities: CityCentre[], timeZone: string | undefined): Pin {
  if (selected) return { point: { lat: selected.lat, lng: selected.lng }, source: selected.source === 'gps' ? 'gps' : 'pin', zoom: 15 }
  const city = cities.find((candidate) => candidate.timeZone === timeZone) ?? cities[0]
  return city ? { point: { lat: city.lat, lng: city.lng }, source: 'pin', zoom: 12 } : WORLD
}

export const $pin = atom<Pin | null>(null)

export async function startPicking(): Promise<void> {
  const selected = $selectedLocation.get()
  if (selected) return $pin.set(startingPin(selected, [], undefined))
  $pin.set(null)
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const cities = await fetchCityCentres().catch((error: unknown) => {
    console.error('The city list could not be loaded; the pin starts on a world map', error)
    return []
  })
  if ($pin.get() === null) $pin.set(startingPin(null, cities, timeZone))
}

export function movePin(point: LatLng, source: Pin['source'] = 'pin', zoom?: number): void {
  const current = $pin.get()
  $pin.set({
    point: { lat: roundCoordinate(point.lat), lng: roundCoordinate(point.lng) },
    source,
    zoom: zoom ?? current?.zoom ?? WORLD.zoom,
  })
}

export function nudgePin(direction: Direction): void {
  const current = $pin.get()
  if (current) movePin(nudge(current.point, direction, NUDGE_METRES))
}

/** Stores the pin as the diner's location and gives the path of the restaurants near it. */
export function confirmPin(): string | undefined {
  const pin = $pin.get()
  if (!pin) return undefined
  const selected = selectLocation({
    ...pin.point,
    label: pin.source === 'gps' ? 'Current location' : 'Pinned point',
    source: pin.source,
  })
  return nearbyPath(selected)
}
