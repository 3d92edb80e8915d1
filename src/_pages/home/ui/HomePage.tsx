import { useEffect, useState } from 'react'
import { findMerchants, OpenBadge, resolveLogo, resolveTheme } from '@/entities/restaurant'
import type { LocationSummary } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'
import { pathTo } from '@/shared/routes'
import { Skeleton, StatusScreen } from '@/shared/ui'
import { SiteHeader } from '@/widgets/site-header'
import css from './HomePage.module.css'

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'done'; restaurants: LocationSummary[] }

function groupByCity(restaurants: LocationSummary[]) {
  const groups = new Map<string, LocationSummary[]>()
  for (const restaurant of restaurants) {
    groups.set(restaurant.city, [...(groups.get(restaurant.city) ?? []), restaurant])
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))
}

export function HomePage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    setLoad({ state: 'loading' })
    findMerchants({ size: 100 })
      .then((result) => live && setLoad({ state: 'done', restaurants: result.content }))
      .catch(() => live && setLoad({ state: 'failed' }))
    return () => {
      live = false
    }
  }, [attempt])

  return (
    <>
      <SiteHeader />
      <main className={css.page}>
        <h1 className={css.title}>Find a restaurant</h1>
        {load.state === 'loading' && <Skeleton label="Loading restaurants" />}
        {load.state === 'failed' && (
          <StatusScreen title="Please Try Again" message="The restaurants could not be loaded.">
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </button>
          </StatusScreen>
        )}
        {load.state === 'done' && load.restaurants.length === 0 && (
          <StatusScreen title="No restaurants yet" message="No restaurant is listed on this platform yet." />
        )}
        {load.state === 'done' &&
          groupByCity(load.restaurants).map(([city, restaurants]) => (
            <section key={city} className={css.city} aria-labelledby={`city-${city}`}>
              <h2 id={`city-${city}`} className={css.cityName}>
                {city}
              </h2>
              <ul className={css.grid}>
                {restaurants.map((restaurant) => (
                  <li key={restaurant.id}>
                    <RestaurantCard restaurant={restaurant} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
      </main>
    </>
  )
}

function RestaurantCard({ restaurant }: { restaurant: LocationSummary }) {
  const theme = resolveTheme(restaurant)
  const href = pathTo('menu', { merchantType: restaurant.merchantType, merchantSlug: restaurant.locationSlug })
  return (
    <a className={css.card} href={href} style={{ borderTopColor: theme.primaryColor }} data-testid="restaurant-card">
      {restaurant.cover && <img className={css.cover} src={restaurant.cover.url} alt="" width={400} height={200} loading="lazy" />}
      <div className={css.body}>
        <img className={css.logo} src={resolveLogo(restaurant)} alt="" width={44} height={44} loading="lazy" />
        <div>
          <h3 className={css.name}>{restaurant.merchantName}</h3>
          {restaurant.branchName !== restaurant.merchantName && <p className={css.branch}>{restaurant.branchName}</p>}
          <p className={css.cuisine}>{restaurant.cuisine.join(' · ')}</p>
          <p className={css.facts}>
            {restaurant.rating > 0 && <span>★ {restaurant.rating.toFixed(1)}</span>}
            {restaurant.cost > 0 && <span>{formatMoney(restaurant.cost, restaurant.currency)} for two</span>}
          </p>
          <OpenBadge restaurant={restaurant} />
        </div>
      </div>
    </a>
  )
}
