import { describe, expect, it } from 'vitest'
import { matchRoute, type RouteName } from '@/shared/routes'
import { itemPath, menuPath, readMenuRoute } from './menu-place'

const read = (path: string) => {
  const match = matchRoute(path)
  if (!match) throw new Error(`no route for ${path}`)
  return readMenuRoute(match.route, match.params)
}

describe('readMenuRoute', () => {
  it('reads every restaurant-screen route into a place, a view and a menu type', () => {
    expect(read('/restaurant/olive-tree-soma/menu')).toEqual({ place: { kind: 'merchant', merchantType: 'restaurant', merchantSlug: 'olive-tree-soma' }, view: 'menu', menuType: null })
    expect(read('/restaurant/olive-tree-soma/exploremenu')).toMatchObject({ view: 'explore', menuType: null })
    expect(read('/restaurant/olive-tree-soma/restaurantinfo')).toMatchObject({ view: 'info', menuType: null })
    expect(read('/restaurant/olive-tree-soma/menu/pickup')).toMatchObject({ view: 'menu', menuType: 'pickup' })
    expect(read('/restaurant/olive-tree-soma/menu/pickup/exploremenu')).toMatchObject({ view: 'explore', menuType: 'pickup' })
    expect(read('/restaurant/olive-tree-soma/menu/pickup/restaurantinfo')).toMatchObject({ view: 'info', menuType: 'pickup' })
  })

  it('reads the event-date variants, long and short', () => {
    expect(read('/cafe/brew-lab/menu/pickup/event/2026-12-24')).toEqual({
      place: { kind: 'merchant', merchantType: 'cafe', merchantSlug: 'brew-lab', event: { date: '2026-12-24', short: false } },
      view: 'menu',
      menuType: 'pickup',
    })
    expect(read('/cafe/brew-lab/menu/pickup/e/2026-12-24/exploremenu')).toMatchObject({ place: { event: { date: '2026-12-24', short: true } }, view: 'explore' })
    expect(read('/cafe/brew-lab/menu/pickup/event/2026-12-24/restaurantinfo')).toMatchObject({ view: 'info' })
  })

  it('reads the table variants, with and without an order', () => {
    expect(read('/table/t-4/menu/dinein')).toEqual({ place: { kind: 'table', tableId: 't-4' }, view: 'menu', menuType: 'dinein' })
    expect(read('/table/t-4/menu/dinein/restaurantinfo')).toMatchObject({ view: 'info' })
    expect(read('/table/t-4/order/o-9/menu/dinein/exploremenu')).toEqual({ place: { kind: 'table', tableId: 't-4', orderId: 'o-9' }, view: 'explore', menuType: 'dinein' })
  })

  it('is null for the other screens', () => {
    for (const route of ['details', 'cart', 'home', 'itemDetail'] as RouteName[]) expect(readMenuRoute(route, {})).toBeNull()
  })
})

describe('menuPath and itemPath', () => {
  const paths = [
    '/restaurant/olive-tree-soma/menu',
    '/restaurant/olive-tree-soma/exploremenu',
    '/restaurant/olive-tree-soma/restaurantinfo',
    '/restaurant/olive-tree-soma/menu/delivery',
    '/restaurant/olive-tree-soma/menu/delivery/exploremenu',
    '/restaurant/olive-tree-soma/menu/delivery/restaurantinfo',
    '/cafe/brew-lab/menu/pickup/event/2026-12-24',
    '/cafe/brew-lab/menu/pickup/e/2026-12-24/restaurantinfo',
    '/table/t-4/menu/dinein/exploremenu',
    '/table/t-4/order/o-9/menu/dinein',
  ]

  it('writes back the path it read, for every variant', () => {
    for (const path of paths) {
      const { place, view, menuType } = read(path)!
      expect(menuPath(place, view, menuType)).toBe(path)
    }
  })

  it('switches view and menu type within the same family of routes', () => {
    const { place } = read('/cafe/brew-lab/menu/pickup/e/2026-12-24')!
    expect(menuPath(place, 'info', 'delivery')).toBe('/cafe/brew-lab/menu/delivery/e/2026-12-24/restaurantinfo')
    const table = read('/table/t-4/order/o-9/menu/dinein')!.place
    expect(menuPath(table, 'info', 'dinein')).toBe('/table/t-4/order/o-9/menu/dinein/restaurantinfo')
  })

  it('opens an item on the route of its place', () => {
    expect(itemPath(read('/restaurant/olive-tree-soma/menu/pickup')!.place, 'pickup', { slug: 'margherita' })).toBe('/menu/pickup/margherita')
    expect(itemPath(read('/table/t-4/menu/dinein')!.place, 'dinein', { slug: 'margherita' })).toBe('/table/t-4/menu/dinein/margherita')
    expect(matchRoute('/table/t-4/menu/dinein/margherita')?.route).toBe('tableItemDetail')
  })
})
