import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $favouritesRequest, loadFavourites } from '@/entities/favourite'
import { FavouriteButton } from '@/features/toggle-favourite'
import { formatMoney } from '@/shared/lib/money'
import { pathTo } from '@/shared/routes'
import { Spinner } from '@/shared/ui'
import css from './Account.module.css'

/** Favourite restaurants and dishes; a heart removes one (and puts it back) without leaving the list. */
export function FavoritesSection({ customerId }: { customerId: string }) {
  const request = useStore($favouritesRequest)

  useEffect(() => {
    void loadFavourites()
  }, [customerId])

  if (request.error && !request.data) {
    return (
      <div className={css.problem} role="alert">
        <p>{request.error}</p>
        <button type="button" className="button button--secondary" onClick={() => void loadFavourites()}>
          Retry
        </button>
      </div>
    )
  }
  if (!request.data || (request.loading && !request.success)) return <Spinner label="Loading your favorites" />
  const { restaurants, items } = request.data

  return (
    <div className={css.stack}>
      <section aria-labelledby="favourite-restaurants">
        <h3 id="favourite-restaurants" className={css.subheading}>
          Restaurants
        </h3>
        {restaurants.length === 0 ? (
          <p className={css.empty}>No favorite restaurants yet. Tap the heart on a restaurant to keep it here.</p>
        ) : (
          <ul className={css.list}>
            {restaurants.map((restaurant) => (
              <li key={restaurant.locationId} className={css.row}>
                <a className={css.rowLink} href={pathTo('menu', { merchantType: restaurant.merchantType, merchantSlug: restaurant.locationSlug })}>
                  <strong>{restaurant.branchName}</strong>
                  <span className={css.muted}>{restaurant.city}</span>
                </a>
                <FavouriteButton target={{ kind: 'restaurant', locationId: restaurant.locationId }} name={restaurant.branchName} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="favourite-dishes">
        <h3 id="favourite-dishes" className={css.subheading}>
          Dishes
        </h3>
        {items.length === 0 ? (
          <p className={css.empty}>No favorite dishes yet.</p>
        ) : (
          <ul className={css.list}>
            {items.map((item) => (
              <li key={item.itemId} className={css.row}>
                <a className={css.rowLink} href={pathTo('menu', { merchantType: item.merchantType, merchantSlug: item.locationSlug })}>
                  <strong>{item.name}</strong>
                  <span className={css.muted}>{formatMoney(item.price, item.currency)}</span>
                </a>
                <FavouriteButton target={{ kind: 'item', itemId: item.itemId, locationId: item.locationId }} name={item.name} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
