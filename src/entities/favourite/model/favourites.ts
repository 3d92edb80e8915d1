import { atom, map } from 'nanostores'
import { $session, authHeaders } from '@/entities/session/@x/favourite'
import { ApiRefusal, type FavouriteRequest, type FavouritesResponse } from '@/shared/api'
import { TOAST_FLOW_MS } from '@/shared/config'
import { createRequestState } from '@/shared/lib/request'
import { showToast } from '@/shared/ui'
import { addFavourite, fetchFavourites, removeFavourite } from '../api/favourites-api'

export type FavouriteTarget =
  | { kind: 'restaurant'; locationId: string }
  | { kind: 'item'; itemId: string; locationId: string }

export type FavouriteItemMark = { itemId: string; locationId: string }

/** The signed-in customer's favourite items, keyed by itemId (docs/accounts.md, "The profile, addresses and favourites"). */
export const $favouriteItems = map<Record<string, FavouriteItemMark>>({})

/** The location ids of the signed-in customer's favourite restaurants. */
export const $favouriteRestaurants = atom<ReadonlySet<string>>(new Set())

const favouritesRequest = createRequestState<FavouritesResponse>()
export const $favouritesRequest = favouritesRequest.$state

type Viewer = { customerId: string; headers: Record<string, string> }
/** What a fetch covered: one restaurant, or everything when locationId is null. */
type Scope = { customerId: string; locationId: string | null }
/** A toggle on its way to the server; later toggles of the same target queue behind it. */
type Pending = { target: FavouriteTarget; latest: number; desired: boolean; settled: boolean; chain: Promise<void> }

let loaded: Scope | null = null
let loading: { scope: Scope; promise: Promise<FavouritesResponse | undefined> } | null = null
const pending = new Map<string, Pending>()
// Bumped when the customer changes, so answers for the previous one are dropped.
let epoch = 0

function viewer(): Viewer | null {
  const session = $session.get()
  return session.status === 'signedIn' ? { customerId: session.userId, headers: authHeaders() } : null
}

const keyOf = (target: FavouriteTarget) => (target.kind === 'item' ? `item:${target.itemId}` : `restaurant:${target.locationId}`)

const covers = (scope: Scope | null, customerId: string, locationId: string | null) =>
  scope !== null && scope.customerId === customerId && (scope.locationId === null || scope.locationId === locationId)

function failureMessage(error: unknown): string {
  console.error('Favourites request failed:', error)
  return error instanceof ApiRefusal ? error.message : 'Please Try Again'
}

export function isFavourite(
  target: FavouriteTarget,
  items: Record<string, FavouriteItemMark> = $favouriteItems.get(),
  restaurants: ReadonlySet<string> = $favouriteRestaurants.get(),
): boolean {
  return target.kind === 'item' ? Object.hasOwn(items, target.itemId) : restaurants.has(target.locationId)
}

function mark(target: FavouriteTarget, on: boolean): void {
  if (target.kind === 'item') {
    const { [target.itemId]: _previous, ...others } = $favouriteItems.get()
    $favouriteItems.set(on ? { ...others, [target.itemId]: { itemId: target.itemId, locationId: target.locationId } } : others)
    return
  }
  const next = new Set($favouriteRestaurants.get())
  if (on) next.add(target.locationId)
  else next.delete(target.locationId)
  $favouriteRestaurants.set(next)
}

function rebuild(response: FavouritesResponse): void {
  $favouriteItems.set(Object.fromEntries(response.items.map(({ itemId, locationId }) => [itemId, { itemId, locationId }])))
  $favouriteRestaurants.set(new Set(response.restaurants.map((restaurant) => restaurant.locationId)))
  // The answer may predate a toggle still on its way; the toggle is the newer truth.
  for (const toggle of pending.values()) mark(toggle.target, toggle.desired)
}

/** Fetches one restaurant's favourites, or all of them, and rebuilds the stores from the answer. */
export function loadFavourites(locationId?: string): Promise<FavouritesResponse | undefined> {
  const who = viewer()
  if (!who) return Promise.resolve(undefined)
  const scope: Scope = { customerId: who.customerId, locationId: locationId ?? null }
  const mine = epoch
  const query = { customerId: who.customerId, ...(locationId ? { locationId } : {}) }
  const promise: Promise<FavouritesResponse | undefined> = favouritesRequest
    .run(() => fetchFavourites(query, who.headers), failureMessage)
    .then((response) => {
      const latest = loading?.promise === promise
      if (latest) loading = null
      if (response && latest && mine === epoch) {
        rebuild(response)
        loaded = scope
      }
      return response
    })
  loading = { scope, promise }
  return promise
}

/** Loads favourites unless what is loaded, or loading, already covers this restaurant. */
export function ensureFavouritesLoaded(locationId?: string): Promise<FavouritesResponse | undefined> {
  const who = viewer()
  if (!who) return Promise.resolve(undefined)
  const wanted = locationId ?? null
  if (covers(loaded, who.customerId, wanted)) return Promise.resolve(favouritesRequest.$state.get().data)
  if (loading && covers(loading.scope, who.customerId, wanted)) return loading.promise
  return loadFavourites(locationId)
}

/** Flips a favourite at once and saves it; on failure it flips back and says why in a toast. */
async function toggleFavourite(target: FavouriteTarget): Promise<boolean> {
  const who = viewer()
  if (!who) throw new Error('Favourites need a signed-in customer: ask a guest to sign in first.')
  const key = keyOf(target)
  const desired = !isFavourite(target)
  const toggle = pending.get(key) ?? { target, latest: 0, desired, settled: !desired, chain: Promise.resolve() }
  pending.set(key, toggle)
  const mine = ++toggle.latest
  const myEpoch = epoch
  toggle.desired = desired
  mark(target, desired)
  const body: FavouriteRequest = {
    customerId: who.customerId,
    locationId: target.locationId,
    ...(target.kind === 'item' ? { itemId: target.itemId } : {}),
  }
  const attempt = toggle.chain.then(async () => {
    try {
      await (desired ? addFavourite(body, who.headers) : removeFavourite(body, who.headers))
      toggle.settled = desired
    } catch (error) {
      const message = failureMessage(error)
      // A newer toggle of the same target decides what shows; it reports its own failure.
      if (myEpoch === epoch && toggle.latest === mine) {
        mark(target, toggle.settled)
        showToast(message, { tone: 'error', durationMs: TOAST_FLOW_MS })
      }
    } finally {
      if (toggle.latest === mine && pending.get(key) === toggle) pending.delete(key)
    }
  })
  toggle.chain = attempt
  await attempt
  return isFavourite(target)
}

export const toggleItemFavourite = (item: { itemId: string; locationId: string }) =>
  toggleFavourite({ kind: 'item', itemId: item.itemId, locationId: item.locationId })

export const toggleRestaurantFavourite = (locationId: string) => toggleFavourite({ kind: 'restaurant', locationId })

/** Forgets every favourite, as when the customer signs out or another one signs in. */
export function resetFavourites(): void {
  epoch++
  loaded = null
  loading = null
  pending.clear()
  favouritesRequest.reset()
  $favouriteItems.set({})
  $favouriteRestaurants.set(new Set())
}

let customerShown = viewer()?.customerId ?? null
$session.listen((session) => {
  const customerId = session.status === 'signedIn' ? session.userId : null
  if (customerId === customerShown) return
  customerShown = customerId
  resetFavourites()
})
