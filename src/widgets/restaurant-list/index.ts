export { groupByCity, RestaurantCard, RestaurantGrid, RestaurantsByCity } from './ui/RestaurantList'
export type { StatusMode } from './ui/RestaurantList'
export { RestaurantSearch } from './ui/RestaurantSearch'
