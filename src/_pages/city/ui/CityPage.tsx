import { StatusScreen } from '@/shared/ui'
import { RestaurantGrid, RestaurantSearch } from '@/widgets/restaurant-list'
import { SiteHeader } from '@/widgets/site-header'

const readable = (cityName: string) => decodeURIComponent(cityName).replace(/-/g, ' ')
const titleCase = (words: string) => words.replace(/\b\w/g, (letter) => letter.toUpperCase())

/** A city's restaurants in the app: any spelling of the city, and cities added after the build. */
export function CityPage({ params }: { params: Record<string, string> }) {
  const name = titleCase(readable(params.cityName ?? ''))
  return (
    <>
      <SiteHeader />
      <main className="page">
        <p className="breadcrumb">
          <a href="/">All restaurants</a>
        </p>
        <h1 className="page-title">Restaurants in {name}</h1>
        <RestaurantSearch
          request={{ cityName: readable(params.cityName ?? ''), size: 100 }}
          loadingLabel={`Loading restaurants in ${name}`}
          empty={
            <StatusScreen title={`No restaurants in ${name} yet`} message="Try another city, or search a location.">
              <a className="button" href="/location/search">
                Search a location
              </a>
            </StatusScreen>
          }
        >
          {(restaurants) => <RestaurantGrid restaurants={restaurants} />}
        </RestaurantSearch>
      </main>
    </>
  )
}
