import { allTasks, cleanStores, keepMount } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MenuItem, MenuResponse } from '@/shared/api'

const fetchMenu = vi.fn<(locationId: string, menuType: string) => Promise<MenuResponse>>()
vi.mock('../api/menu-api', () => ({ fetchMenu: (locationId: string, menuType: string) => fetchMenu(locationId, menuType) }))

const {
  $filteredMenu,
  $isFiltering,
  $menuFilterOptions,
  $menuFilters,
  $menuRequest,
  $orderTypeId,
  $visibleMenu,
  clearMenu,
  ensureMenu,
  findMenuItem,
  loadMenu,
  setMenuQuery,
  toggleItemTypeFilter,
  toggleTagFilter,
} = await import('./menu')

const item = (name: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id: `id-${name}`,
  name,
  slug: name.toLowerCase(),
  description: '',
  price: 500,
  tax: null,
  display: 1,
  categoryId: 'mains',
  category: 'Mains',
  subCategoryId: null,
  subCategory: null,
  subCategoryImg: null,
  subCategoryImgType: null,
  itemType: 'Veg',
  allergens: null,
  dietary: [],
  tags: [],
  calories: null,
  image: null,
  stockQuantity: null,
  alertQuantity: null,
  modifiers: [],
  ...extra,
})

const menuOf = (locationId: string, menuType: string, items: MenuItem[]): MenuResponse => ({
  locationId,
  menuType,
  currency: 'USD',
  market: 'US',
  orderTax: 0,
  defaultItemTax: 0,
  categories: [{ id: 'mains', name: 'Mains', description: '', image: null, subCategories: [] }],
  items,
})

const pickupItems = [
  item('Tofu', { tags: ['Vegan'] }),
  item('Chicken', { itemType: 'Non-veg', tags: ['Spicy'] }),
  item('Secret', { display: 0, tags: ['Seasonal'], itemType: 'Egg' }),
]

beforeEach(() => {
  clearMenu()
  fetchMenu.mockReset()
  fetchMenu.mockImplementation(async (locationId, menuType) =>
    menuOf(locationId, menuType, menuType === 'pickup' ? pickupItems : [item('Delivery box')]),
  )
})
afterEach(() => cleanStores($menuRequest, $visibleMenu, $filteredMenu, $menuFilterOptions))

describe('menu store', () => {
  it('asks for the location and menu type, and shows only displayed items', async () => {
    keepMount($visibleMenu)
    await loadMenu('loc-1', 'pickup')
    expect(fetchMenu).toHaveBeenCalledWith('loc-1', 'pickup')
    expect($orderTypeId.get()).toBe('pickup')
    expect($visibleMenu.get()!.items.map((i) => i.name)).toEqual(['Tofu', 'Chicken'])
    expect(findMenuItem($menuRequest.get().data, { slug: 'secret' })).toBeUndefined()
    expect(findMenuItem($menuRequest.get().data, { id: 'id-Tofu' })?.name).toBe('Tofu')
  })

  it('clears the old menu as soon as another menu type loads', async () => {
    await loadMenu('loc-1', 'pickup')
    let release!: () => void
    fetchMenu.mockImplementationOnce(
      (locationId, menuType) => new Promise((resolve) => (release = () => resolve(menuOf(locationId, menuType, [item('Late')])))),
    )
    const pending = loadMenu('loc-1', 'delivery')
    expect($menuRequest.get()).toMatchObject({ loading: true, data: undefined })
    release()
    await pending
    expect($menuRequest.get().data!.items.map((i) => i.name)).toEqual(['Late'])
  })

  it('keeps the menu on screen while the same menu reloads', async () => {
    await loadMenu('loc-1', 'pickup')
    const pending = loadMenu('loc-1', 'pickup')
    expect($menuRequest.get()).toMatchObject({ loading: true, data: { menuType: 'pickup' } })
    await pending
  })

  it('does not fetch again for a menu already loaded, but retries one that failed', async () => {
    await ensureMenu('loc-1', 'pickup')
    await ensureMenu('loc-1', 'pickup')
    expect(fetchMenu).toHaveBeenCalledTimes(1)
    fetchMenu.mockRejectedValueOnce(new Error('down'))
    await ensureMenu('loc-2', 'pickup')
    expect($menuRequest.get()).toMatchObject({ loading: false, error: 'Please Try Again' })
    await ensureMenu('loc-2', 'pickup')
    expect(fetchMenu).toHaveBeenCalledTimes(3)
    expect($menuRequest.get()).toMatchObject({ success: true, error: undefined })
  })

  it('says "Please Try Again" when the menu cannot load', async () => {
    fetchMenu.mockRejectedValueOnce(new Error('HTTP 502'))
    await loadMenu('loc-1', 'pickup')
    expect($menuRequest.get()).toMatchObject({ loading: false, success: false, error: 'Please Try Again' })
  })
})

describe('search and filters', () => {
  it('offers filters from the displayed items only', async () => {
    keepMount($menuFilterOptions)
    await loadMenu('loc-1', 'pickup')
    expect($menuFilterOptions.get()).toEqual({ itemTypes: ['Veg', 'Non-veg'], tags: ['Spicy', 'Vegan'] })
  })

  it('narrows the menu by search, item type and tag, and never reveals a hidden item', async () => {
    keepMount($filteredMenu)
    await loadMenu('loc-1', 'pickup')
    const names = () => $filteredMenu.get()!.items.map((i) => i.name)
    setMenuQuery('CHICK')
    expect(names()).toEqual(['Chicken'])
    setMenuQuery('')
    toggleTagFilter('Vegan')
    expect(names()).toEqual(['Tofu'])
    toggleTagFilter('Vegan')
    toggleItemTypeFilter('Egg')
    expect(names()).toEqual([])
    expect($filteredMenu.get()!.categories).toEqual([])
    expect($isFiltering.get()).toBe(true)
    toggleItemTypeFilter('Egg')
    expect($isFiltering.get()).toBe(false)
    expect(names()).toEqual(['Tofu', 'Chicken'])
  })

  it('keeps the filters across menu types of one restaurant, and drops them for another restaurant', async () => {
    await loadMenu('loc-1', 'pickup')
    toggleTagFilter('Vegan')
    await loadMenu('loc-1', 'delivery')
    expect($menuFilters.get().tags).toEqual(['Vegan'])
    await loadMenu('loc-2', 'pickup')
    expect($menuFilters.get().tags).toEqual([])
    await allTasks()
  })
})
