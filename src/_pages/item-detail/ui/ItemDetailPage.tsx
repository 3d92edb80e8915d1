import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import {
  $lastMenuPath,
  $menuRequest,
  ensureMenu,
  findMenuItem,
  findOrderType,
  formatEventDate,
  loadMenu,
  menuPath,
  type MenuPlace,
} from '@/entities/menu'
import { $tableRequest, resolveTable } from '@/entities/table'
import { $currentRestaurant, $restaurantRequest, loadRestaurant } from '@/entities/restaurant'
import { ItemDetails, startCustomising, type AddOutcome } from '@/features/add-to-cart'
import type { DiningTable, RestaurantDetail } from '@/shared/api'
import { TOAST_FLOW_MS } from '@/shared/config'
import { $persistedRoot } from '@/shared/model'
import { $router, navigate, pathTo } from '@/shared/routes'
import { showToast, Skeleton, StatusScreen } from '@/shared/ui'
import css from './ItemDetailPage.module.css'

type ItemDetailPageProps = { params: Record<string, string> }

type ItemKey = { slug?: string; id?: string }

/** One item: pictures, description, price and tags, with its options to choose before adding it to an order. */
export function ItemDetailPage({ params }: ItemDetailPageProps) {
  const page = useStore($router)
  const { tableId, menuType = '', itemName } = params
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [])
  const key: ItemKey = page?.route === 'tableItemDetails' ? { id: page.search.itemId ?? '' } : { slug: itemName ?? '' }
  if (tableId) return <TableItem tableId={tableId} menuType={menuType} itemKey={key} />
  return <RestaurantItem menuType={menuType} itemKey={key} />
}

function RestaurantItem({ menuType, itemKey }: { menuType: string; itemKey: ItemKey }) {
  const restaurant = useStore($currentRestaurant)
  const eventDate = useStore($persistedRoot).eventDate
  if (!restaurant) {
    return (
      <StatusScreen title="Choose a restaurant first" message="This link opens a dish of the restaurant you are browsing, and no restaurant is open.">
        <a className="button" href="/">
          All restaurants
        </a>
      </StatusScreen>
    )
  }
  const place: MenuPlace = {
    kind: 'merchant',
    merchantType: restaurant.merchantType,
    merchantSlug: restaurant.locationSlug,
    ...(eventDate ? { event: { date: eventDate, short: false } } : {}),
  }
  return <ItemScreen restaurant={restaurant} place={place} table={null} menuType={menuType} itemKey={itemKey} eventDate={eventDate} />
}

function TableItem({ tableId, menuType, itemKey }: { tableId: string; menuType: string; itemKey: ItemKey }) {
  const tableRequest = useStore($tableRequest)
  const restaurant = useStore($currentRestaurant)
  const restaurantRequest = useStore($restaurantRequest)
  const lookup = tableRequest.data?.table.id === tableId ? tableRequest.data : undefined
  const slug = lookup?.locationSlug

  useEffect(() => {
    void resolveTable(tableId)
  }, [tableId])
  useEffect(() => {
    if (slug) void loadRestaurant(slug)
  }, [slug])

  const error = (!lookup && !tableRequest.loading && tableRequest.error) || (lookup && !restaurantRequest.loading && restaurantRequest.error)
  const ready = lookup && restaurant && restaurant.locationSlug === lookup.locationSlug
  if (!ready) {
    if (error) {
      return (
        <StatusScreen title={error} message="This dish could not be loaded.">
          <button type="button" className="button" onClick={() => void (lookup ? loadRestaurant(lookup.locationSlug) : resolveTable(tableId))}>
            Retry
          </button>
        </StatusScreen>
      )
    }
    return <Skeleton label="Loading the dish" />
  }
  return <ItemScreen restaurant={restaurant} place={{ kind: 'table', tableId }} table={lookup.table} menuType={menuType} itemKey={itemKey} eventDate={null} />
}

type ItemScreenProps = {
  restaurant: RestaurantDetail
  place: MenuPlace
  table: DiningTable | null
  menuType: string
  itemKey: ItemKey
  eventDate: string | null
}

function ItemScreen({ restaurant, place, table, menuType, itemKey, eventDate }: ItemScreenProps) {
  const request = useStore($menuRequest)
  const lastMenu = useStore($lastMenuPath)
  const orderType = findOrderType(restaurant.orderTypes, menuType)
  const code = orderType?.code ?? null
  const menu = request.data?.locationId === restaurant.id && request.data.menuType === code ? request.data : undefined
  const item = findMenuItem(menu, itemKey)

  useEffect(() => {
    if (code) void ensureMenu(restaurant.id, code)
  }, [restaurant.id, code])
  useEffect(() => {
    if (item && code) startCustomising(item, restaurant.id, code)
  }, [item, restaurant.id, code])

  const backPath =
    lastMenu && lastMenu.locationId === restaurant.id && lastMenu.menuType === code ? lastMenu.path : menuPath(place, 'menu', code)

  function added(outcome: AddedOutcome) {
    showToast(outcome.status === 'updated' ? `${outcome.name} updated in your cart` : `${outcome.name} added to your cart`, {
      tone: 'success',
      durationMs: TOAST_FLOW_MS,
    })
    // An edit started from the cart goes back to it; a new dish goes back to the menu for more.
    navigate(outcome.status === 'updated' && place.kind === 'merchant' ? pathTo('cart', { merchantType: restaurant.merchantType, merchantSlug: restaurant.locationSlug }) : backPath)
  }

  let body
  if (!code) {
    body = <Missing title="This menu is not offered" message={`${restaurant.merchantName} has no “${menuType}” menu.`} backPath={menuPath(place, 'menu', null)} />
  } else if (item) {
    body = <ItemDetails item={item} restaurant={restaurant} market={menu?.market ?? 'US'} eventDate={eventDate} onAdded={added} titleId="item-name" layout="page" />
  } else if (request.error && !request.loading) {
    body = (
      <div className={css.missing} role="alert">
        <h1>{request.error}</h1>
        <p>This dish could not be loaded.</p>
        <button type="button" className="button" onClick={() => void loadMenu(restaurant.id, code)}>
          Retry
        </button>
      </div>
    )
  } else if (!menu || request.loading) {
    body = <Skeleton rows={3} label="Loading the dish" />
  } else {
    body = <Missing title="This dish is not on the menu" message="It may have been taken off the menu, or the link is wrong." backPath={backPath} />
  }

  return (
    <div className={css.page}>
      <header className={css.bar}>
        <a className={css.back} href={backPath}>
          <span aria-hidden="true">←</span> Back to the menu
        </a>
        <p className={css.where}>
          {restaurant.merchantName}
          {table && (
            <>
              {' · '}
              <span data-testid="table-name">Table {table.name}</span>
            </>
          )}
        </p>
      </header>
      {eventDate && (
        <p className={css.event}>
          Ordering for <strong>{formatEventDate(eventDate)}</strong>
        </p>
      )}
      <main className={css.main}>{body}</main>
    </div>
  )
}

function Missing({ title, message, backPath }: { title: string; message: string; backPath: string }) {
  return (
    <div className={css.missing}>
      <h1>{title}</h1>
      <p>{message}</p>
      <a className="button" href={backPath}>
        Back to the menu
      </a>
    </div>
  )
}

type AddedOutcome = Extract<AddOutcome, { status: 'added' | 'updated' }>
