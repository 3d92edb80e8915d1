export { RestaurantInfo } from './ui/RestaurantInfo'
export { offeredServices, weekHours } from './lib/info'
