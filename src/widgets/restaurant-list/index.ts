export { groupByCity, RestaurantCard, RestaurantGrid, RestaurantsByCity, restaurantTitle, serviceFacts } from './ui/RestaurantList'
export type { StatusMode } from './ui/RestaurantList'
export { RestaurantSearch } from './ui/RestaurantSearch'
export {
  filtersFromSearch,
  hasFilters,
  NO_FILTERS,
  ORDER_TYPE_FILTERS,
  RATING_FILTERS,
  requestOfFilters,
  searchOfFilters,
} from './model/search-filters'
export type { OrderTypeFilter, SearchFilters } from './model/search-filters'
