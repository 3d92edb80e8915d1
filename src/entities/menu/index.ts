export { fetchMenu, fetchPopular } from './api/menu-api'
export { allergenSentence, canQuickAdd, dietaryBadges, showsFoodTypeSymbol, tagsBesideMarks, vegetarianMattersAmong } from './lib/dietary'
export type { DietaryBadge } from './lib/dietary'
export { $popularDishes, ensurePopular } from './model/popular'
export { formatEventDate, isPastDate, parseEventDate } from './lib/event-date'
export { itemPath, menuPath, readMenuRoute } from './lib/menu-place'
export type { MenuPlace, MenuRoute, MenuView } from './lib/menu-place'
export { availableFilters, categoriesWithin, dishesIn, filterItems, groupMenu, isDisplayed, isSoldOut, matchesQuery, restrictMenu, stockLeft } from './lib/menu-view'
export type { GroupedMenu, MenuFilterOptions, MenuFilters, MenuGroup, MenuSection } from './lib/menu-view'
export { defaultOrderType, deliveryTypeOf, findOrderType, orderingUnavailableReason } from './lib/ordering'
export type { DeliveryType } from './lib/ordering'
export {
  $filteredMenu,
  $isFiltering,
  $lastMenuPath,
  $menuFilterOptions,
  $menuFilters,
  $menuRequest,
  $orderTypeId,
  $visibleMenu,
  clearMenu,
  clearMenuFilters,
  ensureMenu,
  findMenuItem,
  loadMenu,
  rememberMenuPath,
  rememberMenuScroll,
  setMenuQuery,
  toggleItemTypeFilter,
  toggleTagFilter,
} from './model/menu'
export { ItemTypeMark } from './ui/ItemTypeMark'
export { AllergenNote, DietaryMarks } from './ui/DietaryMarks'
