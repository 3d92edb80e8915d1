import { describe, expect, it } from 'vitest'
import type { MenuItem, MenuResponse } from '@/shared/api'
import { availableFilters, categoriesWithin, dishesIn, filterItems, groupMenu, isDisplayed, isSoldOut, matchesQuery, noFilters, restrictMenu, stockLeft } from './menu-view'

const item = (name: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id: name.toLowerCase().replace(/\W+/g, '-'),
  name,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  description: '',
  price: 1000,
  tax: null,
  display: 1,
  categoryId: 'starters',
  category: 'Starters',
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

const menu = (items: MenuItem[]): MenuResponse => ({
  locationId: 'loc-1',
  menuType: 'pickup',
  currency: 'USD',
  market: 'US',
  orderTax: 8.625,
  defaultItemTax: 0,
  categories: [
    { id: 'starters', name: 'Starters', description: '', image: '/c/starters', subCategories: [] },
    {
      id: 'pasta',
      name: 'Pasta',
      description: '',
      image: null,
      subCategories: [
        { id: 'fresh', name: 'Fresh pasta', image: '/s/fresh' },
        { id: 'baked', name: 'Baked', image: '/s/baked' },
        { id: 'dried', name: 'Dried', image: null },
      ],
    },
    { id: 'drinks', name: 'Drinks', description: '', image: null, subCategories: [] },
  ],
  items,
})

describe('display, stock', () => {
  it('shows only display 1', () => {
    expect(isDisplayed({ display: 1 })).toBe(true)
    expect(isDisplayed({ display: 0 })).toBe(false)
    expect(isDisplayed({ display: 2 })).toBe(false)
  })

  it('treats stock 0 as sold out and null as unlimited', () => {
    expect(isSoldOut({ stockQuantity: 0 })).toBe(true)
    expect(isSoldOut({ stockQuantity: null })).toBe(false)
    expect(isSoldOut({ stockQuantity: 3 })).toBe(false)
  })

  it('says how many are left once stock reaches the alert level', () => {
    expect(stockLeft({ stockQuantity: 4, alertQuantity: 5 })).toBe(4)
    expect(stockLeft({ stockQuantity: 5, alertQuantity: 5 })).toBe(5)
    expect(stockLeft({ stockQuantity: 12, alertQuantity: 10 })).toBeNull()
    expect(stockLeft({ stockQuantity: 0, alertQuantity: 5 })).toBeNull()
    expect(stockLeft({ stockQuantity: null, alertQuantity: 5 })).toBeNull()
    expect(stockLeft({ stockQuantity: 3, alertQuantity: null })).toBeNull()
  })
})

describe('groupMenu', () => {
  const items = [
    item('Burrata'),
    item('Truffle Tagliolini', { categoryId: 'pasta', subCategoryId: 'fresh', display: 0 }),
    item('Cacio e Pepe', { categoryId: 'pasta', subCategoryId: 'fresh' }),
    item('Baked Ziti', { categoryId: 'pasta', subCategoryId: 'baked' }),
    item('Pasta of the day', { categoryId: 'pasta' }),
    item('Holiday Punch', { categoryId: 'drinks', display: 0 }),
  ]

  it('keeps categories and sub-categories in the merchant order, with their images, and drops hidden items', () => {
    const grouped = groupMenu(menu(items))
    expect(grouped.categories.map((c) => c.name)).toEqual(['Starters', 'Pasta'])
    const pasta = grouped.categories[1]!
    expect(pasta.sections.map((s) => [s.name, s.image, s.items.map((i) => i.name)])).toEqual([
      [null, null, ['Pasta of the day']],
      ['Fresh pasta', '/s/fresh', ['Cacio e Pepe']],
      ['Baked', '/s/baked', ['Baked Ziti']],
    ])
    expect(pasta.items.map((i) => i.name)).toEqual(['Pasta of the day', 'Cacio e Pepe', 'Baked Ziti'])
    expect(grouped.categories[0]!.image).toBe('/c/starters')
    expect(grouped.items.map((i) => i.name)).not.toContain('Truffle Tagliolini')
    expect(grouped.items).toHaveLength(4)
  })

  it('leaves out a category whose every item is hidden, and an empty sub-category', () => {
    const grouped = groupMenu(menu(items))
    expect(grouped.categories.map((c) => c.id)).not.toContain('drinks')
    expect(grouped.categories[1]!.sections.map((s) => s.id)).not.toContain('dried')
  })

  it('keeps an item whose sub-category is unknown, under its category', () => {
    const grouped = groupMenu(menu([item('Orphan', { categoryId: 'pasta', subCategoryId: 'gone' })]))
    expect(grouped.categories[0]!.sections[0]).toMatchObject({ id: null, items: [{ name: 'Orphan' }] })
  })
})

describe('filters', () => {
  const items = [
    item('Edamame', { itemType: 'Veg', tags: ['Vegan', 'Gluten-free'], description: 'Steamed soybeans with sea salt.' }),
    item('Chicken Karaage', { itemType: 'Non-veg', tags: ['Bestseller'] }),
    item('Tamago', { itemType: 'Egg', tags: [] }),
    item('Jalapeño Poppers', { itemType: 'Veg', tags: ['Spicy', 'Vegan'] }),
    item('Mystery box', { itemType: null }),
  ]

  it('offers the item types and tags the items carry, types as Veg, Egg, Non-veg', () => {
    expect(availableFilters(items)).toEqual({ itemTypes: ['Veg', 'Egg', 'Non-veg'], tags: ['Bestseller', 'Gluten-free', 'Spicy', 'Vegan'] })
    expect(availableFilters([items[1]!])).toEqual({ itemTypes: ['Non-veg'], tags: ['Bestseller'] })
    expect(availableFilters([])).toEqual({ itemTypes: [], tags: [] })
  })

  it('orders tags alphabetically whatever their case', () => {
    const tagged = [item('A', { tags: ['spicy', 'Bestseller'] }), item('B', { tags: ['apple', 'Spicy'] })]
    expect(availableFilters(tagged).tags).toEqual(['apple', 'Bestseller', 'Spicy', 'spicy'])
  })

  it('searches name and description, ignoring case, accents and word order', () => {
    expect(matchesQuery(items[0]!, 'SOYBEANS')).toBe(true)
    expect(matchesQuery(items[0]!, 'salt edamame')).toBe(true)
    expect(matchesQuery(items[3]!, 'jalapeno')).toBe(true)
    expect(matchesQuery(items[1]!, 'soybeans')).toBe(false)
    expect(matchesQuery(items[1]!, '   ')).toBe(true)
  })

  it('narrows by any chosen item type and every chosen tag, combined with the search', () => {
    const names = (filters: Partial<typeof noFilters>) => filterItems(items, { ...noFilters, ...filters }).map((i) => i.name)
    expect(names({})).toHaveLength(5)
    expect(names({ itemTypes: ['Veg'] })).toEqual(['Edamame', 'Jalapeño Poppers'])
    expect(names({ itemTypes: ['Veg', 'Egg'] })).toEqual(['Edamame', 'Tamago', 'Jalapeño Poppers'])
    expect(names({ tags: ['Vegan'] })).toEqual(['Edamame', 'Jalapeño Poppers'])
    expect(names({ tags: ['Vegan', 'Gluten-free'] })).toEqual(['Edamame'])
    expect(names({ tags: ['Vegan'], query: 'poppers' })).toEqual(['Jalapeño Poppers'])
    expect(names({ itemTypes: ['Non-veg'], tags: ['Vegan'] })).toEqual([])
  })
})

describe('restrictMenu', () => {
  it('keeps only the accepted items and drops what is left empty', () => {
    const grouped = groupMenu(menu([item('Bruschetta'), item('Arancini'), item('Cacio e Pepe', { categoryId: 'pasta', category: 'Pasta' })]))
    const onlyArancini = restrictMenu(grouped, (candidate) => candidate.name === 'Arancini')
    expect(onlyArancini.items.map((candidate) => candidate.name)).toEqual(['Arancini'])
    expect(onlyArancini.categories.map((category) => category.name)).toEqual(['Starters'])
    expect(onlyArancini.categories[0]!.sections.flatMap((section) => section.items.map((candidate) => candidate.name))).toEqual(['Arancini'])
    expect(restrictMenu(grouped, () => false).categories).toEqual([])
  })
})

describe('the first screen of dishes', () => {
  // Starters: 3 loose dishes; Pasta: 2 fresh, 2 baked; Drinks: 2.
  const grouped = groupMenu(
    menu([
      ...['S1', 'S2', 'S3'].map((name) => item(name)),
      ...['F1', 'F2'].map((name) => item(name, { categoryId: 'pasta', subCategoryId: 'fresh' })),
      ...['B1', 'B2'].map((name) => item(name, { categoryId: 'pasta', subCategoryId: 'baked' })),
      ...['D1', 'D2'].map((name) => item(name, { categoryId: 'drinks' })),
    ]),
  ).categories
  const names = (categories: ReturnType<typeof categoriesWithin>) => categories.map((category) => `${category.name}: ${category.sections.map((section) => section.items.map((dish) => dish.name).join(' ')).join(' | ')}`)

  it('renders whole categories, then cuts the last one at the dish', () => {
    expect(names(categoriesWithin(grouped, 3))).toEqual(['Starters: S1 S2 S3'])
    expect(names(categoriesWithin(grouped, 4))).toEqual(['Starters: S1 S2 S3', 'Pasta: F1'])
    expect(names(categoriesWithin(grouped, 6))).toEqual(['Starters: S1 S2 S3', 'Pasta: F1 F2 | B1'])
    expect(categoriesWithin(grouped, 6)[1]!.items.map((dish) => dish.name)).toEqual(['F1', 'F2', 'B1'])
    expect(dishesIn(categoriesWithin(grouped, 8))).toBe(8)
  })

  it('keeps the categories it did not cut as they are, so their sections do not render again', () => {
    const shown = categoriesWithin(grouped, 8)
    expect(shown[0]).toBe(grouped[0])
    expect(shown[1]).toBe(grouped[1])
    expect(shown[2]).not.toBe(grouped[2])
  })

  it('shows everything for a budget past the menu, and the first dish at least', () => {
    expect(categoriesWithin(grouped, Number.POSITIVE_INFINITY)).toEqual(grouped)
    expect(dishesIn(categoriesWithin(grouped, 100))).toBe(9)
    expect(names(categoriesWithin(grouped, 0))).toEqual(['Starters: S1'])
    expect(categoriesWithin([], 8)).toEqual([])
  })
})
