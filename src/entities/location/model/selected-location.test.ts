// @vitest-environment happy-dom
import { cleanStores, keepMount } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { decryptValue, encryptValue, STORAGE_KEYS } from '@/shared/lib/storage'

const load = async () => {
  vi.resetModules()
  return import('./selected-location')
}

describe('$selectedLocation (docs/app.md, "Stored in the browser")', () => {
  let loaded: Awaited<ReturnType<typeof load>> | undefined
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    if (loaded) cleanStores(loaded.$selectedLocation)
    loaded = undefined
  })

  it('starts empty when nothing is stored', async () => {
    loaded = await load()
    expect(loaded.$selectedLocation.get()).toBeNull()
  })

  it('stores the selection encrypted and restores it after a reload', async () => {
    loaded = await load()
    keepMount(loaded.$selectedLocation)
    loaded.selectLocation({ lat: 12.97160004, lng: 77.5946, label: ' Bengaluru ', source: 'search' })
    const expected = { lat: 12.9716, lng: 77.5946, label: 'Bengaluru', source: 'search' }
    expect(loaded.$selectedLocation.get()).toEqual(expected)

    const raw = localStorage.getItem(STORAGE_KEYS.selectedLocation)!
    expect(raw).toMatch(/^U2FsdGVkX1/)
    expect(raw).not.toContain('Bengaluru')
    expect(decryptValue(raw)).toEqual(expected)

    cleanStores(loaded.$selectedLocation)
    loaded = await load()
    expect(loaded.$selectedLocation.get()).toEqual(expected)
  })

  it('labels an unnamed point with its coordinates', async () => {
    loaded = await load()
    expect(loaded.selectLocation({ lat: 37.7817, lng: -122.4012, label: '  ', source: 'pin' }).label).toBe('37.7817, -122.4012')
  })

  it('refuses a point out of range or an unknown source, and keeps the previous selection', async () => {
    loaded = await load()
    const { selectLocation, $selectedLocation } = loaded
    selectLocation({ lat: 40.7128, lng: -74.006, label: 'New York', source: 'search' })
    expect(() => selectLocation({ lat: 91, lng: 0, label: 'x', source: 'pin' })).toThrow(RangeError)
    expect(() => selectLocation({ lat: Number.NaN, lng: 0, label: 'x', source: 'pin' })).toThrow(RangeError)
    expect(() => selectLocation({ lat: 1, lng: 1, label: 'x', source: 'guess' as never })).toThrow(RangeError)
    expect($selectedLocation.get()?.label).toBe('New York')
  })

  it('drops a stored value that was tampered with or has the wrong shape', async () => {
    localStorage.setItem(STORAGE_KEYS.selectedLocation, 'not-ours')
    loaded = await load()
    expect(loaded.$selectedLocation.get()).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.selectedLocation)).toBeNull()

    localStorage.setItem(STORAGE_KEYS.selectedLocation, encryptValue({ lat: 200, lng: 0, label: 'x', source: 'gps' }))
    loaded = await load()
    expect(loaded.$selectedLocation.get()).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.selectedLocation)).toBeNull()
  })

  it('forgets the selection on clear', async () => {
    loaded = await load()
    loaded.selectLocation({ lat: 1, lng: 2, label: 'Somewhere', source: 'gps' })
    loaded.clearSelectedLocation()
    expect(loaded.$selectedLocation.get()).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.selectedLocation)).toBeNull()
    loaded = await load()
    expect(loaded.$selectedLocation.get()).toBeNull()
  })

  it('follows a change made in another tab', async () => {
    loaded = await load()
    keepMount(loaded.$selectedLocation)
    localStorage.setItem(STORAGE_KEYS.selectedLocation, encryptValue({ lat: 1, lng: 2, label: 'Other tab', source: 'pin' }))
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.selectedLocation }))
    expect(loaded.$selectedLocation.get()?.label).toBe('Other tab')
  })
})
