import type { RestaurantDetail } from '@/shared/api'
import { OpenBadge, resolveLogo } from '@/entities/restaurant'
import css from './RestaurantHeader.module.css'

/** The restaurant's banner in its own theme: logo (or the default logo), name, address and status. */
export function RestaurantHeader({ restaurant }: { restaurant: RestaurantDetail }) {
  const rating = restaurant.rating ? `★ ${restaurant.rating.toFixed(1)} (${restaurant.ratingCount})` : null
  return (
    <header className={css.header}>
      <a href="/" className={css.back} aria-label="All restaurants">
        ←
      </a>
      <img className={css.logo} src={resolveLogo(restaurant)} alt={`${restaurant.merchantName} logo`} width={56} height={56} />
      <div className={css.text}>
        <h1 className={css.name}>{restaurant.merchantName}</h1>
        <p className={css.meta}>
          {restaurant.branchName !== restaurant.merchantName && `${restaurant.branchName} · `}
          {restaurant.address}
        </p>
        <p className={css.meta}>
          <OpenBadge restaurant={restaurant} />
          {rating && <span className={css.rating}>{rating}</span>}
        </p>
      </div>
    </header>
  )
}
