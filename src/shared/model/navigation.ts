import { map, onMount } from 'nanostores'
import { $isMobile } from '../lib/viewport'

/** The navigation state, with its defaults (docs/app.md, "Mobile and desktop"). */
export type NavigationState = {
  currentMenuOption: string | null
  isModalOpen: boolean
  isMobile: boolean
  isMenuDrawerOpen: boolean
  /** The restaurant screen's tab; defaults to the menu. */
  selectedRestaurantTab: 'menu' | 'info' | 'reviews'
  /** Defaults to Delivery. */
  selectedDeliveryType: 'Delivery' | 'Pickup' | 'Dine-in'
  /** The floating reservation status widget stays visible until hidden. */
  isReservationWidgetVisible: boolean
}

export const initialNavigation: NavigationState = {
  currentMenuOption: null,
  isModalOpen: false,
  isMobile: false,
  isMenuDrawerOpen: false,
  selectedRestaurantTab: 'menu',
  selectedDeliveryType: 'Delivery',
  isReservationWidgetVisible: true,
}

export const $navigation = map<NavigationState>({ ...initialNavigation })

onMount($navigation, () => $isMobile.subscribe((mobile) => $navigation.setKey('isMobile', mobile)))

export const setMenuOption = (option: string | null) => $navigation.setKey('currentMenuOption', option)
export const setModalOpen = (open: boolean) => $navigation.setKey('isModalOpen', open)
export const setMenuDrawerOpen = (open: boolean) => $navigation.setKey('isMenuDrawerOpen', open)
export const selectRestaurantTab = (tab: NavigationState['selectedRestaurantTab']) => $navigation.setKey('selectedRestaurantTab', tab)
export const selectDeliveryType = (type: NavigationState['selectedDeliveryType']) => $navigation.setKey('selectedDeliveryType', type)
export const setReservationWidgetVisible = (visible: boolean) => $navigation.setKey('isReservationWidgetVisible', visible)
