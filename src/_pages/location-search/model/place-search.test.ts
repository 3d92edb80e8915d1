import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Place } from '@/entities/location'
import { createPlaceSearch } from './place-search'

const place = (label: string): Place => ({ kind: 'city', label, secondary: '', lat: 1, lng: 2, cityName: label, country: 'IND' })

describe('createPlaceSearch', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('searches once the typing pauses, with the trimmed text', async () => {
    const search = vi.fn(async (query: string) => [place(query)])
    const box = createPlaceSearch(search, 250)
    for (const text of ['b', 'be', 'ben', 'beng ']) box.setQuery(text)
    await vi.advanceTimersByTimeAsync(249)
    expect(search).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(search).toHaveBeenCalledTimes(1)
    expect(search).toHaveBeenCalledWith('beng')
    expect(box.$results.get()).toMatchObject({ success: true, data: { query: 'beng', places: [place('beng')] } })
  })

  it('ignores the answer to an older query that arrives late', async () => {
    const search = vi.fn((query: string) => new Promise<Place[]>((resolve) => setTimeout(() => resolve([place(query)]), query === 'new' ? 1000 : 10)))
    const box = createPlaceSearch(search, 100)
    box.setQuery('new')
    await vi.advanceTimersByTimeAsync(100)
    box.setQuery('new york')
    await vi.advanceTimersByTimeAsync(2000)
    expect(box.$results.get().data).toEqual({ query: 'new york', places: [place('new york')] })
  })

  it('shows the spec message on failure and searches again on retry', async () => {
    const search = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce([place('Bengaluru')])
    const box = createPlaceSearch(search, 10)
    box.setQuery('beng')
    await vi.advanceTimersByTimeAsync(10)
    expect(box.$results.get()).toMatchObject({ success: false, error: 'Please Try Again' })
    await box.retry()
    expect(box.$results.get()).toMatchObject({ success: true, error: undefined, data: { query: 'beng' } })
  })

  it('clears the results, and cancels a pending search, when the box is emptied', async () => {
    const search = vi.fn(async (query: string) => [place(query)])
    const box = createPlaceSearch(search, 10)
    box.setQuery('beng')
    await vi.advanceTimersByTimeAsync(10)
    box.setQuery('bengal')
    box.setQuery('   ')
    await vi.advanceTimersByTimeAsync(50)
    expect(search).toHaveBeenCalledTimes(1)
    expect(box.$results.get()).toMatchObject({ loading: false, success: false, data: undefined })
  })
})
