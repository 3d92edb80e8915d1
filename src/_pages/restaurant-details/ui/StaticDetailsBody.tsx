import { StaticOpenBadge } from '@/entities/restaurant'
import type { RestaurantDetail } from '@/shared/api'
import { slugify } from '@/shared/lib/slug'
import { LocationMapFrame, RestaurantInfo } from '@/widgets/restaurant-info'
import { DetailsHeader } from './DetailsHeader'

/** The static details page's body: rendered at build time, with no React in the browser. */
export function StaticDetailsBody({ restaurant, tileUrl }: { restaurant: RestaurantDetail; tileUrl: string }) {
  const label = `${restaurant.merchantName}, ${restaurant.address}`
  return (
    <>
      <DetailsHeader restaurant={restaurant} status={<StaticOpenBadge restaurant={restaurant} />} />
      <main className="page">
        <p className="breadcrumb">
          <a href="/">All restaurants</a> › <a href={`/restaurants/city/${slugify(restaurant.city)}`}>{restaurant.city}</a>
        </p>
        <RestaurantInfo
          restaurant={restaurant}
          status={<StaticOpenBadge restaurant={restaurant} />}
          map={<LocationMapFrame lat={restaurant.lat} lng={restaurant.lng} label={label} tileUrl={tileUrl} />}
        />
      </main>
    </>
  )
}
