import { useStore } from '@nanostores/react'
import { useEffect, useMemo, useRef } from 'react'
import { $selectedLocation, formatPoint, parsePoint, samePoint, type LatLng, type SelectedLocation } from '@/entities/location'
import { OpenBadge, resolveTheme } from '@/entities/restaurant'
import type { LocationSummary } from '@/shared/api'
import { pathTo } from '@/shared/routes'
import { Skeleton, StatusScreen } from '@/shared/ui'
import { RestaurantMap, type MapMarker } from '@/widgets/restaurant-map'
import { SiteHeader } from '@/widgets/site-header'
import { coverageAt, formatKm } from '../lib/coverage'
import { $highlightedRestaurant, $nearbyRequest, highlightRestaurant, loadNearby } from '../model/nearby'
import css from './NearbyPage.module.css'

/** Past this distance the nearest restaurant is "not near", and the page says so. */
const NEAR_KM = 50

const scrollBehaviour = (): ScrollBehavior =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'

const displayName = (restaurant: LocationSummary) =>
  restaurant.branchName.includes(restaurant.merchantName) ? restaurant.branchName : `${restaurant.merchantName} — ${restaurant.branchName}`

function placeName(selected: SelectedLocation | null, point: LatLng): string {
  if (!selected || !samePoint(selected, point)) return formatPoint(point)
  if (selected.source === 'gps') return 'you'
  if (selected.source === 'pin') return 'the pinned point'
  return selected.label
}

/** /restaurants/location/{lat}/{lng}: restaurants nearest a point, on a map and in a list. */
export function NearbyPage({ params }: { params: Record<string, string> }) {
  const point = useMemo(() => parsePoint(params.lat, params.lng), [params.lat, params.lng])
  if (!point) {
    return (
      <>
        <SiteHeader />
        <StatusScreen
          title="This is not a place on the map"
          message={`“${params.lat ?? ''}, ${params.lng ?? ''}” is not a latitude and longitude. A latitude runs from -90 to 90 and a longitude from -180 to 180.`}
        >
          <a className="button" href={pathTo('locationSearch')}>
            Search for a place
          </a>
          <a className="button button--secondary" href={pathTo('locationPick')}>
            Pick a point on the map
          </a>
        </StatusScreen>
      </>
    )
  }
  return <Nearby point={point} />
}

function Nearby({ point }: { point: LatLng }) {
  const selected = useStore($selectedLocation)
  const request = useStore($nearbyRequest)
  const highlighted = useStore($highlightedRestaurant)
  const mapSection = useRef<HTMLElement>(null)

  useEffect(() => {
    void loadNearby(point)
  }, [point])

  const current = request.data && samePoint(request.data.point, point) ? request.data.result : undefined
  const restaurants = current?.content ?? []
  const where = placeName(selected, point)

  const markers = useMemo<MapMarker[]>(
    () =>
      restaurants.map((restaurant, index) => {
        const theme = resolveTheme(restaurant)
        return {
          id: restaurant.id,
          name: displayName(restaurant),
          lat: restaurant.lat,
          lng: restaurant.lng,
          number: index + 1,
          colour: theme.primaryColor,
          textColour: theme.textColor,
        }
      }),
    [restaurants],
  )

  const selectFromMap = (id: string) => {
    highlightRestaurant(id)
    document.getElementById(`nearby-${id}`)?.scrollIntoView({ block: 'nearest', behavior: scrollBehaviour() })
  }
  const selectFromList = (id: string) => {
    highlightRestaurant(id)
    mapSection.current?.scrollIntoView({ block: 'nearest', behavior: scrollBehaviour() })
  }

  const nearest = restaurants[0]?.distanceKm
  return (
    <>
      <SiteHeader />
      <main className={css.page}>
        <header className={css.intro}>
          <h1 className={css.title}>Restaurants near {where}</h1>
          <p className={css.where}>
            <span>{formatPoint(point)}</span>
            <a href={pathTo('locationSearch')}>Search another place</a>
            <a href={pathTo('locationPick')}>Pick on the map</a>
            <a href={pathTo('locationInfo')}>Your location</a>
          </p>
        </header>
        <div className={css.layout}>
          <section ref={mapSection} className={css.mapColumn} aria-label="Map">
            <RestaurantMap
              className={css.map}
              label={`Map of restaurants near ${where}`}
              center={point}
              centerLabel={where === 'you' ? 'Your location' : `Searching from ${where}`}
              markers={markers}
              selectedId={highlighted}
              onSelect={selectFromMap}
            />
          </section>
          <section className={css.listColumn} aria-labelledby="nearby-results">
            {request.error && !current ? (
              <div className={css.problem} role="alert">
                <h2 id="nearby-results">{request.error}</h2>
                <p>The restaurants near this point could not be loaded.</p>
                <button type="button" className="button" onClick={() => void loadNearby(point)}>
                  Retry
                </button>
              </div>
            ) : !current ? (
              <>
                <h2 id="nearby-results" className="visually-hidden">
                  Restaurants
                </h2>
                <Skeleton rows={4} label="Loading the nearest restaurants" />
              </>
            ) : restaurants.length === 0 ? (
              <div className={css.problem}>
                <h2 id="nearby-results">No restaurants yet</h2>
                <p>No restaurant is listed on Tablefront yet.</p>
              </div>
            ) : (
              <>
                <h2 id="nearby-results" className={css.count}>
                  {restaurants.length === 1 ? '1 restaurant' : `${restaurants.length} restaurants`}, nearest first
                </h2>
                {nearest !== null && nearest !== undefined && nearest > NEAR_KM && (
                  <p className={css.note}>No restaurant on Tablefront is within {NEAR_KM} km of this point yet; these are the nearest.</p>
                )}
                {current.totalElements > restaurants.length && (
                  <p className={css.note}>
                    Showing the {restaurants.length} nearest of {current.totalElements} restaurants.
                  </p>
                )}
                <ol className={css.list}>
                  {restaurants.map((restaurant, index) => (
                    <NearbyEntry
                      key={restaurant.id}
                      restaurant={restaurant}
                      number={index + 1}
                      highlighted={restaurant.id === highlighted}
                      onShow={selectFromList}
                    />
                  ))}
                </ol>
              </>
            )}
          </section>
        </div>
      </main>
    </>
  )
}

function NearbyEntry({
  restaurant,
  number,
  highlighted,
  onShow,
}: {
  restaurant: LocationSummary
  number: number
  highlighted: boolean
  onShow: (id: string) => void
}) {
  const name = displayName(restaurant)
  const theme = resolveTheme(restaurant)
  const distance = restaurant.distanceKm
  const coverage = distance === null ? null : coverageAt(restaurant, distance)
  return (
    <li
      id={`nearby-${restaurant.id}`}
      className={highlighted ? `${css.entry} ${css.highlighted}` : css.entry}
      aria-current={highlighted || undefined}
      data-testid="nearby-restaurant"
      data-slug={restaurant.locationSlug}
    >
      <span className={css.number} style={{ background: theme.primaryColor, color: theme.textColor }} aria-hidden="true">
        {number}
      </span>
      <div className={css.body}>
        <h3 className={css.name}>
          <a href={pathTo('menu', { merchantType: restaurant.merchantType, merchantSlug: restaurant.locationSlug })}>{name}</a>
        </h3>
        <p className={css.address}>{restaurant.address}</p>
        <p className={css.facts}>
          {distance !== null && <span data-testid="distance">{formatKm(distance)} away</span>}
          <OpenBadge restaurant={restaurant} />
        </p>
        {coverage && (
          <p className={css.facts}>
            <span className={coverage.tone === 'good' ? css.good : css.limited}>{coverage.label}</span>
            {coverage.etas.map((eta) => (
              <span key={eta}>{eta}</span>
            ))}
          </p>
        )}
        <button
          type="button"
          className={css.show}
          aria-pressed={highlighted}
          aria-label={`Show on map: ${name}`}
          onClick={() => onShow(restaurant.id)}
        >
          Show on map
        </button>
      </div>
    </li>
  )
}
