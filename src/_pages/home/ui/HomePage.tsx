import { StatusScreen } from '@/shared/ui'
import { RestaurantSearch, RestaurantsByCity } from '@/widgets/restaurant-list'
import { SiteHeader } from '@/widgets/site-header'
import { HomeSearchForm } from './HomeSearchForm'

/** The restaurant list in the app, for visits before the static home page exists. */
export function HomePage() {
  return (
    <>
      <SiteHeader />
      <main className="page">
        <h1 className="page-title">Find a restaurant</h1>
        <HomeSearchForm />
        <p className="page-lead">
          <a href="/location/search">Search a location</a> · <a href="/location/pick">Use my location</a>
        </p>
        <RestaurantSearch
          request={{ size: 100 }}
          loadingLabel="Loading restaurants"
          empty={<StatusScreen title="No restaurants yet" message="No restaurant is listed on this platform yet." />}
        >
          {(restaurants) => <RestaurantsByCity restaurants={restaurants} />}
        </RestaurantSearch>
      </main>
    </>
  )
}
