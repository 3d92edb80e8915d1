import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import type { RestaurantDetail } from '@/shared/api'
import { LoadGate } from '@/shared/ui'
import { $currentRestaurant, $restaurantRequest, loadRestaurant, RESTAURANT_NOT_FOUND } from '../model/restaurant'

type RestaurantGateProps = {
  /** A location slug, or the slug of a merchant with one location. */
  slug: string
  loadingLabel: string
  children: (restaurant: RestaurantDetail) => ReactNode
}

/** Loads the restaurant of a route and shows its screen, a skeleton, "Please Try Again" with Retry, or not found without one. */
export function RestaurantGate({ slug, loadingLabel, children }: RestaurantGateProps) {
  const restaurant = useStore($currentRestaurant)
  const request = useStore($restaurantRequest)
  const ready = restaurant && (restaurant.locationSlug === slug || restaurant.merchantSlug === slug)

  return (
    <LoadGate
      value={ready ? restaurant : undefined}
      request={request}
      load={() => loadRestaurant(slug)}
      loadKey={slug}
      loadingLabel={loadingLabel}
      failedMessage="This restaurant could not be loaded."
      notFound={{ error: RESTAURANT_NOT_FOUND, message: 'Its link may be mistyped, or it is no longer on Tablefront.' }}
    >
      {children}
    </LoadGate>
  )
}
