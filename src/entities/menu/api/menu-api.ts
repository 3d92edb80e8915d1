import { call } from '@/shared/api'

/** The menu request carries locationId, menuType and visibleTo, always a list; customers ask for "C". */
export const fetchMenu = (locationId: string, menuType: string) =>
  call('POST /merchants/menu/v2', { body: { locationId, menuType, visibleTo: ['C'] }, encrypted: true })

/** The event menu request (eventSlug, locationId, orderType): the event's dishes at event prices, in the menu's shape. */
export const fetchEventMenu = async (eventSlug: string, locationId: string, menuType: string) =>
  (await call('POST /merchants/locations/event-order-menu/v2', { body: { eventSlug, locationId, orderType: menuType }, encrypted: true })).menu

/** "Popular" at a location (docs/menu.md): dish ids, most ordered first. */
export const fetchPopular = (locationId: string) => call('GET /merchants/locations/:locationId/popular', { params: { locationId } })
