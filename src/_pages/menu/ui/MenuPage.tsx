import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $menuRequest, $orderTypeId, $visibleMenu, loadMenu } from '../model/menu'
import { $currentRestaurant, $restaurantRequest, loadRestaurant } from '@/entities/restaurant'
import type { MenuItem, RestaurantDetail } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'
import { pathTo, redirectToPath } from '@/shared/routes'
import { Skeleton, StatusScreen } from '@/shared/ui'
import { RestaurantHeader } from './RestaurantHeader'
import css from './MenuPage.module.css'

type MenuPageProps = { params: Record<string, string> }

/** A restaurant's menu for one order type: categories, items and their options (read-only). */
export function MenuPage({ params }: MenuPageProps) {
  const { merchantType = 'restaurant', merchantSlug = '', menuType } = params
  const restaurant = useStore($currentRestaurant)
  const restaurantRequest = useStore($restaurantRequest)
  const ready = restaurant && (restaurant.locationSlug === merchantSlug || restaurant.merchantSlug === merchantSlug)

  useEffect(() => {
    void loadRestaurant(merchantSlug)
  }, [merchantSlug])

  // No menu type, or one this location does not offer: go to its first order type.
  const offered = ready && restaurant.orderTypes.some((type) => type.code.toLowerCase() === menuType?.toLowerCase())
  useEffect(() => {
    if (!ready || offered) return
    const first = restaurant.orderTypes[0]
    if (first) redirectToPath(pathTo('menuType', { merchantType, merchantSlug, menuType: first.code }))
  }, [ready, offered, restaurant, merchantType, merchantSlug])

  useEffect(() => {
    if (ready && offered && menuType) void loadMenu(restaurant.id, menuType)
  }, [ready, offered, restaurant?.id, menuType])

  if (!ready) {
    if (restaurantRequest.error) {
      return (
        <StatusScreen title={restaurantRequest.error} message="This restaurant's menu could not be loaded.">
          <button type="button" className="button" onClick={() => void loadRestaurant(merchantSlug)}>
            Retry
          </button>
          <a className="button button--secondary" href="/">
            All restaurants
          </a>
        </StatusScreen>
      )
    }
    return <Skeleton label="Loading the menu" />
  }
  return (
    <>
      <RestaurantHeader restaurant={restaurant} />
      <OrderTypeTabs restaurant={restaurant} merchantType={merchantType} active={menuType} />
      <MenuBody restaurant={restaurant} />
    </>
  )
}

function OrderTypeTabs({ restaurant, merchantType, active }: { restaurant: RestaurantDetail; merchantType: string; active?: string }) {
  if (restaurant.orderTypes.length < 2) return null
  return (
    <nav className={css.tabs} aria-label="Order type">
      {restaurant.orderTypes.map((type) => (
        <a
          key={type.code}
          className={css.tab}
          aria-current={type.code === active ? 'page' : undefined}
          href={pathTo('menuType', { merchantType, merchantSlug: restaurant.locationSlug, menuType: type.code })}
        >
          {type.name}
        </a>
      ))}
    </nav>
  )
}

function MenuBody({ restaurant }: { restaurant: RestaurantDetail }) {
  const request = useStore($menuRequest)
  const menu = useStore($visibleMenu)

  if (request.error && !menu) {
    return (
      <StatusScreen title={request.error} message="The menu could not be loaded.">
        <button type="button" className="button" onClick={() => void loadMenu(restaurant.id, $orderTypeId.get() ?? '')}>
          Retry
        </button>
      </StatusScreen>
    )
  }
  if (!menu || request.loading) return <Skeleton label="Loading the menu" />
  if (menu.items.length === 0) return <StatusScreen title="Nothing on this menu yet" message="Try another order type." />
  return (
    <div className={css.layout}>
      <nav className={css.categories} aria-label="Menu categories">
        {menu.categories.map((category) => (
          <a key={category.id} href={`#category-${category.id}`} className={css.categoryLink}>
            {category.name}
          </a>
        ))}
      </nav>
      <main className={css.menu}>
        {menu.categories.map((category) => (
          <section key={category.id} id={`category-${category.id}`} className={css.category} aria-labelledby={`heading-${category.id}`}>
            <h2 id={`heading-${category.id}`} className={css.categoryName}>
              {category.name}
            </h2>
            {category.description && <p className={css.categoryDescription}>{category.description}</p>}
            <ul className={css.items}>
              {category.items.map((item) => (
                <li key={item.id}>
                  <MenuItemCard item={item} currency={restaurant.currency} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </main>
    </div>
  )
}

function MenuItemCard({ item, currency }: { item: MenuItem; currency: string }) {
  const soldOut = item.stockQuantity === 0
  return (
    <article className={css.item} data-testid="menu-item" aria-label={item.name}>
      <div className={css.itemText}>
        <h3 className={css.itemName}>
          {item.itemType && <span className={css.itemType} data-type={item.itemType} title={item.itemType} aria-label={item.itemType} />}
          {item.name}
        </h3>
        {item.subCategory && <p className={css.subCategory}>{item.subCategory}</p>}
        <p className={css.price}>{formatMoney(item.price, currency)}</p>
        {item.description && <p className={css.description}>{item.description}</p>}
        {item.tags.length > 0 && (
          <p className={css.tags}>
            {item.tags.map((tag) => (
              <span key={tag} className={css.tag}>
                {tag}
              </span>
            ))}
          </p>
        )}
        {item.modifiers.length > 0 && (
          <p className={css.customisable}>Customisable: {item.modifiers.map((m) => m.name).join(', ')}</p>
        )}
        {soldOut && <p className={css.soldOut}>Sold out</p>}
      </div>
      {item.image && <img className={css.itemImage} src={item.image} alt="" width={120} height={80} loading="lazy" />}
    </article>
  )
}
