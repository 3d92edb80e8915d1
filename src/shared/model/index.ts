export {
  $navigation,
  selectDeliveryType,
  selectRestaurantTab,
  setMenuDrawerOpen,
  setMenuOption,
  setModalOpen,
  setReservationWidgetVisible,
} from './navigation'
export type { NavigationState } from './navigation'
export { $persistedRoot, $persistReady, updatePersistedRoot, waitForPersistedState } from './persisted-root'
export type { PersistedRoot } from './persisted-root'
