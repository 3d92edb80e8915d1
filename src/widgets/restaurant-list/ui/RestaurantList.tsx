import { OpenBadge, resolveLogo, resolveTheme, StaticOpenBadge } from '@/entities/restaurant'
import type { LocationSummary, MatchedDish } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'
import { slugify } from '@/shared/lib/slug'
import { pathTo } from '@/shared/routes'
import css from './RestaurantList.module.css'

/** `live` computes the open status while rendering (the app); `static` leaves it to the page's island. */
export type StatusMode = 'live' | 'static'

type CardRestaurant = LocationSummary & { matchedDishes?: MatchedDish[] }

/** "Olive Tree · SoMa": the brand and the part of town, so a chain's branches are told apart (docs/discovery.md). */
export function restaurantTitle(restaurant: Pick<LocationSummary, 'merchantName' | 'neighbourhood'>): string {
  return restaurant.neighbourhood ? `${restaurant.merchantName} · ${restaurant.neighbourhood}` : restaurant.merchantName
}

/** How soon and for how much: "Delivery 35 min · $3.99 fee", else "Pickup 15 min" (docs/discovery.md). */
export function serviceFacts(restaurant: LocationSummary): string[] {
  const facts: string[] = []
  if (restaurant.services.includes('delivery')) {
    const fee = restaurant.deliveryFee
    const feeText = fee === null ? 'out of range' : fee === 0 ? 'free delivery' : `${formatMoney(fee, restaurant.currency)} fee`
    facts.push(`Delivery ${restaurant.defaultDeliveryETA} min · ${feeText}`)
  }
  if (restaurant.services.includes('pickup')) facts.push(`Pickup ${restaurant.defaultPickUpETA} min`)
  return facts
}

export function RestaurantCard({ restaurant, mode = 'live' }: { restaurant: CardRestaurant; mode?: StatusMode }) {
  const theme = resolveTheme(restaurant)
  const slugs = { merchantType: restaurant.merchantType, merchantSlug: restaurant.locationSlug }
  const title = restaurantTitle(restaurant)
  const dishes = restaurant.matchedDishes ?? []
  // A card found by a dish opens the menu that dish is on; otherwise the restaurant's default menu.
  const menuPath = dishes[0] ? pathTo('menuType', { ...slugs, menuType: dishes[0].menuType }) : pathTo('menu', slugs)
  const { services } = restaurant
  const orders = services.includes('delivery') || services.includes('pickup')
  const showBranch = restaurant.branchName !== restaurant.merchantName && !restaurant.branchName.includes(restaurant.neighbourhood || '\u0000')
  return (
    <article className={css.card} style={{ borderTopColor: theme.primaryColor }} data-testid="restaurant-card" aria-label={title}>
      {restaurant.cover && <img className={css.cover} src={restaurant.cover.url} alt="" width={400} height={200} loading="lazy" decoding="async" />}
      <div className={restaurant.cover ? `${css.body} ${css.withCover}` : css.body}>
        <img className={css.logo} src={resolveLogo(restaurant)} alt="" width={44} height={44} loading="lazy" decoding="async" />
        <div>
          <h3 className={css.name}>
            <a className={css.link} href={menuPath}>
              {restaurant.merchantName}
            </a>
            {restaurant.neighbourhood && <span className={css.hood}> · {restaurant.neighbourhood}</span>}
          </h3>
          {showBranch && <p className={css.branch}>{restaurant.branchName}</p>}
          <p className={css.cuisine}>{restaurant.cuisine.join(' · ')}</p>
          <p className={css.facts}>
            {restaurant.rating > 0 && <span aria-label={`Rated ${restaurant.rating.toFixed(1)} of 5`}>★ {restaurant.rating.toFixed(1)}</span>}
            {restaurant.cost > 0 && <span>{formatMoney(restaurant.cost, restaurant.currency)} for two</span>}
            {restaurant.distanceKm !== null && <span>{restaurant.distanceKm.toFixed(1)} km</span>}
          </p>
          {serviceFacts(restaurant).map((fact) => (
            <p key={fact} className={css.service}>
              {fact}
            </p>
          ))}
          <p className={css.statusLine}>
            {mode === 'live' ? <OpenBadge restaurant={restaurant} /> : <StaticOpenBadge restaurant={restaurant} />}
            <a className={css.info} href={pathTo('details', slugs)} aria-label={`Info & hours: ${title}`}>
              Info &amp; hours
            </a>
          </p>
          {dishes.length > 0 && (
            <p className={css.dishes}>
              <span className={css.dishesLabel}>Has </span>
              {dishes.map((dish) => dish.name).join(', ')}
            </p>
          )}
        </div>
      </div>
      {(orders || services.includes('reservations') || services.includes('waitlist')) && (
      <p className={css.actions}>
        {orders && (
          <a className={`${css.action} ${css.primary}`} href={menuPath} aria-label={`Order: ${title}`}>
            Order
          </a>
        )}
        {services.includes('reservations') && (
          <a className={css.action} href={pathTo('reservation', {}, { restaurant: restaurant.locationSlug })} aria-label={`Reserve: ${title}`}>
            Reserve
          </a>
        )}
        {services.includes('waitlist') && (
          <a className={css.action} href={pathTo('checkin', {}, { restaurant: restaurant.locationSlug })} aria-label={`Waitlist: ${title}`}>
            Waitlist
          </a>
        )}
      </p>
      )}
    </article>
  )
}

export function RestaurantGrid({ restaurants, mode }: { restaurants: CardRestaurant[]; mode?: StatusMode }) {
  return (
    <ul className={css.grid}>
      {restaurants.map((restaurant) => (
        <li key={restaurant.id}>
          <RestaurantCard restaurant={restaurant} mode={mode} />
        </li>
      ))}
    </ul>
  )
}

export function groupByCity<T extends LocationSummary>(restaurants: T[]): [string, T[]][] {
  const groups = new Map<string, T[]>()
  for (const restaurant of restaurants) groups.set(restaurant.city, [...(groups.get(restaurant.city) ?? []), restaurant])
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))
}

/** Restaurants in sections by city, each section titled with a link to its city page. */
export function RestaurantsByCity({ restaurants, mode }: { restaurants: LocationSummary[]; mode?: StatusMode }) {
  return (
    <>
      {groupByCity(restaurants).map(([city, inCity]) => (
        <section key={city} className={css.city} aria-labelledby={`city-${slugify(city)}`}>
          <h2 id={`city-${slugify(city)}`} className={css.cityName}>
            <a href={pathTo('city', { cityName: slugify(city) })}>{city}</a>
          </h2>
          <RestaurantGrid restaurants={inCity} mode={mode} />
        </section>
      ))}
    </>
  )
}
