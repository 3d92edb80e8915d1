export { readActiveOrders } from './model/active-orders'
export {
  $placementNotice,
  $placeOrder,
  $resumingPlacement,
  isPlacedFrom,
  placeOrder,
  resetPlaceOrder,
  resumePlacement,
  settlePlacedOrder,
  toPlaceOrderRequest,
} from './model/place-order'
export type { OrderDetail, PlaceOrderRequest } from './api/create-order'
export type { PlacedOrder, PlacementNotice } from './model/place-order'
export { PlaceOrderButton } from './ui/PlaceOrderButton'
