import type { RestaurantDetail } from '@/shared/api'

type OrderType = RestaurantDetail['orderTypes'][number]

/** The order type the menu opens on, by typeGroup (D dine-in; P pickup and L delivery are ours). */
export type DeliveryType = 'Delivery' | 'Pickup' | 'Dine-in'

const DELIVERY_TYPES: Record<string, DeliveryType> = { L: 'Delivery', P: 'Pickup', D: 'Dine-in' }

export const deliveryTypeOf = (orderType: Pick<OrderType, 'typeGroup'>): DeliveryType | null => DELIVERY_TYPES[orderType.typeGroup] ?? null

/** The order type a menu opens on: the diner's selected type (Delivery by default) when offered, dine-in at a table, else the first. */
export function defaultOrderType(orderTypes: OrderType[], selected: DeliveryType, atTable = false): OrderType | undefined {
  const byType = (type: DeliveryType) => orderTypes.find((orderType) => deliveryTypeOf(orderType) === type)
  return (atTable ? byType('Dine-in') : undefined) ?? byType(selected) ?? orderTypes[0]
}

/** The offered order type a route's {menuType} names, ignoring case. */
export const findOrderType = (orderTypes: OrderType[], menuType: string | null) =>
  menuType ? orderTypes.find((orderType) => orderType.code.toLowerCase() === menuType.toLowerCase()) : undefined

/** Why this restaurant takes no orders online, or null when it does. */
export function orderingUnavailableReason(restaurant: Pick<RestaurantDetail, 'onlineOrder' | 'disabledServices'> & { orderingPaused?: boolean }): string | null {
  if (restaurant.onlineOrder === false || restaurant.disabledServices?.isOnlineOrder) {
    return 'Ordering is not available online at this restaurant. You can still browse the menu.'
  }
  // docs/kitchen.md "Pause online ordering": the kitchen's short pause, in words that promise it comes back.
  if (restaurant.orderingPaused) return 'The kitchen has paused online orders for a moment. Please try again a little later; you can still browse the menu.'
  return null
}
