import { atom } from 'nanostores'
import type { LatLng } from '@/entities/location'
import { findMerchants } from '@/entities/restaurant'
import type { FindMerchantResponse } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'

/** The most restaurants one nearby search lists (the API's page size limit). */
export const NEARBY_PAGE_SIZE = 100

const nearbyRequest = createRequestState<{ point: LatLng; result: FindMerchantResponse }>()
export const $nearbyRequest = nearbyRequest.$state

/** The restaurant highlighted on the map and in the list. */
export const $highlightedRestaurant = atom<string | null>(null)

export async function loadNearby(point: LatLng): Promise<void> {
  $highlightedRestaurant.set(null)
  await nearbyRequest.run(
    async () => ({ point, result: await findMerchants({ lat: point.lat, lng: point.lng, page: 0, size: NEARBY_PAGE_SIZE }) }),
    () => 'Please Try Again',
  )
}

export function highlightRestaurant(id: string | null): void {
  $highlightedRestaurant.set(id)
}
