import { atom, computed, map } from 'nanostores'
import type { MenuItem, MenuResponse } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { fetchEventMenu, fetchMenu } from '../api/menu-api'
import { availableFilters, filterItems, groupMenu, isDisplayed, isFiltering, noFilters, type MenuFilters } from '../lib/menu-view'

const menuRequest = createRequestState<MenuResponse>()
export const $menuRequest = menuRequest.$state

/** The order type (menu type) whose menu is loaded or loading. */
export const $orderTypeId = atom<string | null>(null)

/** The displayed menu under its categories and sub-categories (display 1 only). */
export const $visibleMenu = computed($menuRequest, (state) => (state.data ? groupMenu(state.data) : undefined))

export const $menuFilters = map<MenuFilters>({ ...noFilters })

/** The filters the current menu can offer, derived from its displayed items. */
export const $menuFilterOptions = computed($visibleMenu, (menu) => availableFilters(menu?.items ?? []))

/** The displayed menu narrowed by the search and the filters. */
export const $filteredMenu = computed([$menuRequest, $menuFilters], (state, filters) => {
  if (!state.data) return undefined
  if (!isFiltering(filters)) return groupMenu(state.data)
  return groupMenu(state.data, filterItems(state.data.items.filter(isDisplayed), filters))
})

export const $isFiltering = computed($menuFilters, isFiltering)

export const setMenuQuery = (query: string) => $menuFilters.setKey('query', query)

const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((entry) => entry !== value) : [...list, value])

export const toggleItemTypeFilter = (itemType: string) => $menuFilters.setKey('itemTypes', toggle($menuFilters.get().itemTypes, itemType))

export const toggleTagFilter = (tag: string) => $menuFilters.setKey('tags', toggle($menuFilters.get().tags, tag))

export const clearMenuFilters = () => $menuFilters.set({ ...noFilters })

let loadedLocationId: string | null = null
let loadedEventSlug: string | null = null

const isCurrent = (locationId: string, menuType: string) => loadedLocationId === locationId && $orderTypeId.get() === menuType

/** Loads a menu, or an event's menu when `eventSlug` is given; a different menu type, restaurant or event clears the old menu first (docs/menu.md "Loading"). */
export async function loadMenu(locationId: string, menuType: string, eventSlug: string | null = null): Promise<MenuResponse | undefined> {
  if (!isCurrent(locationId, menuType) || loadedEventSlug !== eventSlug) {
    if (loadedLocationId !== locationId) clearMenuFilters()
    menuRequest.reset()
    loadedLocationId = locationId
    loadedEventSlug = eventSlug
    $orderTypeId.set(menuType)
  }
  return menuRequest.run(
    () => (eventSlug ? fetchEventMenu(eventSlug, locationId, menuType) : fetchMenu(locationId, menuType)),
    () => 'Please Try Again',
  )
}

/** The menu if it is already loaded (or loading) for this restaurant and type, and this event when one is named; otherwise loads it. */
export async function ensureMenu(locationId: string, menuType: string, eventSlug?: string | null): Promise<MenuResponse | undefined> {
  const state = $menuRequest.get()
  const sameEvent = eventSlug === undefined || eventSlug === loadedEventSlug
  if (isCurrent(locationId, menuType) && sameEvent && (state.loading || state.success)) return state.data
  return loadMenu(locationId, menuType, eventSlug ?? (isCurrent(locationId, menuType) ? loadedEventSlug : null))
}

/** A displayed item of the loaded menu, by its slug (the {itemName} route segment) or its id. */
export function findMenuItem(menu: Pick<MenuResponse, 'items'> | undefined, key: { slug?: string; id?: string }): MenuItem | undefined {
  return menu?.items.find((item) => isDisplayed(item) && ((key.id && item.id === key.id) || (key.slug && item.slug === key.slug)))
}

/** The menu screen the diner last read and how far down, so an item's Back returns to exactly there. */
export const $lastMenuPath = atom<{ path: string; locationId: string; menuType: string; scrollY: number } | null>(null)

export function rememberMenuPath(path: string, locationId: string, menuType: string): void {
  const last = $lastMenuPath.get()
  $lastMenuPath.set({ path, locationId, menuType, scrollY: last?.path === path ? last.scrollY : 0 })
}

export function rememberMenuScroll(path: string, scrollY: number): void {
  const last = $lastMenuPath.get()
  if (last?.path === path) $lastMenuPath.set({ ...last, scrollY })
}

/** Forgets the menu, its type and the diner's filters. */
export function clearMenu(): void {
  menuRequest.reset()
  loadedLocationId = null
  loadedEventSlug = null
  $orderTypeId.set(null)
  clearMenuFilters()
}
