// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRefusal } from '@/shared/api'
import { fetchRestaurantBySlug } from '../api/restaurant-api'
import { $restaurantRequest, loadRestaurant, RESTAURANT_NOT_FOUND } from './restaurant'

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
})
