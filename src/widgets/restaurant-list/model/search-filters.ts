import type { FindMerchantRequest, SearchService } from '@/shared/api'

/** The order types a diner filters on (docs/discovery.md); waitlist is a card action, not a filter. */
export const ORDER_TYPE_FILTERS = [
  { value: 'delivery', label: 'Delivery' },
  { value: 'pickup', label: 'Pickup' },
  { value: 'dinein', label: 'Dine-in' },
  { value: 'reservations', label: 'Reservations' },
] as const satisfies readonly { value: SearchService; label: string }[]

export type OrderTypeFilter = (typeof ORDER_TYPE_FILTERS)[number]['value']

export const RATING_FILTERS = [
  { value: 4, label: '4.0+' },
  { value: 4.5, label: '4.5+' },
] as const

/** A home search: what the `/search` URL holds (`?q=&open=1&type=&rating=`). */
export type SearchFilters = { query: string; openNow: boolean; type: OrderTypeFilter | null; minRating: number | null }

export const NO_FILTERS: SearchFilters = { query: '', openNow: false, type: null, minRating: null }

const QUERY_MAX = 80

/** The filters of a URL's search parameters; anything unknown is ignored, never an error. */
export function filtersFromSearch(search: Record<string, string | undefined>): SearchFilters {
  const type = ORDER_TYPE_FILTERS.find((option) => option.value === search.type)?.value ?? null
  const rating = RATING_FILTERS.find((option) => String(option.value) === search.rating)?.value ?? null
  return {
    query: (search.q ?? '').trim().slice(0, QUERY_MAX),
    openNow: search.open === '1',
    type,
    minRating: rating,
  }
}

/** The URL's search parameters of some filters, only those set, in a fixed order. */
export function searchOfFilters(filters: SearchFilters): Record<string, string> {
  const search: Record<string, string> = {}
  if (filters.query.trim()) search.q = filters.query.trim().slice(0, QUERY_MAX)
  if (filters.openNow) search.open = '1'
  if (filters.type) search.type = filters.type
  if (filters.minRating !== null) search.rating = String(filters.minRating)
  return search
}

/** The restaurant search request of some filters. */
export function requestOfFilters(filters: SearchFilters, extra: Partial<FindMerchantRequest> = {}): FindMerchantRequest {
  return {
    size: 50,
    ...(filters.query.trim() ? { query: filters.query.trim() } : {}),
    ...(filters.openNow ? { openNow: true } : {}),
    ...(filters.type ? { services: [filters.type] } : {}),
    ...(filters.minRating !== null ? { minRating: filters.minRating } : {}),
    ...extra,
  }
}

export const hasFilters = (filters: SearchFilters) => filters.openNow || filters.type !== null || filters.minRating !== null
