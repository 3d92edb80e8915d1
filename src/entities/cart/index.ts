export { fetchCartTotals, toTotalsRequest } from './api/price-cart'
export { addDays, canOrderNow, scheduleDates, SLOT_MINUTES, timeSlots } from './lib/schedule'
export type { ScheduleRules } from './lib/schedule'
export { DEFAULT_TIP, LARGE_ORDER_FROM, parseAmount, tipAmount, tipSuggestions } from './lib/tips'
export type { CartTip } from './lib/tips'
export {
  $cart,
  $cartCount,
  $cartPreview,
  addItem,
  awaitingPayment,
  cartScheduleRules,
  chooseCartEvent,
  clearCart,
  setCouponCode,
  customiseItem,
  decrementItem,
  editItem,
  EMPTY_CART,
  incrementItem,
  initCart,
  isEventCart,
  isTablePath,
  markCartPlaced,
  MAX_COMMENT_LENGTH,
  MAX_INSTRUCTION_LENGTH,
  removeItem,
  reopenCart,
  saveItemComment,
  setDeliveryInstruction,
  setDeliveryLocation,
  setEventSlot,
  setOrderInstruction,
  setOrderType,
  setPickupTime,
  setScheduleOrder,
  setSelectedDate,
  setSelectedTimeSlot,
  setTip,
  setWalletAmount,
  startNewCart,
  stopEditingItem,
} from './model/cart'
export type { CartItemOption } from '@/shared/lib/customisation'
export type { AddResult, AwaitingPayment, Cart, CartCustomisation, CartEvent, CartLine, CartRestaurant, DeliveryLocation, InitResult, NewCartLine } from './model/cart'
export { $cartTotals, $cartTotalsRequest, refreshCartTotals } from './model/cart-totals'
