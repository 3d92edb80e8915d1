import { useStore } from '@nanostores/react'
import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import { nearbyPath, PLACE_QUERY_MAX_LENGTH, selectLocation, UseMyLocationButton, type Place } from '@/entities/location'
import { navigate, pathTo } from '@/shared/routes'
import { SiteHeader } from '@/widgets/site-header'
import { placeSearch } from '../model/place-search'
import css from './LocationSearchPage.module.css'

const KIND_NAMES = { city: 'City', address: 'Restaurant address' } as const

function choose(place: Place) {
  selectLocation({ lat: place.lat, lng: place.lng, label: place.label, source: 'search' })
  navigate(nearbyPath(place))
}

/** /location/search: find a city or a restaurant's street and see the restaurants near it. */
export function LocationSearchPage() {
  const query = useStore(placeSearch.$query)
  const results = useStore(placeSearch.$results)
  const [active, setActive] = useState(-1)
  const ids = useId()
  const listId = `${ids}-places`
  const optionId = (index: number) => `${ids}-place-${index}`

  useEffect(() => () => placeSearch.reset(), [])

  const trimmed = query.trim()
  const settled = results.data && results.data.query === trimmed ? results.data.places : undefined
  const places = settled ?? []
  const expanded = places.length > 0
  const failed = Boolean(results.error) && !settled

  useEffect(() => setActive(-1), [settled])

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && expanded) {
      event.preventDefault()
      setActive((index) => (index + 1) % places.length)
    } else if (event.key === 'ArrowUp' && expanded) {
      event.preventDefault()
      setActive((index) => (index <= 0 ? places.length - 1 : index - 1))
    } else if (event.key === 'Home' && expanded && active >= 0) {
      event.preventDefault()
      setActive(0)
    } else if (event.key === 'End' && expanded && active >= 0) {
      event.preventDefault()
      setActive(places.length - 1)
    } else if (event.key === 'Escape') {
      if (active >= 0) setActive(-1)
      else placeSearch.setQuery('')
    }
  }

  const status = !trimmed
    ? ''
    : failed
      ? ''
      : !settled
        ? 'Searching…'
        : places.length === 0
          ? `No places match “${trimmed}”.`
          : `${places.length === 1 ? '1 place' : `${places.length} places`} found. Use the up and down arrows to choose one.`

  return (
    <>
      <SiteHeader />
      <main className={css.page}>
        <h1 className={css.title}>Find restaurants near a place</h1>
        <form
          role="search"
          className={css.form}
          onSubmit={(event) => {
            event.preventDefault()
            const place = places[active >= 0 ? active : 0]
            if (place) choose(place)
          }}
        >
          <label htmlFor={`${ids}-query`} className={css.label}>
            City, neighbourhood, street or restaurant
          </label>
          <input
            id={`${ids}-query`}
            className={css.input}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={expanded ? listId : undefined}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            maxLength={PLACE_QUERY_MAX_LENGTH}
            placeholder="e.g. Bengaluru, Folsom St, Olive Tree"
            value={query}
            onChange={(event) => placeSearch.setQuery(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </form>

        <p className={status ? css.status : 'visually-hidden'} role="status">
          {status}
        </p>

        {failed && (
          <div className={css.problem} role="alert">
            <p className={css.problemTitle}>{results.error}</p>
            <p>The search could not be completed.</p>
            <button type="button" className="button" onClick={() => void placeSearch.retry()}>
              Retry
            </button>
          </div>
        )}

        {expanded && (
          <ul id={listId} role="listbox" aria-label="Places" className={css.results}>
            {places.map((place, index) => (
              <li
                key={`${place.kind}:${place.label}:${place.lat},${place.lng}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={index === active ? `${css.option} ${css.active}` : css.option}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(place)}
              >
                <span className={css.kind}>{KIND_NAMES[place.kind]}</span>
                <span className={css.placeLabel}>{place.label}</span>
                {place.secondary && <span className={css.secondary}>{place.secondary}</span>}
              </li>
            ))}
          </ul>
        )}

        {!trimmed && <p className={css.hint}>Type at least one letter: a city such as Bengaluru, a street, or a restaurant’s name.</p>}

        <section className={css.other} aria-labelledby={`${ids}-other`}>
          <h2 id={`${ids}-other`} className={css.otherTitle}>
            Other ways to choose a place
          </h2>
          <div className={css.actions}>
            <UseMyLocationButton
              className="button button--secondary"
              onLocated={(point) => {
                selectLocation({ lat: point.lat, lng: point.lng, label: 'Current location', source: 'gps' })
                navigate(nearbyPath(point))
              }}
            />
            <a className="button button--secondary" href={pathTo('locationPick')}>
              Pick a point on the map
            </a>
          </div>
        </section>
      </main>
    </>
  )
}
