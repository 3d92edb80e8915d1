import { useEffect, useState } from 'react'
import { findMerchants } from '@/entities/restaurant'
import type { LocationSummary } from '@/shared/api'
import { Skeleton, StatusScreen } from '@/shared/ui'
import { RestaurantGrid } from '@/widgets/restaurant-list'
import { SiteHeader } from '@/widgets/site-header'

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'done'; restaurants: LocationSummary[] }

const readable = (cityName: string) => decodeURIComponent(cityName).replace(/-/g, ' ')

/** A city's restaurants in the app: any spelling of the city, and cities added after the build. */
export function CityPage({ params }: { params: Record<string, string> }) {
  const cityName = params.cityName ?? ''
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    setLoad({ state: 'loading' })
    findMerchants({ cityName: readable(cityName), size: 100 })
      .then((result) => live && setLoad({ state: 'done', restaurants: result.content }))
      .catch(() => live && setLoad({ state: 'failed' }))
    return () => {
      live = false
    }
  }, [cityName, attempt])

  const name = load.state === 'done' && load.restaurants[0] ? load.restaurants[0].city : readable(cityName)
  return (
    <>
      <SiteHeader />
      <main className="page">
        <p className="breadcrumb">
          <a href="/">All restaurants</a>
        </p>
        <h1 className="page-title">Restaurants in {name}</h1>
        {load.state === 'loading' && <Skeleton label={`Loading restaurants in ${name}`} />}
        {load.state === 'failed' && (
          <StatusScreen title="Please Try Again" message="The restaurants could not be loaded.">
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </button>
          </StatusScreen>
        )}
        {load.state === 'done' && load.restaurants.length === 0 && (
          <StatusScreen title={`No restaurants in ${name} yet`} message="Try another city, or search a location.">
            <a className="button" href="/location/search">
              Search a location
            </a>
          </StatusScreen>
        )}
        {load.state === 'done' && load.restaurants.length > 0 && <RestaurantGrid restaurants={load.restaurants} />}
      </main>
    </>
  )
}
