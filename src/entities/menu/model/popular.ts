import { map } from 'nanostores'
import { fetchPopular } from '../api/menu-api'

/** Popular dish ids by location; a location that failed to answer has none (the menu shows no section). */
export const $popularDishes = map<Record<string, string[]>>({})

const asked = new Set<string>()

/** Asks once per location and page load: the answer changes slowly (counted every 10 minutes). */
export function ensurePopular(locationId: string): void {
  if (asked.has(locationId)) return
  asked.add(locationId)
  fetchPopular(locationId).then(
    (answer) => $popularDishes.setKey(locationId, answer.itemIds),
    // "Popular" is a nicety: without it the menu is whole, so a failure shows nothing.
    () => $popularDishes.setKey(locationId, []),
  )
}
