export { DeliveryMap } from './ui/DeliveryMap'
export { PinMap } from './ui/PinMap'
export { RestaurantMap } from './ui/RestaurantMap'
export type { MapMarker } from './ui/RestaurantMap'
