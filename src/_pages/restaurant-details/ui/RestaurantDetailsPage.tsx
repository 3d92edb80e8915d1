import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { $currentRestaurant, $restaurantRequest, loadRestaurant, OpenBadge } from '@/entities/restaurant'
import { FavouriteButton } from '@/features/toggle-favourite'
import { api, isErrorBody } from '@/shared/api'
import { pathTo, redirectToPath } from '@/shared/routes'
import { Skeleton, StatusScreen } from '@/shared/ui'
import { LocationMapFrame, RestaurantInfo } from '@/widgets/restaurant-info'
import { DetailsHeader } from './DetailsHeader'

function useTileUrl() {
  const [tileUrl, setTileUrl] = useState('')
  useEffect(() => {
    api
      .get<{ tileUrl: string }>('/config')
      .then((config) => !isErrorBody(config) && setTileUrl(config.tileUrl))
      .catch(() => setTileUrl(''))
  }, [])
  return tileUrl
}

/** Restaurant details in the app: for restaurants newer than the static pages, and in-app visits. */
export function RestaurantDetailsPage({ params }: { params: Record<string, string> }) {
  const slug = params.merchantSlug ?? ''
  const restaurant = useStore($currentRestaurant)
  const request = useStore($restaurantRequest)
  const tileUrl = useTileUrl()
  const ready = restaurant && (restaurant.locationSlug === slug || restaurant.merchantSlug === slug)

  useEffect(() => {
    void loadRestaurant(slug)
  }, [slug])

  // A short link sends every slug to /restaurant/…; use the restaurant's own merchant type.
  useEffect(() => {
    if (ready && (params.merchantType !== restaurant.merchantType || slug !== restaurant.locationSlug)) {
      redirectToPath(pathTo('details', { merchantType: restaurant.merchantType, merchantSlug: restaurant.locationSlug }))
    }
  }, [ready, restaurant, params.merchantType, slug])

  useEffect(() => {
    if (!ready) return
    const name = restaurant.branchName === restaurant.merchantName ? restaurant.merchantName : `${restaurant.merchantName}, ${restaurant.branchName}`
    document.title = `${name} — menu, hours and ordering | Tablefront`
  }, [ready, restaurant])

  if (!ready) {
    if (request.error) {
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
    return <Skeleton label="Loading the restaurant" />
  }
  const label = `${restaurant.merchantName}, ${restaurant.address}`
  return (
    <>
      <DetailsHeader
        restaurant={restaurant}
        status={<OpenBadge restaurant={restaurant} />}
        actions={<FavouriteButton target={{ kind: 'restaurant', locationId: restaurant.id }} name={restaurant.merchantName} />}
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
