// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FavouritesResponse } from '@/shared/api'
import { $toasts } from '@/shared/ui'
import { $session } from '@/entities/session/@x/favourite'
import { addFavourite, fetchFavourites, removeFavourite } from '../api/favourites-api'
import { ApiRefusal } from '@/shared/api'
import {
  $favouriteItems,
  $favouriteRestaurants,
  $favouritesRequest,
  ensureFavouritesLoaded,
  isFavourite,
  loadFavourites,
  resetFavourites,
  toggleItemFavourite,
  toggleRestaurantFavourite,
} from './favourites'

vi.mock('../api/favourites-api', async (original) => ({
  ...(await original<typeof import('../api/favourites-api')>()),
  fetchFavourites: vi.fn(),
  addFavourite: vi.fn(),
  removeFavourite: vi.fn(),
}))

const fetchMock = vi.mocked(fetchFavourites)
const addMock = vi.mocked(addFavourite)
const removeMock = vi.mocked(removeFavourite)

const bearer = { Authorization: 'Bearer access-asha' }
const signIn = (userId = 'asha', accessToken = 'access-asha') =>
  $session.set({ status: 'signedIn', userId, accessToken, refreshToken: '', user: null })

const answer = (items: [string, string][], restaurants: string[] = []): FavouritesResponse => ({
  restaurants: restaurants.map((locationId) => ({
    locationId, branchName: '', merchantName: '', merchantType: 'restaurant', merchantSlug: '', locationSlug: '', city: '', logo: null,
  })),
  items: items.map(([itemId, locationId]) => ({
    itemId, locationId, name: itemId, slug: itemId, price: 100, currency: 'USD', merchantType: 'restaurant', locationSlug: '',
  })),
})

/** A promise to settle by hand, to look at the stores while a request is on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

const refused = () => new ApiRefusal({ message: 'Your session has expired. Please sign in again.', status: 401, code: 'token_expired' })
const item = (itemId: string, locationId = 'loc-1') => ({ itemId, locationId })

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  signIn()
  resetFavourites()
  $toasts.set([])
})
afterEach(() => {
  vi.resetAllMocks()
  $session.set({ status: 'guest' })
})

describe('fetching favourites', () => {
  it('rebuilds the map keyed by itemId and the restaurant set from each answer', async () => {
    fetchMock.mockResolvedValueOnce(answer([['i-1', 'loc-1'], ['i-2', 'loc-1']], ['loc-1']))
    await loadFavourites('loc-1')
    expect(fetchMock).toHaveBeenCalledWith({ customerId: 'asha', locationId: 'loc-1' }, bearer)
    expect($favouriteItems.get()).toEqual({ 'i-1': item('i-1'), 'i-2': item('i-2') })
    expect([...$favouriteRestaurants.get()]).toEqual(['loc-1'])

    fetchMock.mockResolvedValueOnce(answer([['i-9', 'loc-2']]))
    await loadFavourites()
    expect(fetchMock).toHaveBeenLastCalledWith({ customerId: 'asha' }, bearer)
    expect($favouriteItems.get()).toEqual({ 'i-9': item('i-9', 'loc-2') })
    expect($favouriteRestaurants.get().size).toBe(0)
    expect($favouritesRequest.get()).toMatchObject({ loading: false, success: true })
  })

  it('keeps the last favourites and stores the message when a fetch fails', async () => {
    fetchMock.mockResolvedValueOnce(answer([['i-1', 'loc-1']]))
    await loadFavourites('loc-1')
    fetchMock.mockRejectedValueOnce(new Error('network down'))
    await loadFavourites('loc-1')
    expect($favouritesRequest.get()).toMatchObject({ loading: false, success: false, error: 'Please Try Again' })
    expect(Object.keys($favouriteItems.get())).toEqual(['i-1'])
  })

  it('fetches once for many buttons of one restaurant, and not again when everything is loaded', async () => {
    fetchMock.mockResolvedValue(answer([]))
    await Promise.all([ensureFavouritesLoaded('loc-1'), ensureFavouritesLoaded('loc-1'), ensureFavouritesLoaded('loc-1')])
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await ensureFavouritesLoaded('loc-2')
    expect(fetchMock).toHaveBeenCalledTimes(2)
    await ensureFavouritesLoaded()
    await ensureFavouritesLoaded('loc-3')
    expect(fetchMock).toHaveBeenCalledTimes(3)
  })

  it('asks nothing of the server for a guest', async () => {
    $session.set({ status: 'guest' })
    expect(await loadFavourites('loc-1')).toBeUndefined()
    expect(await ensureFavouritesLoaded('loc-1')).toBeUndefined()
    await expect(toggleRestaurantFavourite('loc-1')).rejects.toThrow(/signed-in/)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(addMock).not.toHaveBeenCalled()
  })
})

describe('toggling favourites', () => {
  it('marks an item at once, then saves it with the bearer token', async () => {
    const saved = deferred<never>()
    addMock.mockReturnValueOnce(saved.promise)
    const toggled = toggleItemFavourite(item('i-1'))
    expect(isFavourite({ kind: 'item', ...item('i-1') })).toBe(true)
    await vi.waitFor(() =>
      expect(addMock).toHaveBeenCalledWith({ customerId: 'asha', locationId: 'loc-1', itemId: 'i-1' }, bearer),
    )
    saved.resolve(undefined as never)
    expect(await toggled).toBe(true)
    expect($favouriteItems.get()).toEqual({ 'i-1': item('i-1') })
    expect($toasts.get()).toEqual([])
  })

  it('removes a favourite restaurant with DELETE and no itemId', async () => {
    fetchMock.mockResolvedValueOnce(answer([], ['loc-1']))
    await loadFavourites('loc-1')
    removeMock.mockResolvedValueOnce({ removed: true })
    expect(await toggleRestaurantFavourite('loc-1')).toBe(false)
    expect(removeMock).toHaveBeenCalledWith({ customerId: 'asha', locationId: 'loc-1' }, bearer)
    expect($favouriteRestaurants.get().has('loc-1')).toBe(false)
  })

  it('rolls back and shows the server message in a toast when saving fails', async () => {
    addMock.mockRejectedValueOnce(refused())
    expect(await toggleItemFavourite(item('i-1'))).toBe(false)
    expect($favouriteItems.get()).toEqual({})
    expect($toasts.get()).toEqual([expect.objectContaining({ message: 'Your session has expired. Please sign in again.', tone: 'error' })])
  })

  it('rolls a removal back too, with the generic message when the server gave none', async () => {
    fetchMock.mockResolvedValueOnce(answer([], ['loc-1']))
    await loadFavourites('loc-1')
    removeMock.mockRejectedValueOnce(new Error('socket hang up'))
    expect(await toggleRestaurantFavourite('loc-1')).toBe(true)
    expect($favouriteRestaurants.get().has('loc-1')).toBe(true)
    expect($toasts.get().map((toast) => toast.message)).toEqual(['Please Try Again'])
  })

  it('sends quick toggles of one target in order and lets the last one decide', async () => {
    const first = deferred<never>()
    addMock.mockReturnValueOnce(first.promise)
    removeMock.mockResolvedValueOnce({ removed: true })
    const on = toggleItemFavourite(item('i-1'))
    const off = toggleItemFavourite(item('i-1'))
    expect(isFavourite({ kind: 'item', ...item('i-1') })).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(addMock).toHaveBeenCalledTimes(1)
    expect(removeMock).not.toHaveBeenCalled()
    first.reject(new Error('timeout'))
    await Promise.all([on, off])
    expect(removeMock).toHaveBeenCalledTimes(1)
    expect($favouriteItems.get()).toEqual({})
    expect($toasts.get()).toEqual([])
  })

  it('rolls back to what the server last confirmed when the last of quick toggles fails', async () => {
    addMock.mockResolvedValueOnce(undefined as never)
    removeMock.mockRejectedValueOnce(refused())
    await Promise.all([toggleItemFavourite(item('i-1')), toggleItemFavourite(item('i-1'))])
    expect($favouriteItems.get()).toEqual({ 'i-1': item('i-1') })
    expect($toasts.get()).toHaveLength(1)
  })

  it('keeps a toggle on its way when a fetch answers in the meantime', async () => {
    const saved = deferred<never>()
    addMock.mockReturnValueOnce(saved.promise)
    fetchMock.mockResolvedValueOnce(answer([['i-2', 'loc-1']]))
    const toggled = toggleItemFavourite(item('i-1'))
    await loadFavourites('loc-1')
    expect(Object.keys($favouriteItems.get()).sort()).toEqual(['i-1', 'i-2'])
    saved.resolve(undefined as never)
    await toggled
    expect(Object.keys($favouriteItems.get()).sort()).toEqual(['i-1', 'i-2'])
  })
})

describe('when the customer changes', () => {
  it('forgets the favourites on sign-out and ignores answers meant for the previous customer', async () => {
    const late = deferred<FavouritesResponse>()
    fetchMock.mockResolvedValueOnce(answer([['i-1', 'loc-1']], ['loc-1']))
    await loadFavourites('loc-1')
    fetchMock.mockReturnValueOnce(late.promise)
    const pendingLoad = loadFavourites()
    $session.set({ status: 'guest' })
    expect($favouriteItems.get()).toEqual({})
    expect($favouriteRestaurants.get().size).toBe(0)
    late.resolve(answer([['i-7', 'loc-1']]))
    await pendingLoad
    expect($favouriteItems.get()).toEqual({})
    expect($favouritesRequest.get().data).toBeUndefined()
  })

  it('loads again for the next customer instead of trusting the last one', async () => {
    fetchMock.mockResolvedValue(answer([]))
    await ensureFavouritesLoaded('loc-1')
    signIn('ben', 'access-ben')
    await ensureFavouritesLoaded('loc-1')
    expect(fetchMock).toHaveBeenLastCalledWith({ customerId: 'ben', locationId: 'loc-1' }, { Authorization: 'Bearer access-ben' })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })
})
