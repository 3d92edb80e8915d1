import { atom, computed } from 'nanostores'
import type { MenuItem, MenuResponse } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { fetchMenu } from '../api/menu-api'

const menuRequest = createRequestState<MenuResponse>()
export const $menuRequest = menuRequest.$state

export const $orderTypeId = atom<string | null>(null)

/** SPEC §5: only items whose display flag is 1 are shown to diners. */
export const isDisplayed = (item: Pick<MenuItem, 'display'>) => item.display === 1

export const $visibleMenu = computed($menuRequest, (state) => {
  const menu = state.data
  if (!menu) return undefined
  const items = menu.items.filter(isDisplayed)
  const categories = menu.categories
    .map((category) => ({ ...category, items: items.filter((item) => item.categoryId === category.id) }))
    .filter((category) => category.items.length > 0)
  return { ...menu, items, categories }
})

/** Loads a menu; a different menu type (or restaurant) clears the old menu first (SPEC §4). */
export async function loadMenu(locationId: string, menuType: string): Promise<MenuResponse | undefined> {
  const current = $menuRequest.get().data
  if ($orderTypeId.get() !== menuType || (current && current.locationId !== locationId)) menuRequest.reset()
  $orderTypeId.set(menuType)
  return menuRequest.run(
    () => fetchMenu(locationId, menuType),
    () => 'Please Try Again',
  )
}
