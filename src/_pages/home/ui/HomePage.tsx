import { useEffect, useState } from 'react'
import { findMerchants } from '@/entities/restaurant'
import type { LocationSummary } from '@/shared/api'
import { Skeleton, StatusScreen } from '@/shared/ui'
import { RestaurantsByCity } from '@/widgets/restaurant-list'
import { SiteHeader } from '@/widgets/site-header'

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'done'; restaurants: LocationSummary[] }

/** The restaurant list in the app, for visits before the static home page exists. */
export function HomePage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    setLoad({ state: 'loading' })
    findMerchants({ size: 100 })
      .then((result) => live && setLoad({ state: 'done', restaurants: result.content }))
      .catch(() => live && setLoad({ state: 'failed' }))
    return () => {
      live = false
    }
  }, [attempt])

  return (
    <>
      <SiteHeader />
      <main className="page">
        <h1 className="page-title">Find a restaurant</h1>
        <p className="page-lead">
          <a href="/location/search">Search a location</a> · <a href="/location/pick">Use my location</a>
        </p>
        {load.state === 'loading' && <Skeleton label="Loading restaurants" />}
        {load.state === 'failed' && (
          <StatusScreen title="Please Try Again" message="The restaurants could not be loaded.">
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </button>
          </StatusScreen>
        )}
        {load.state === 'done' && load.restaurants.length === 0 && (
          <StatusScreen title="No restaurants yet" message="No restaurant is listed on this platform yet." />
        )}
        {load.state === 'done' && <RestaurantsByCity restaurants={load.restaurants} />}
      </main>
    </>
  )
}
