import { useStore } from '@nanostores/react'
import { memo, startTransition, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { $favouriteItems } from '@/entities/favourite'
import {
  $filteredMenu,
  $isFiltering,
  $lastMenuPath,
  $menuFilterOptions,
  $menuFilters,
  $menuRequest,
  $popularDishes,
  $visibleMenu,
  categoriesWithin,
  clearMenuFilters,
  dishesIn,
  itemPath,
  ensureMenu,
  ensurePopular,
  vegetarianMattersAmong,
  orderingUnavailableReason,
  rememberMenuScroll,
  restrictMenu,
  setMenuQuery,
  toggleItemTypeFilter,
  toggleTagFilter,
  type MenuGroup,
  type MenuPlace,
  type MenuView,
} from '@/entities/menu'
import { AwaitingPaymentPrompt, CartBar, quickAdd, startCustomising } from '@/features/add-to-cart'
import type { DietaryMarket, MenuItem, RestaurantDetail } from '@/shared/api'
import { TOAST_FLOW_MS } from '@/shared/config'
import { preloadablePart, whenIdle } from '@/shared/lib/lazy'
import { $router } from '@/shared/routes'
import { showToast, Skeleton } from '@/shared/ui'
import { CategoryNav } from './CategoryNav'
import { MenuItemCard } from './MenuItemCard'
import css from './MenuPage.module.css'

// The dish sheet (Headless UI's dialog, the customisation form) is not on the menu's first screen:
// its code loads once the menu is shown and the page is idle, before a diner can open a dish (docs/app.md, "Start-up work").
const ItemSheet = preloadablePart(() => import('./ItemSheet').then((module) => module.ItemSheet))

type MenuBrowserProps = {
  restaurant: RestaurantDetail
  place: MenuPlace
  view: MenuView
  menuType: string
  /** Per-item buttons, such as saving an item as a favourite. */
  itemActions?: (item: MenuItem) => ReactNode
}

/** Search, filters, the sticky category navigation and the menu itself. */
export function MenuBrowser({ restaurant, place, view, menuType, itemActions }: MenuBrowserProps) {
  const request = useStore($menuRequest)
  const fullMenu = useStore($visibleMenu)
  const filteredMenu = useStore($filteredMenu)
  const favourites = useStore($favouriteItems)
  const [favouritesOnly, setFavouritesOnly] = useState(false)
  const favouriteCount = fullMenu ? fullMenu.items.filter((item) => favourites[item.id]).length : 0
  const showFavourites = favouritesOnly && favouriteCount > 0
  const menu = filteredMenu && showFavourites ? restrictMenu(filteredMenu, (item) => Boolean(favourites[item.id])) : filteredMenu
  const filtering = useStore($isFiltering) || showFavourites
  const clearAll = () => {
    setFavouritesOnly(false)
    clearMenuFilters()
  }
  const ready = Boolean(fullMenu && menu && fullMenu.menuType === menuType)
  const popularIds = useStore($popularDishes)[restaurant.id]
  const [openItem, setOpenItem] = useState<MenuItem | null>(null)
  const [sheetLoaded, setSheetLoaded] = useState(false)
  // A quick add while the placed order waits for payment: the diner pays it or edits the order (docs/checkout.md).
  const [waiting, setWaiting] = useState<{ item: MenuItem; orderId: string } | null>(null)
  const eventDate = place.kind === 'merchant' && place.event ? place.event.date : null
  const orderable = view === 'menu' && orderingUnavailableReason(restaurant) === null

  useEffect(() => {
    if (view === 'menu') ensurePopular(restaurant.id)
  }, [restaurant.id, view])

  // Back from an item returns to the dish the diner opened, not to the top.
  useEffect(() => {
    const last = $lastMenuPath.get()
    if (ready && last && last.path === $router.get()?.path && last.scrollY > 0) window.scrollTo(0, last.scrollY)
  }, [ready])

  useEffect(() => {
    if (!ready || !orderable || sheetLoaded) return
    return whenIdle(() => {
      ItemSheet.preload().then(
        () => setSheetLoaded(true),
        () => undefined, // Opening a dish loads it again, and a failure shows there.
      )
    })
  }, [ready, orderable, sheetLoaded])

  // Stable callbacks and groups: opening a dish, a quick add or the popular dishes arriving
  // re-render the sheet or the one section that changed, not every card of the menu.
  const link = useCallback((item: MenuItem) => (orderable ? itemPath(place, menuType, item) : null), [orderable, place, menuType])
  // The draft starts in the tap itself, so the sheet renders once with it (not once empty, then again from its effect).
  const open = useCallback(
    (item: MenuItem) => {
      startCustomising(item, restaurant.id, menuType)
      setOpenItem(item)
    },
    [restaurant.id, menuType],
  )
  const add = useCallback(
    (item: MenuItem) => {
      const outcome = quickAdd(item, restaurant, menuType, eventDate)
      if (outcome.status === 'added') showToast(`${outcome.name} added to your cart`, { tone: 'success', durationMs: TOAST_FLOW_MS })
      else if (outcome.status === 'awaiting_payment') setWaiting({ item, orderId: outcome.orderId })
      // Another restaurant's cart, or anything else quick add will not decide: the sheet asks.
      else open(item)
    },
    [restaurant, menuType, eventDate, open],
  )
  const popularGroup = useMemo((): MenuGroup | null => {
    const popular = (popularIds ?? []).map((id) => fullMenu?.items.find((item) => item.id === id)).filter((item): item is MenuItem => Boolean(item))
    if (popular.length === 0) return null
    return { id: 'popular', name: 'Popular', description: 'Most ordered here in the last 30 days', image: null, subCategories: [], items: popular, sections: [{ id: null, name: null, image: null, items: popular }] }
  }, [popularIds, fullMenu])
  const closeSheet = useCallback(() => setOpenItem(null), [])

  // The first screen of dishes renders first, the rest in steps while the page is idle: rendering and
  // laying out the whole menu was the largest part of its start (docs/app.md, "Start-up work").
  // A search or filter, a scroll to restore or a jump to a category renders everything at once.
  const categories = menu?.categories ?? []
  const restoring = Boolean(ready && $lastMenuPath.get()?.path === $router.get()?.path && ($lastMenuPath.get()?.scrollY ?? 0) > 0)
  const [dishBudget, setDishBudget] = useState(FIRST_SCREEN_DISHES)
  const everything = filtering || restoring
  const shown = useMemo(() => (everything ? categories : categoriesWithin(categories, dishBudget)), [everything, categories, dishBudget])
  const shownDishes = dishesIn(shown)
  const allShown = shownDishes >= dishesIn(categories)
  useEffect(() => {
    if (!ready || allShown) return
    // A transition: React renders the step in slices and drops it for a tap (a dish opened while
    // the rest of the menu was still being rendered waited for the whole step).
    return whenIdle(() => startTransition(() => setDishBudget(shownDishes + DISHES_PER_STEP)))
  }, [ready, allShown, shownDishes])
  const showAll = useCallback(() => flushSync(() => setDishBudget(Number.POSITIVE_INFINITY)), [])

  if (request.error && !fullMenu) {
    return (
      <div className={css.failure} role="alert">
        <h2>{request.error}</h2>
        <p>The menu could not be loaded.</p>
        <button type="button" className="button" onClick={() => void ensureMenu(restaurant.id, menuType)}>
          Retry
        </button>
      </div>
    )
  }
  if (!ready || !fullMenu || !menu) return <Skeleton label="Loading the menu" />
  if (fullMenu.items.length === 0) {
    return (
      <div className={css.failure}>
        <h2>Nothing on this menu yet</h2>
        <p>Try another order type.</p>
      </div>
    )
  }

  const market = fullMenu.market
  const cards = { currency: fullMenu.currency, market, link, itemActions, onOpen: orderable ? open : undefined, onQuickAdd: orderable ? add : undefined }

  return (
    <div className={css.browser} onClickCapture={() => rememberMenuScroll($router.get()?.path ?? '', window.scrollY)}>
      <MenuToolbar
        shown={menu.items.length}
        total={fullMenu.items.length}
        market={fullMenu.market}
        favourites={{ count: favouriteCount, only: showFavourites, toggle: () => setFavouritesOnly(!showFavourites) }}
        onClear={clearAll}
      />
      {filtering && menu.items.length === 0 ? (
        <div className={css.empty} role="status">
          <h2>No dishes match</h2>
          <p>Try other words or fewer filters.</p>
          <button type="button" className="button button--secondary" onClick={clearAll}>
            Clear search and filters
          </button>
        </div>
      ) : (
        <div className={css.layout}>
          <CategoryNav categories={menu.categories} rendered={shown.length} onShowAll={showAll} />
          <div className={css.menu}>
            {!filtering && popularGroup && (
              <CategorySection
                category={popularGroup}
                {...cards}
                // The heart stays on the dish's own card: one control per dish and action.
                itemActions={undefined}
                repeat
              />
            )}
            {shown.map((category) => (
              <CategorySection key={category.id} category={category} {...cards} />
            ))}
          </div>
        </div>
      )}
      {orderable && <CartBar locationId={restaurant.id} />}
      {waiting && (
        <AwaitingPaymentPrompt
          orderId={waiting.orderId}
          dishName={waiting.item.name}
          onReopened={() => {
            setWaiting(null)
            add(waiting.item)
          }}
          onClose={() => setWaiting(null)}
        />
      )}
      {orderable && (sheetLoaded || openItem) && (
        <Suspense fallback={null}>
          <ItemSheet item={openItem} restaurant={restaurant} market={market} menuType={menuType} eventDate={eventDate} onClose={closeSheet} />
        </Suspense>
      )}
    </div>
  )
}

/** Dishes on a phone's first screen and then per idle step (a card is ~110 px high at 375 px). */
const FIRST_SCREEN_DISHES = 8
const DISHES_PER_STEP = 16

type FavouritesFilter = { count: number; only: boolean; toggle: () => void }

function MenuToolbar({ shown, total, market, favourites, onClear }: { shown: number; total: number; market: DietaryMarket; favourites: FavouritesFilter; onClear: () => void }) {
  const filters = useStore($menuFilters)
  const options = useStore($menuFilterOptions)
  const filtering = useStore($isFiltering) || favourites.only
  // India filters by food type; a US menu offers "Vegetarian" alone, as its marks say (docs/menu.md).
  const itemTypes = market === 'IN' ? (options.itemTypes.length > 1 ? options.itemTypes : []) : options.itemTypes.filter((type) => type === 'Veg' && options.itemTypes.length > 1)
  return (
    <div className={css.toolbar}>
      <div className={css.search}>
        <label htmlFor="menu-search" className="visually-hidden">
          Search the menu
        </label>
        <input
          id="menu-search"
          className={css.searchInput}
          type="search"
          placeholder="Search dishes"
          autoComplete="off"
          value={filters.query}
          onChange={(event) => setMenuQuery(event.target.value)}
        />
      </div>
      <div className={css.filters}>
        {favourites.count > 0 && (
          <div className={css.chips} role="group" aria-label="Favourites">
            <button type="button" className={css.chip} aria-pressed={favourites.only} onClick={favourites.toggle}>
              ♥ My favourites ({favourites.count})
            </button>
          </div>
        )}
        {itemTypes.length > 0 && (
          <div className={css.chips} role="group" aria-label="Food type">
            {itemTypes.map((itemType) => (
              <button key={itemType} type="button" className={css.chip} aria-pressed={filters.itemTypes.includes(itemType)} onClick={() => toggleItemTypeFilter(itemType)}>
                {market === 'IN' ? itemType : 'Vegetarian'}
              </button>
            ))}
          </div>
        )}
        {options.tags.length > 0 && (
          <div className={css.chips} role="group" aria-label="Diet and tags">
            {options.tags.map((tag) => (
              <button key={tag} type="button" className={css.chip} aria-pressed={filters.tags.includes(tag)} onClick={() => toggleTagFilter(tag)}>
                {tag}
              </button>
            ))}
          </div>
        )}
      </div>
      <p className={css.count} role="status">
        {filtering && (
          <>
            {shown === 1 ? '1 dish' : `${shown} dishes`} of {total}{' '}
            <button type="button" className={css.clear} onClick={onClear}>
              Clear
            </button>
          </>
        )}
      </p>
    </div>
  )
}

type CategorySectionProps = {
  category: MenuGroup
  currency: string
  market: DietaryMarket
  link: (item: MenuItem) => string | null
  itemActions?: (item: MenuItem) => ReactNode
  onOpen?: (item: MenuItem) => void
  onQuickAdd?: (item: MenuItem) => void
  repeat?: boolean
}

const CategorySection = memo(function CategorySection({ category, currency, market, link, itemActions, onOpen, onQuickAdd, repeat }: CategorySectionProps) {
  const vegetarianMatters = vegetarianMattersAmong(category.items)
  return (
    <section id={`category-${category.id}`} className={css.category} aria-labelledby={`heading-${category.id}`} data-category={category.id}>
      <div className={css.categoryHead}>
        {category.image && <img className={css.categoryImage} src={category.image} alt="" width={48} height={48} loading="lazy" />}
        <div>
          <h2 id={`heading-${category.id}`} className={css.categoryName} tabIndex={-1}>
            {category.name}
          </h2>
          {category.description && <p className={css.categoryDescription}>{category.description}</p>}
        </div>
      </div>
      {category.sections.map((section) => (
        <div key={section.id ?? 'own'} className={css.subCategory}>
          {section.name && (
            <h3 className={css.subCategoryName}>
              {section.image && <img className={css.subCategoryImage} src={section.image} alt="" width={32} height={32} loading="lazy" />}
              {section.name}
            </h3>
          )}
          <ul className={css.items}>
            {section.items.map((item) => (
              <li key={item.id}>
                <MenuItemCard
                  item={item}
                  currency={currency}
                  market={market}
                  href={link(item)}
                  headingLevel={section.name ? 4 : 3}
                  onOpen={onOpen}
                  onQuickAdd={onQuickAdd}
                  actions={itemActions?.(item)}
                  repeat={repeat}
                  vegetarianMatters={vegetarianMatters}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  )
})
