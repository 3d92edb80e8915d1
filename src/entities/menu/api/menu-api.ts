import { api, call, isErrorBody } from '@/shared/api'
import type { MenuResponse } from '@/shared/api'

/** The event menu's refusal, until the events module is in the endpoint map. */
class MenuLoadError extends Error {}

/** The menu request carries locationId, menuType and visibleTo, always a list; customers ask for "C". */
export const fetchMenu = (locationId: string, menuType: string) =>
  call('POST /merchants/menu/v2', { body: { locationId, menuType, visibleTo: ['C'] }, encrypted: true })

/** The event menu request (eventSlug, locationId, orderType): the event's dishes at event prices, in the menu's shape. */
export async function fetchEventMenu(eventSlug: string, locationId: string, menuType: string): Promise<MenuResponse> {
  const result = await api.post<{ menu: MenuResponse }>('/merchants/locations/event-order-menu/v2', { eventSlug, locationId, orderType: menuType }, { encrypted: true })
  if (isErrorBody(result)) throw new MenuLoadError(result.message)
  return result.menu
}

/** "Popular" at a location (docs/menu.md): dish ids, most ordered first. */
export const fetchPopular = (locationId: string) => call('GET /merchants/locations/:locationId/popular', { params: { locationId } })
