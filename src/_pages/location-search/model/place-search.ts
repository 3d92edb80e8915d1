import { atom } from 'nanostores'
import { searchPlaces, type Place } from '@/entities/location'
import { createRequestState } from '@/shared/lib/request'

export const SEARCH_DELAY_MS = 250

export type PlaceResults = { query: string; places: Place[] }

/** A search box's state: the text, then a debounced search whose stale answers are ignored. */
export function createPlaceSearch(search: (query: string) => Promise<Place[]> = searchPlaces, delayMs = SEARCH_DELAY_MS) {
  const request = createRequestState<PlaceResults>()
  const $query = atom('')
  let timer: ReturnType<typeof setTimeout> | undefined

  const runNow = (query: string) =>
    request.run(
      async () => ({ query, places: await search(query) }),
      () => 'Please Try Again',
    )

  return {
    $query,
    $results: request.$state,
    setQuery(text: string) {
      $query.set(text)
      clearTimeout(timer)
      const query = text.trim()
      if (!query) {
        request.reset()
        return
      }
      timer = setTimeout(() => void runNow(query), delayMs)
    },
    /** Searches the current text at once: Retry after a failure. */
    retry() {
      clearTimeout(timer)
      const query = $query.get().trim()
      return query ? runNow(query) : Promise.resolve(undefined)
    },
    reset() {
      clearTimeout(timer)
      $query.set('')
      request.reset()
    },
  }
}

export const placeSearch = createPlaceSearch()
