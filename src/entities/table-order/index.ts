export { fetchKitchenTickets } from './api/table-order-api'
export {
  $kitchenTickets,
  $openTab,
  $round,
  $splitBill,
  addRound,
  forgetTab,
  loadKitchenTickets,
  loadShares,
  openTabOf,
  rememberTab,
  resetRound,
  ROUND_FAILED,
  splitBill,
  TICKETS_REFRESH_MS,
  watchKitchenTickets,
} from './model/table-order'
export type { OpenTab } from './model/table-order'
export { KitchenTickets } from './ui/KitchenTickets'
