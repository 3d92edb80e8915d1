import { OpenBadge, resolveLogo, resolveTheme, StaticOpenBadge } from '@/entities/restaurant'
import type { LocationSummary } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'
import { slugify } from '@/shared/lib/slug'
import { pathTo } from '@/shared/routes'
import css from './RestaurantList.module.css'

/** `live` computes the open status while rendering (the app); `static` leaves it to the page's island. */
export type StatusMode = 'live' | 'static'

export function RestaurantCard({ restaurant, mode = 'live' }: { restaurant: LocationSummary; mode?: StatusMode }) {
  const theme = resolveTheme(restaurant)
  const slugs = { merchantType: restaurant.merchantType, merchantSlug: restaurant.locationSlug }
  const title = restaurant.branchName === restaurant.merchantName ? restaurant.merchantName : `${restaurant.merchantName}, ${restaurant.branchName}`
  return (
    <article className={css.card} style={{ borderTopColor: theme.primaryColor }} data-testid="restaurant-card" aria-label={title}>
      {restaurant.cover && <img className={css.cover} src={restaurant.cover.url} alt="" width={400} height={200} loading="lazy" decoding="async" />}
      <div className={css.body}>
        <img className={css.logo} src={resolveLogo(restaurant)} alt="" width={44} height={44} loading="lazy" decoding="async" />
        <div className={css.text}>
          <h3 className={css.name}>
            <a className={css.link} href={pathTo('menu', slugs)}>
              {restaurant.merchantName}
            </a>
          </h3>
          {restaurant.branchName !== restaurant.merchantName && <p className={css.branch}>{restaurant.branchName}</p>}
          <p className={css.cuisine}>{restaurant.cuisine.join(' · ')}</p>
          <p className={css.facts}>
            {restaurant.rating > 0 && <span>★ {restaurant.rating.toFixed(1)}</span>}
            {restaurant.cost > 0 && <span>{formatMoney(restaurant.cost, restaurant.currency)} for two</span>}
            {restaurant.distanceKm !== null && <span>{restaurant.distanceKm.toFixed(1)} km</span>}
          </p>
          {mode === 'live' ? <OpenBadge restaurant={restaurant} /> : <StaticOpenBadge restaurant={restaurant} />}
          <p className={css.more}>
            <a href={pathTo('details', slugs)} aria-label={`Info & hours: ${title}`}>
              Info &amp; hours
            </a>
          </p>
        </div>
      </div>
    </article>
  )
}

export function RestaurantGrid({ restaurants, mode }: { restaurants: LocationSummary[]; mode?: StatusMode }) {
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

export function groupByCity(restaurants: LocationSummary[]): [string, LocationSummary[]][] {
  const groups = new Map<string, LocationSummary[]>()
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
