import { call, type OfferListQuery } from '@/shared/api'

/**
 * GET /coupon/v2/offers: the offers usable in a city or at one restaurant; with a session, the
 * diner's uses left. An unknown city or restaurant rejects with ApiRefusal (404).
 */
export const fetchOffers = (query: OfferListQuery) => call('GET /coupon/v2/offers', { query, auth: true, encrypted: true })
