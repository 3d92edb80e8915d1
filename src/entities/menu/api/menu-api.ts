import { api, isErrorBody } from '@/shared/api'
import type { MenuResponse, PopularDishesResponse } from '@/shared/api'

export class MenuLoadError extends Error {}

/** The menu request carries locationId, menuType and visibleTo, always a list; customers ask for "C". */
export async function fetchMenu(locationId: string, menuType: string): Promise<MenuResponse> {
  const result = await api.post<MenuResponse>('/merchants/menu/v2', { locationId, menuType, visibleTo: ['C'] }, { encrypted: true })
  if (isErrorBody(result)) throw new MenuLoadError(result.message)
  return result
}

/** The event menu request (eventSlug, locationId, orderType): the event's dishes at event prices, in the menu's shape. */
export async function fetchEventMenu(eventSlug: string, locationId: string, menuType: string): Promise<MenuResponse> {
  const result = await api.post<{ menu: MenuResponse }>('/merchants/locations/event-order-menu/v2', { eventSlug, locationId, orderType: menuType }, { encrypted: true })
  if (isErrorBody(result)) throw new MenuLoadError(result.message)
  return result.menu
}

/** "Popular" at a location (docs/menu.md): dish ids, most ordered first. */
export async function fetchPopular(locationId: string): Promise<PopularDishesResponse> {
  const result = await api.get<PopularDishesResponse>(`/merchants/locations/${encodeURIComponent(locationId)}/popular`)
  if (isErrorBody(result)) throw new MenuLoadError(result.message)
  return result
}
