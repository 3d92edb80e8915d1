import { useStore } from '@nanostores/react'
import { Suspense, useCallback, useEffect } from 'react'
import {
  defaultOrderType,
  deliveryTypeOf,
  ensureMenu,
  findOrderType,
  formatEventDate,
  isPastDate,
  menuPath,
  parseEventDate,
  readMenuRoute,
  rememberMenuPath,
  type MenuPlace,
  type MenuRoute,
} from '@/entities/menu'
import { ScannedTableGate } from '@/entities/table'
import { $cart, chooseCartEvent } from '@/entities/cart'
import { ServiceLinks } from '@/entities/reservation'
import { OpenBadge, RestaurantGate } from '@/entities/restaurant'
import { FavouriteButton } from '@/features/toggle-favourite'
import type { DiningTable, MenuItem, RestaurantDetail } from '@/shared/api'
import { lazyPart } from '@/shared/lib/lazy'
import { $navigation, $persistedRoot, selectDeliveryType, selectRestaurantTab, updatePersistedRoot } from '@/shared/model'
import { $router, redirectToPath } from '@/shared/routes'
import { Skeleton, StatusScreen } from '@/shared/ui'
import { MenuBrowser } from './MenuBrowser'
import { MenuNotices } from './MenuNotices'
import { OrderTypePills } from './OrderTypePills'
import { RestaurantHeader } from './RestaurantHeader'
import { RestaurantTabs } from './RestaurantTabs'
import css from './MenuPage.module.css'

// The Info tab's hours, map and phone (libphonenumber) are not on the menu's first screen (docs/app.md, "Start-up work").
const RestaurantInfo = lazyPart(() => import('@/widgets/restaurant-info').then((module) => module.RestaurantInfo))

type MenuPageProps = { params: Record<string, string> }

/**
 * Which event an event-date menu is for: the `event` query parameter the event page links with,
 * else the event the cart already orders for on that date (docs/decisions.md).
 */
function eventSlugFor(eventDate: string, locationId: string): string | null {
  const fromQuery = new URLSearchParams(window.location.search).get('event')
  if (fromQuery) return fromQuery
  const { event } = $cart.get()
  return event && event.date === eventDate && event.locationId === locationId ? event.slug : null
}

const withoutEvent = (place: MenuPlace): MenuPlace =>
  place.kind === 'merchant' ? { kind: 'merchant', merchantType: place.merchantType, merchantSlug: place.merchantSlug } : place

/** The restaurant screen of every menu route: the Menu and Info tabs, for a restaurant, an event date or a table. */
export function MenuPage({ params }: MenuPageProps) {
  const page = useStore($router)
  const route = page ? readMenuRoute(page.route, params) : null
  if (!route) return null
  if (route.place.kind === 'table') return <TableGate route={route} tableId={route.place.tableId} />
  const { event } = route.place
  if (event) {
    const date = parseEventDate(event.date)
    if (!date) {
      return (
        <StatusScreen title="This event date is not valid" message={`“${event.date}” is not a date. Event menus take a date such as 2026-12-24.`}>
          <a className="button" href={menuPath(withoutEvent(route.place), 'menu', route.menuType)}>
            See the regular menu
          </a>
        </StatusScreen>
      )
    }
  }
  return <RestaurantLoader route={route} slug={route.place.merchantSlug} table={null} />
}

function TableGate({ route, tableId }: { route: MenuRoute; tableId: string }) {
  return (
    <ScannedTableGate tableId={tableId}>
      {(lookup) => <RestaurantLoader route={route} slug={lookup.locationSlug} table={lookup.table} />}
    </ScannedTableGate>
  )
}

function RestaurantLoader({ route, slug, table }: { route: MenuRoute; slug: string; table: DiningTable | null }) {
  return (
    <RestaurantGate slug={slug} loadingLabel="Loading the menu">
      {(restaurant) => <RestaurantScreen route={route} restaurant={restaurant} table={table} />}
    </RestaurantGate>
  )
}

function RestaurantScreen({ route, restaurant, table }: { route: MenuRoute; restaurant: RestaurantDetail; table: DiningTable | null }) {
  const { place, view } = route
  const page = useStore($router)
  const selectedType = useStore($navigation).selectedDeliveryType
  const eventDate = place.kind === 'merchant' && place.event ? place.event.date : null
  const eventOver = eventDate !== null && isPastDate(eventDate, restaurant.timeZoneCd)
  const eventSlug = eventDate ? eventSlugFor(eventDate, restaurant.id) : null
  const orderType = findOrderType(restaurant.orderTypes, route.menuType)
  const fallback = defaultOrderType(restaurant.orderTypes, selectedType, place.kind === 'table')
  // A missing menu type, or one this location does not offer, goes to an offered one (docs/decisions.md).
  const redirect = !orderType && fallback && (view !== 'info' || route.menuType !== null) ? menuPath(place, view, fallback.code) : null
  const menuType = orderType?.code ?? null
  // One function for the whole visit: the menu's cards do not re-render when this screen does.
  const itemActions = useCallback(
    (item: MenuItem) => <FavouriteButton target={{ kind: 'item', itemId: item.id, locationId: restaurant.id }} name={item.name} />,
    [restaurant.id],
  )

  useEffect(() => {
    if (redirect) redirectToPath(redirect)
  }, [redirect])

  useEffect(() => {
    selectRestaurantTab(view === 'info' ? 'info' : 'menu')
  }, [view])

  useEffect(() => {
    const deliveryType = orderType && deliveryTypeOf(orderType)
    if (deliveryType) selectDeliveryType(deliveryType)
  }, [orderType])

  useEffect(() => {
    const kept = eventOver ? null : eventDate
    if ($persistedRoot.get().eventDate !== kept) updatePersistedRoot({ eventDate: kept })
  }, [eventDate, eventOver])

  useEffect(() => {
    if (eventSlug && eventDate && !eventOver) chooseCartEvent({ slug: eventSlug, date: eventDate, locationId: restaurant.id })
  }, [eventSlug, eventDate, eventOver, restaurant.id])

  useEffect(() => {
    if (view === 'info' || !menuType || eventOver) return
    void ensureMenu(restaurant.id, menuType, eventSlug)
    if (page) rememberMenuPath(page.path, restaurant.id, menuType)
  }, [view, restaurant.id, menuType, page, eventOver, eventSlug])

  if (redirect) return <Skeleton label="Loading the menu" />
  if (eventDate && eventOver) {
    return (
      <StatusScreen title="This event date has passed" message={`${formatEventDate(eventDate)} is over at ${restaurant.merchantName}.`}>
        <a className="button" href={menuPath(withoutEvent(place), 'menu', menuType)}>
          See the regular menu
        </a>
      </StatusScreen>
    )
  }
  if (restaurant.orderTypes.length === 0) {
    return <StatusScreen title="No menu online" message={`${restaurant.merchantName} has no menu online yet.`} />
  }

  return (
    <>
      <RestaurantHeader
        restaurant={restaurant}
        table={table}
        forcedOpen={eventSlug !== null}
        actions={<FavouriteButton target={{ kind: 'restaurant', locationId: restaurant.id }} name={restaurantName(restaurant)} />}
      />
      <main className={css.main} id="main">
        <MenuNotices restaurant={restaurant} eventDate={eventDate} view={view} place={place} menuType={menuType} />
        <ServiceLinks restaurant={restaurant} className={css.services} />
        <RestaurantTabs place={place} view={view} menuType={menuType} />
        {view === 'info' ? (
          <section className={css.info} aria-label="Restaurant information">
            <Suspense fallback={<Skeleton label="Loading the restaurant's details" />}>
              <RestaurantInfo restaurant={restaurant} status={<OpenBadge restaurant={restaurant} />} headingLevel={2} />
            </Suspense>
          </section>
        ) : (
          <>
            <OrderTypePills restaurant={restaurant} place={place} view={view} active={menuType} />
            {menuType && (
              <MenuBrowser
                restaurant={restaurant}
                place={place}
                view={view}
                menuType={menuType}
                itemActions={itemActions}
              />
            )}
          </>
        )}
      </main>
    </>
  )
}

const restaurantName = (restaurant: { merchantName: string; branchName: string }) =>
  restaurant.branchName === restaurant.merchantName ? restaurant.merchantName : `${restaurant.merchantName}, ${restaurant.branchName}`
