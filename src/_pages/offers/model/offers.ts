import { computed } from 'nanostores'
import { $cart, $cartPreview } from '@/entities/cart'
import { applyCoupon } from '@/features/apply-offer'
import { ApiRefusal, type OfferListQuery, type OfferListResponse, type OfferListing } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { fetchOffers } from '../api/offers-api'

/** What the list was asked for: one restaurant, or a city. */
export type OffersScope = { locationId: string } | { citySlug: string }

export const OFFERS_FAILED = 'Please Try Again'

const scopeKey = (scope: OffersScope) => ('locationId' in scope ? `location:${scope.locationId}` : `city:${scope.citySlug}`)

const offers = createRequestState<OfferListResponse & { scope: string }>()
export const $offers = offers.$state

/** The offers of `scope`; an unknown city or restaurant says so (404), anything else "Please Try Again" with a Retry. */
export function loadOffers(scope: OffersScope) {
  const query: OfferListQuery = scope
  return offers.run(
    async () => ({ ...(await fetchOffers(query)), scope: scopeKey(scope) }),
    (error) => {
      console.error('Loading the offers failed', error)
      return error instanceof ApiRefusal && error.status === 404 ? error.message : OFFERS_FAILED
    },
  )
}

/** The list of `scope`, once it is the one loaded (not an earlier scope's). */
export const offersOf = (state: ReturnType<typeof $offers.get>, scope: OffersScope) => (state.data?.scope === scopeKey(scope) ? state.data : undefined)

/** The diner's cart with dishes in it: the order an offer could be applied to now. */
export const $openCart = computed($cart, (cart) => (cart.locationId && cart.restaurant && cart.items.length > 0 ? cart : null))

/** The offer can go on the diner's current order: the cart's restaurant is one of its places and uses are left. */
export function appliesToCart(offer: OfferListing, cart: { locationId: string | null } | null): boolean {
  if (!cart?.locationId || offer.usesLeft === 0) return false
  return offer.locations.some((location) => location.id === cart.locationId)
}

/** Validates the offer's code against the cart (the server says why it cannot apply) and keeps it on the cart. */
export async function applyToCart(offer: OfferListing): Promise<boolean> {
  const cart = $openCart.get()
  if (!cart?.locationId) return false
  return (await applyCoupon(offer.code, cart.locationId, $cartPreview.get().subtotal)) !== undefined
}
