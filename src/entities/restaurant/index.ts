export {
  fetchMerchantDetails,
  fetchRestaurantById,
  fetchRestaurantBySlug,
  findMerchants,
} from './api/restaurant-api'
export { DEFAULT_LOGO, resolveLogo, resolveTheme, themeProperties } from './lib/theme'
export { $currentRestaurant, $restaurantRequest, $restaurantTheme, clearRestaurant, loadRestaurant, RESTAURANT_NOT_FOUND } from './model/restaurant'
export { OpenBadge, StaticOpenBadge } from './ui/OpenBadge'
export { RestaurantGate } from './ui/RestaurantGate'
