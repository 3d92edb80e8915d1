import type { ReactNode } from 'react'
import { OpenBadge, resolveLogo } from '@/entities/restaurant'
import type { DiningTable, RestaurantDetail } from '@/shared/api'
import css from './RestaurantHeader.module.css'

type RestaurantHeaderProps = {
  restaurant: RestaurantDetail
  /** The table of a scanned QR code. */
  table: DiningTable | null
  /** Buttons at the end of the banner, such as saving the restaurant as a favourite. */
  actions?: ReactNode
  /** docs/events.md, "Rules": event orders force open=1, so an event menu shows the restaurant open whatever its hours. */
  forcedOpen?: boolean
}

/** The restaurant's banner in its own theme: logo (or the default logo), name, address, status and table. */
export function RestaurantHeader({ restaurant, table, actions, forcedOpen = false }: RestaurantHeaderProps) {
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
          {forcedOpen ? (
            <span className={css.eventOpen} data-testid="event-open">
              Open for event orders
            </span>
          ) : (
            <OpenBadge restaurant={restaurant} />
          )}
          {rating && <span className={css.rating}>{rating}</span>}
          {table && (
            <span className={css.table} data-testid="table-name" title={`${table.sectionName}, seats ${table.capacity}`}>
              Table {table.name}
            </span>
          )}
        </p>
      </div>
      {actions && <div className={css.actions}>{actions}</div>}
    </header>
  )
}
