import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import {
  $selectedLocation,
  clearSelectedLocation,
  formatPoint,
  nearbyPath,
  selectLocation,
  UseMyLocationButton,
  type LocationSource,
  type SelectedLocation,
} from '@/entities/location'
import { navigate, pathTo } from '@/shared/routes'
import { RestaurantMap } from '@/widgets/restaurant-map'
import { SiteHeader } from '@/widgets/site-header'
import { $nearestCity, describeNearest, loadNearestCity } from '../model/nearest-city'
import css from './LocationInfoPage.module.css'

const SOURCE_NAMES: Record<LocationSource, string> = {
  gps: 'Your device’s location',
  pin: 'A point you picked on the map',
  search: 'A place you searched for',
}

/** /location/info: the stored location, the city it is near, and ways to change it. */
export function LocationInfoPage() {
  const selected = useStore($selectedLocation)
  return (
    <>
      <SiteHeader />
      <main className={css.page}>
        <h1 className={css.title}>Your location</h1>
        {selected ? <KnownLocation selected={selected} /> : <NoLocation />}
      </main>
    </>
  )
}

function KnownLocation({ selected }: { selected: SelectedLocation }) {
  const nearest = useStore($nearestCity)
  const point = { lat: selected.lat, lng: selected.lng }

  useEffect(() => {
    void loadNearestCity({ lat: selected.lat, lng: selected.lng })
  }, [selected.lat, selected.lng])

  const known = nearest.data && nearest.data.point.lat === selected.lat && nearest.data.point.lng === selected.lng ? nearest.data.nearest : undefined
  return (
    <div className={css.layout}>
      <div>
        <dl className={css.facts}>
          <div>
            <dt>Place</dt>
            <dd data-testid="location-label">{selected.label}</dd>
          </div>
          <div>
            <dt>Coordinates</dt>
            <dd>{formatPoint(point)}</dd>
          </div>
          <div>
            <dt>Nearest city</dt>
            <dd aria-live="polite">
              {known ? (
                describeNearest(known)
              ) : nearest.error ? (
                <>
                  Unknown: the lookup failed.{' '}
                  <button type="button" className={css.inlineButton} onClick={() => void loadNearestCity(point)}>
                    Try again
                  </button>
                </>
              ) : (
                'Looking it up…'
              )}
            </dd>
          </div>
          <div>
            <dt>Chosen from</dt>
            <dd>{SOURCE_NAMES[selected.source]}</dd>
          </div>
        </dl>
        <div className={css.actions}>
          <a className="button" href={nearbyPath(point)}>
            See restaurants near here
          </a>
          <a className="button button--secondary" href={pathTo('locationSearch')}>
            Search for another place
          </a>
          <a className="button button--secondary" href={pathTo('locationPick')}>
            Move it on the map
          </a>
          <button type="button" className={`button button--secondary ${css.forget}`} onClick={clearSelectedLocation}>
            Forget this location
          </button>
        </div>
      </div>
      <RestaurantMap className={css.map} label={`Map of ${selected.label}`} center={point} centerLabel={selected.label} zoom={14} />
    </div>
  )
}

function NoLocation() {
  return (
    <div className={css.empty}>
      <p>
        You have not chosen a location yet. Choose one to see the restaurants nearest to it, how far they are, and whether they
        deliver there.
      </p>
      <div className={css.actions}>
        <UseMyLocationButton
          onLocated={(position) => {
            selectLocation({ lat: position.lat, lng: position.lng, label: 'Current location', source: 'gps' })
            navigate(nearbyPath(position))
          }}
        />
        <a className="button button--secondary" href={pathTo('locationSearch')}>
          Search for a place
        </a>
        <a className="button button--secondary" href={pathTo('locationPick')}>
          Pick a point on the map
        </a>
      </div>
    </div>
  )
}
