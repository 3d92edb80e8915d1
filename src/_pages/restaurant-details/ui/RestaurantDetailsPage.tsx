import { useEffect, useState } from 'react'
import { OpenBadge, RestaurantGate } from '@/entities/restaurant'
import { FavouriteButton } from '@/features/toggle-favourite'
import { call, type RestaurantDetail } from '@/shared/api'
import { pathTo, redirectToPath } from '@/shared/routes'
import { LocationMapFrame, RestaurantInfo } from '@/widgets/restaurant-info'
import { DetailsHeader } from './DetailsHeader'

function useTileUrl() {
  const [tileUrl, setTileUrl] = useState('')
  useEffect(() => {
    call('GET /config', {})
      .then((config) => setTileUrl(config.tileUrl))
      .catch(() => setTileUrl(''))
  }, [])
  return tileUrl
}

/** Restaurant details in the app: for restaurants newer than the static pages, and in-app visits. */
export function RestaurantDetailsPage({ params }: { params: Record<string, string> }) {
  return (
    <RestaurantGate slug={params.merchantSlug ?? ''} loadingLabel="Loading the restaurant">
      {(restaurant) => <RestaurantDetails restaurant={restaurant} params={params} />}
    </RestaurantGate>
  )
}

function RestaurantDetails({ restaurant, params }: { restaurant: RestaurantDetail; params: Record<string, string> }) {
  const tileUrl = useTileUrl()

  // A short link sends every slug to /restaurant/…; use the restaurant's own merchant type.
  useEffect(() => {
    if (params.merchantType !== restaurant.merchantType || params.merchantSlug !== restaurant.locationSlug) {
      redirectToPath(pathTo('details', { merchantType: restaurant.merchantType, merchantSlug: restaurant.locationSlug }))
    }
  }, [restaurant, params.merchantType, params.merchantSlug])

  const name = restaurant.branchName === restaurant.merchantName ? restaurant.merchantName : `${restaurant.merchantName}, ${restaurant.branchName}`
  useEffect(() => {
    document.title = `${name} — menu, hours and ordering | Tablefront`
  }, [name])

  const label = `${restaurant.merchantName}, ${restaurant.address}`
  return (
    <>
      <DetailsHeader
        restaurant={restaurant}
        status={<OpenBadge restaurant={restaurant} />}
        actions={<FavouriteButton target={{ kind: 'restaurant', locationId: restaurant.id }} name={name} />}
      />
      <main className="page">
        <p className="breadcrumb">
          <a href="/">All restaurants</a>
        </p>
        <RestaurantInfo
          restaurant={restaurant}
          status={<OpenBadge restaurant={restaurant} />}
          map={<LocationMapFrame lat={restaurant.lat} lng={restaurant.lng} label={label} tileUrl={tileUrl} />}
        />
      </main>
    </>
  )
}
