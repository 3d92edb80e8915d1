import type { ReactNode } from 'react'
import { ServiceLinks } from '@/entities/reservation'
import { resolveLogo } from '@/entities/restaurant'
import type { RestaurantDetail } from '@/shared/api'
import { pathTo } from '@/shared/routes'
import css from './DetailsHeader.module.css'

/** The restaurant's name, logo and status in its theme, with the way to its menu. */
export function DetailsHeader({ restaurant, status, actions }: { restaurant: RestaurantDetail; status: ReactNode; actions?: ReactNode }) {
  const slugs = { merchantType: restaurant.merchantType, merchantSlug: restaurant.locationSlug }
  const ordering = restaurant.onlineOrder && !restaurant.disabledServices?.isOnlineOrder
  return (
    <header className={css.header}>
      <div className={css.inner}>
        <img className={css.logo} src={resolveLogo(restaurant)} alt={`${restaurant.merchantName} logo`} width={72} height={72} />
        <div className={css.text}>
          <h1 className={css.name}>{restaurant.merchantName}</h1>
          {restaurant.branchName !== restaurant.merchantName && <p className={css.branch}>{restaurant.branchName}</p>}
          <p className={css.status}>{status}</p>
        </div>
        {actions}
        <ServiceLinks restaurant={restaurant} />
        <a className={css.cta} href={pathTo('menu', slugs)}>
          {ordering ? 'Order from the menu' : 'See the menu'}
        </a>
      </div>
    </header>
  )
}
