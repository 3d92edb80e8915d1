import type { RestaurantDetail } from '@/shared/api'
import { pathTo } from '@/shared/routes'
import { ReserveTab } from './ReserveTab'
import { WaitlistTab } from './WaitlistTab'
import css from './Waitlist.module.css'

export type WaitlistTabName = 'waitlist' | 'reserve'

/** One restaurant's waitlist and reservations: two tabs that are links (/checkin and /Reservation), each its own URL. */
export function WaitlistScreen({ restaurant, tab }: { restaurant: RestaurantDetail; tab: WaitlistTabName }) {
  const search = { restaurant: restaurant.locationSlug }
  const menu = pathTo('menu', { merchantType: restaurant.merchantType, merchantSlug: restaurant.locationSlug })
  return (
    <main className={`page ${css.screen}`}>
      <p className="breadcrumb">
        <a href={menu}>{restaurant.merchantName} menu</a>
      </p>
      <h1 className="page-title">
        {restaurant.merchantName}
        {restaurant.branchName !== restaurant.merchantName && <span className={css.branch}> · {restaurant.branchName}</span>}
      </h1>
      <nav className={css.tabs} aria-label="Waitlist or reservation">
        <a className={css.tab} href={pathTo('checkin', {}, search)} aria-current={tab === 'waitlist' ? 'page' : undefined}>
          Join the waitlist
        </a>
        <a className={css.tab} href={pathTo('reservation', {}, search)} aria-current={tab === 'reserve' ? 'page' : undefined}>
          Reserve a table
        </a>
      </nav>
      {tab === 'waitlist' ? <WaitlistTab restaurant={restaurant} /> : <ReserveTab restaurant={restaurant} />}
    </main>
  )
}
