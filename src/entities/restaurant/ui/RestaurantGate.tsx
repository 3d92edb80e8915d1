import { useStore } from '@nanostores/react'
import { useEffect, type ReactNode } from 'react'
import type { RestaurantDetail } from '@/shared/api'
import { Skeleton, StatusScreen } from '@/shared/ui'
import { $currentRestaurant, $restaurantRequest, loadRestaurant } from '../model/restaurant'

type RestaurantGateProps = {
  /** A location slug, or the slug of a merchant with one location. */
  slug: string
  loadingLabel: string
  children: (restaurant: RestaurantDetail) => ReactNode
}

/** Loads the restaurant of a route and shows its screen, a skeleton, or "Please Try Again" with Retry. */
export function RestaurantGate({ slug, loadingLabel, children }: RestaurantGateProps) {
  const restaurant = useStore($currentRestaurant)
  const request = useStore($restaurantRequest)
  const ready = restaurant && (restaurant.locationSlug === slug || restaurant.merchantSlug === slug)

  useEffect(() => {
    void loadRestaurant(slug)
  }, [slug])

  if (ready) return children(restaurant)
  if (request.error && !request.loading) {
    return (
      <StatusScreen title={request.error} message="This restaurant could not be loaded.">
        <button type="button" className="button" onClick={() => void loadRestaurant(slug)}>
          Retry
        </button>
        <a className="button button--secondary" href="/">
          All restaurants
        </a>
      </StatusScreen>
    )
  }
  return <Skeleton label={loadingLabel} />
}
