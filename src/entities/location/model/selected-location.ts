import { atom, onMount } from 'nanostores'
import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import { formatPoint, isValidPoint, roundCoordinate } from '../lib/coordinates'

export type LocationSource = 'gps' | 'pin' | 'search'

/** Where the diner wants to eat: from their device (gps), a pin on the map, or a search result. */
export type SelectedLocation = { lat: number; lng: number; label: string; source: LocationSource }

const SOURCES: readonly LocationSource[] = ['gps', 'pin', 'search']
const LABEL_MAX_LENGTH = 200

function isSelectedLocation(value: unknown): value is SelectedLocation {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return (
    typeof candidate.lat === 'number' &&
    typeof candidate.lng === 'number' &&
    isValidPoint({ lat: candidate.lat, lng: candidate.lng }) &&
    typeof candidate.label === 'string' &&
    SOURCES.includes(candidate.source as LocationSource)
  )
}

function readStored(): SelectedLocation | null {
  const stored = secureStorage.get<unknown>(STORAGE_KEYS.selectedLocation)
  if (stored === undefined) return null
  if (isSelectedLocation(stored)) return stored
  secureStorage.remove(STORAGE_KEYS.selectedLocation)
  return null
}

/** The diner's chosen location, kept encrypted in browser storage (docs/app.md, "Stored in the browser"). */
export const $selectedLocation = atom<SelectedLocation | null>(readStored())

onMount($selectedLocation, () => {
  if (typeof window === 'undefined') return
  // Another tab chose or forgot a location.
  const sync = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.selectedLocation || event.key === null) $selectedLocation.set(readStored())
  }
  window.addEventListener('storage', sync)
  return () => window.removeEventListener('storage', sync)
})

export function selectLocation(location: SelectedLocation): SelectedLocation {
  if (!isSelectedLocation(location)) throw new RangeError('A selected location needs a latitude, a longitude, a label and a source.')
  const point = { lat: roundCoordinate(location.lat), lng: roundCoordinate(location.lng) }
  const label = location.label.trim().slice(0, LABEL_MAX_LENGTH) || formatPoint(point)
  const selected: SelectedLocation = { ...point, label, source: location.source }
  secureStorage.set(STORAGE_KEYS.selectedLocation, selected)
  $selectedLocation.set(selected)
  return selected
}

export function clearSelectedLocation(): void {
  secureStorage.remove(STORAGE_KEYS.selectedLocation)
  $selectedLocation.set(null)
}
