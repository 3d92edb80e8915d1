import { pathTo, type RouteName } from '@/shared/routes'

/** Where a menu is being read: a restaurant's own pages (maybe for an event date) or a table's QR code. */
export type MenuPlace =
  | { kind: 'merchant'; merchantType: string; merchantSlug: string; event?: { date: string; short: boolean } }
  | { kind: 'table'; tableId: string; orderId?: string }

/** The restaurant screen's view: the menu to order from, the menu to browse only, or the Info tab. */
export type MenuView = 'menu' | 'explore' | 'info'

export type MenuRoute = { place: MenuPlace; view: MenuView; menuType: string | null }

const VIEW_OF_SUFFIX: Record<string, MenuView> = { RestaurantInfo: 'info', Explore: 'explore', '': 'menu' }
const SUFFIX_OF_VIEW: Record<MenuView, string> = { info: 'RestaurantInfo', explore: 'Explore', menu: '' }

/** Reads one of the restaurant screen's routes; null for any other route. */
export function readMenuRoute(route: RouteName, params: Record<string, string | undefined>): MenuRoute | null {
  const { merchantType = '', merchantSlug = '', tableId = '', orderId, menuType, eventDate } = params
  const match = /^(menuEventShort|menuEvent|menuType|tableOrderMenu|tableMenu)(RestaurantInfo|Explore)?$/.exec(route)
  if (match) {
    const [, family, suffix = ''] = match as unknown as [string, string, string | undefined]
    const view = VIEW_OF_SUFFIX[suffix]!
    const place: MenuPlace = family.startsWith('table')
      ? { kind: 'table', tableId, ...(family === 'tableOrderMenu' && orderId ? { orderId } : {}) }
      : {
          kind: 'merchant',
          merchantType,
          merchantSlug,
          ...(family.startsWith('menuEvent') ? { event: { date: eventDate ?? '', short: family === 'menuEventShort' } } : {}),
        }
    return { place, view, menuType: menuType ?? null }
  }
  const merchant: MenuPlace = { kind: 'merchant', merchantType, merchantSlug }
  if (route === 'menu') return { place: merchant, view: 'menu', menuType: null }
  if (route === 'exploreMenu') return { place: merchant, view: 'explore', menuType: null }
  if (route === 'restaurantInfo') return { place: merchant, view: 'info', menuType: null }
  return null
}

/** The path of a view of the menu at a place; without a menu type only a restaurant's own routes exist. */
export function menuPath(place: MenuPlace, view: MenuView, menuType: string | null): string {
  const suffix = SUFFIX_OF_VIEW[view]
  if (place.kind === 'table') {
    const family = place.orderId ? 'tableOrderMenu' : 'tableMenu'
    return pathTo(`${family}${suffix}` as RouteName, { tableId: place.tableId, orderId: place.orderId ?? '', menuType: menuType ?? 'dinein' })
  }
  const { merchantType, merchantSlug, event } = place
  if (!menuType) {
    return pathTo(view === 'info' ? 'restaurantInfo' : view === 'explore' ? 'exploreMenu' : 'menu', { merchantType, merchantSlug })
  }
  if (event) {
    const family = event.short ? 'menuEventShort' : 'menuEvent'
    return pathTo(`${family}${suffix}` as RouteName, { merchantType, merchantSlug, menuType, eventDate: event.date })
  }
  return pathTo(`menuType${suffix}` as RouteName, { merchantType, merchantSlug, menuType })
}

/** An item's customisation screen, reached from the menu at a place. */
export function itemPath(place: MenuPlace, menuType: string, item: { slug: string }): string {
  if (place.kind === 'table') return pathTo('tableItemDetail', { tableId: place.tableId, menuType, itemName: item.slug })
  return pathTo('itemDetail', { menuType, itemName: item.slug })
}
