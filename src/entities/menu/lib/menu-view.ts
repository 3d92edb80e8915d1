import type { MenuCategory, MenuItem, MenuResponse } from '@/shared/api'

/** Only items whose display flag is 1 are shown to diners (docs/menu.md). */
export const isDisplayed = (item: Pick<MenuItem, 'display'>) => item.display === 1

/** Stock 0 is sold out: shown, never orderable. Null stock is unlimited. */
export const isSoldOut = (item: Pick<MenuItem, 'stockQuantity'>) => item.stockQuantity === 0

/** Items left when the stock has fallen to the merchant's alert level, else null. */
export function stockLeft(item: Pick<MenuItem, 'stockQuantity' | 'alertQuantity'>): number | null {
  const { stockQuantity, alertQuantity } = item
  if (stockQuantity === null || stockQuantity <= 0 || alertQuantity === null) return null
  return stockQuantity <= alertQuantity ? stockQuantity : null
}

export type MenuSection = { id: string | null; name: string | null; image: string | null; items: MenuItem[] }
export type MenuGroup = MenuCategory & { items: MenuItem[]; sections: MenuSection[] }
export type GroupedMenu = Omit<MenuResponse, 'categories'> & { categories: MenuGroup[] }

/**
 * The diner's view of a menu: displayed items only, under their categories and sub-categories
 * in the merchant's order; a category or sub-category with nothing to show is left out.
 */
export function groupMenu(menu: MenuResponse, items: MenuItem[] = menu.items.filter(isDisplayed)): GroupedMenu {
  const categories = menu.categories.flatMap((category): MenuGroup[] => {
    const own = items.filter((item) => item.categoryId === category.id)
    if (own.length === 0) return []
    const known = new Set(category.subCategories.map((sub) => sub.id))
    const loose = own.filter((item) => !item.subCategoryId || !known.has(item.subCategoryId))
    const sections: MenuSection[] = [
      ...(loose.length ? [{ id: null, name: null, image: null, items: loose }] : []),
      ...category.subCategories
        .map((sub) => ({ id: sub.id, name: sub.name, image: sub.image, items: own.filter((item) => item.subCategoryId === sub.id) }))
        .filter((section) => section.items.length > 0),
    ]
    return [{ ...category, items: sections.flatMap((section) => section.items), sections }]
  })
  return { ...menu, items: categories.flatMap((category) => category.items), categories }
}

const ITEM_TYPE_ORDER = ['Veg', 'Egg', 'Non-veg']

/**
 * Alphabetical ignoring case, by code point: tags and item types are a restaurant's plain words,
 * and `localeCompare` starts ICU's collator, ~70 ms of a slow phone's main thread before the
 * menu's first screen (docs/app.md, "Start-up work").
 */
const alphabetical = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()]
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0
}

export type MenuFilterOptions = { itemTypes: string[]; tags: string[] }

/** The item types and tags the displayed items actually carry: a filter never comes up empty. */
export function availableFilters(items: MenuItem[]): MenuFilterOptions {
  const itemTypes = [...new Set(items.flatMap((item) => (item.itemType ? [item.itemType] : [])))]
  const rank = (type: string) => (ITEM_TYPE_ORDER.includes(type) ? ITEM_TYPE_ORDER.indexOf(type) : ITEM_TYPE_ORDER.length)
  itemTypes.sort((a, b) => rank(a) - rank(b) || alphabetical(a, b))
  const tags = [...new Set(items.flatMap((item) => item.tags))].sort(alphabetical)
  return { itemTypes, tags }
}

export type MenuFilters = { query: string; itemTypes: string[]; tags: string[] }

export const noFilters: MenuFilters = { query: '', itemTypes: [], tags: [] }

/** Lower case without accents, so "jalapeno" finds "jalapeños". */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase()

export function matchesQuery(item: Pick<MenuItem, 'name' | 'description'>, query: string): boolean {
  // No search, nothing to fold: normalising starts ICU too.
  if (!query.trim()) return true
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const text = fold(`${item.name} ${item.description}`)
  return words.every((word) => text.includes(word))
}

/** Search in name and description; any of the chosen item types; every chosen tag. */
export function filterItems(items: MenuItem[], filters: MenuFilters): MenuItem[] {
  return items.filter(
    (item) =>
      matchesQuery(item, filters.query) &&
      (filters.itemTypes.length === 0 || (item.itemType !== null && filters.itemTypes.includes(item.itemType))) &&
      filters.tags.every((tag) => item.tags.includes(tag)),
  )
}

export const isFiltering = (filters: MenuFilters) =>
  filters.query.trim() !== '' || filters.itemTypes.length > 0 || filters.tags.length > 0

/** The same grouped menu with only the items `keep` accepts; emptied sections and categories go. */
export function restrictMenu(menu: GroupedMenu, keep: (item: MenuItem) => boolean): GroupedMenu {
  const categories = menu.categories.flatMap((category): MenuGroup[] => {
    const items = category.items.filter(keep)
    if (items.length === 0) return []
    const sections = category.sections
      .map((section) => ({ ...section, items: section.items.filter(keep) }))
      .filter((section) => section.items.length > 0)
    return [{ ...category, items, sections }]
  })
  return { ...menu, items: menu.items.filter(keep), categories }
}

/** How many dishes the categories hold. */
export const dishesIn = (categories: MenuGroup[]) => categories.reduce((sum, category) => sum + category.items.length, 0)

/**
 * The categories that hold the first `dishes` dishes: whole ones from the first, the last one cut
 * to the dishes left (its first sections and their first dishes), and always the first category.
 * Cut at the dish, not the category: a first category of 12 rendered 12 cards where a phone shows 3.
 */
export function categoriesWithin(categories: MenuGroup[], dishes: number): MenuGroup[] {
  const shown: MenuGroup[] = []
  let left = Math.max(1, dishes)
  for (const category of categories) {
    if (left <= 0) break
    if (category.items.length <= left) shown.push(category)
    else shown.push(cutCategory(category, left))
    left -= category.items.length
  }
  return shown
}

function cutCategory(category: MenuGroup, dishes: number): MenuGroup {
  const sections: MenuGroup['sections'] = []
  let left = dishes
  for (const section of category.sections) {
    if (left <= 0) break
    sections.push(section.items.length <= left ? section : { ...section, items: section.items.slice(0, left) })
    left -= section.items.length
  }
  return { ...category, items: sections.flatMap((section) => section.items), sections }
}
