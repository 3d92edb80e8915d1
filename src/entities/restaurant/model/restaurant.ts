import { computed } from 'nanostores'
import type { RestaurantDetail } from '@/shared/api'
import { ApiRefusal } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { $persistedRoot, updatePersistedRoot } from '@/shared/model'
import { fetchRestaurantBySlug } from '../api/restaurant-api'
import { resolveTheme } from '../lib/theme'

/** The restaurant the diner is looking at; kept across reloads by the persisted root. */
export const $currentRestaurant = computed($persistedRoot, (root) => root.restaurant)

export const $restaurantTheme = computed($currentRestaurant, (restaurant) => resolveTheme(restaurant))

/** The API said 404 (or refused the slug itself): no Retry can help, so the diner is told so. */
export const RESTAURANT_NOT_FOUND = 'This restaurant was not found'

const restaurantRequest = createRequestState<RestaurantDetail>()
export const $restaurantRequest = restaurantRequest.$state

/** Loads a restaurant by slug; a load first resets the detail to the default (docs/app.md, "Request state"). */
export async function loadRestaurant(slug: string): Promise<RestaurantDetail | undefined> {
  const current = $currentRestaurant.get()
  if (current && current.locationSlug !== slug && current.merchantSlug !== slug) {
    updatePersistedRoot({ restaurant: null })
  }
  const detail = await restaurantRequest.run(
    () => fetchRestaurantBySlug(slug),
    (error) => {
      console.error('Loading the restaurant failed:', error)
      const status = error instanceof ApiRefusal ? error.status : undefined
      return status === 404 || status === 400 ? RESTAURANT_NOT_FOUND : 'Please Try Again'
    },
  )
  // The same detail as the stored one (a reload, the cart after the menu) is not encrypted and
  // written again, nor sent to every screen that reads it (docs/app.md, "Start-up work").
  if (detail && JSON.stringify(detail) !== JSON.stringify($currentRestaurant.get())) updatePersistedRoot({ restaurant: detail })
  return detail
}

export function clearRestaurant(): void {
  restaurantRequest.reset()
  updatePersistedRoot({ restaurant: null })
}
