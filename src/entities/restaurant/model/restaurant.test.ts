// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRefusal } from '@/shared/api'
import type { RestaurantDetail } from '@/shared/api'
import { STORAGE_KEYS } from '@/shared/lib/storage'
import { $persistedRoot } from '@/shared/model'
import { fetchRestaurantBySlug } from '../api/restaurant-api'
import { $currentRestaurant, $restaurantRequest, loadRestaurant, RESTAURANT_NOT_FOUND } from './restaurant'

vi.mock('../api/restaurant-api', async (original) => ({
  ...(await original<typeof import('../api/restaurant-api')>()),
  fetchRestaurantBySlug: vi.fn(),
}))

beforeEach(() => {
  vi.resetAllMocks()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('loading a restaurant by slug', () => {
  it('an unknown restaurant (the API said 404) is "not found", not "Please Try Again" with a Retry that cannot help', async () => {
    vi.mocked(fetchRestaurantBySlug).mockRejectedValueOnce(new ApiRefusal({ status: 404, code: 'not_found', message: 'The restaurant was not found.' }))
    expect(await loadRestaurant('no-such-place')).toBeUndefined()
    expect($restaurantRequest.get().error).toBe(RESTAURANT_NOT_FOUND)
    vi.mocked(fetchRestaurantBySlug).mockRejectedValueOnce(new ApiRefusal({ status: 400, code: 'invalid_request', message: 'Invalid request: slug must be a slug.' }))
    await loadRestaurant('Bad Slug!')
    expect($restaurantRequest.get().error).toBe(RESTAURANT_NOT_FOUND)
  })

  it('a failure that may pass (the network, a 5xx) is "Please Try Again"', async () => {
    vi.mocked(fetchRestaurantBySlug).mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await loadRestaurant('olive-tree-soma')
    expect($restaurantRequest.get().error).toBe('Please Try Again')
    vi.mocked(fetchRestaurantBySlug).mockRejectedValueOnce(new ApiRefusal({ status: 500, code: 'internal_error', message: 'Something went wrong.' }))
    await loadRestaurant('olive-tree-soma')
    expect($restaurantRequest.get().error).toBe('Please Try Again')
  })

  it('a detail the same as the stored one is not written again; a changed one is', async () => {
    const detail = { id: 'loc-soma', merchantName: 'Olive Tree', branchName: 'SoMa', locationSlug: 'olive-tree-soma', merchantSlug: 'olive-tree' } as RestaurantDetail
    vi.mocked(fetchRestaurantBySlug).mockResolvedValue({ ...detail })
    await loadRestaurant('olive-tree-soma')
    const stored = localStorage.getItem(STORAGE_KEYS.persistedRoot)
    expect($currentRestaurant.get()).toEqual(detail)
    const writes: unknown[] = []
    const stop = $persistedRoot.listen((root) => writes.push(root))
    await loadRestaurant('olive-tree-soma')
    expect(writes).toHaveLength(0)
    expect(localStorage.getItem(STORAGE_KEYS.persistedRoot)).toBe(stored)
    vi.mocked(fetchRestaurantBySlug).mockResolvedValue({ ...detail, branchName: 'SoMa (new)' })
    await loadRestaurant('olive-tree-soma')
    stop()
    expect(writes).toHaveLength(1)
    expect($currentRestaurant.get()?.branchName).toBe('SoMa (new)')
  })
})
