import { useStore } from '@nanostores/react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { formatPoint, parsePoint, UseMyLocationButton, type Direction } from '@/entities/location'
import { navigate, pathTo } from '@/shared/routes'
import { Spinner } from '@/shared/ui'
import { PinMap } from '@/widgets/restaurant-map'
import { SiteHeader } from '@/widgets/site-header'
import { $pin, confirmPin, movePin, NUDGE_METRES, nudgePin, startPicking } from '../model/pick'
import css from './LocationPickPage.module.css'

const MOVES: { direction: Direction; arrow: string; area: string }[] = [
  { direction: 'north', arrow: '↑', area: css.north! },
  { direction: 'west', arrow: '←', area: css.west! },
  { direction: 'east', arrow: '→', area: css.east! },
  { direction: 'south', arrow: '↓', area: css.south! },
]

/** /location/pick: drag a pin, click the map, use the device position, or type coordinates. */
export function LocationPickPage() {
  const pin = useStore($pin)
  const [located, setLocated] = useState<string | null>(null)

  useEffect(() => {
    void startPicking()
  }, [])

  const confirm = () => {
    const path = confirmPin()
    if (path) navigate(path)
  }

  return (
    <>
      <SiteHeader />
      <main className={css.page}>
        <h1 className={css.title}>Pick a point on the map</h1>
        <p className={css.lead}>
          Drag the pin or click the map where you want to eat. Without a mouse, use the move buttons or type the coordinates.
        </p>
        <div className={css.layout}>
          <div className={css.mapArea}>
            {pin ? (
              <PinMap
                className={css.map}
                label="Map for choosing a point"
                pinLabel="The chosen point"
                position={pin.point}
                zoom={pin.zoom}
                onMove={(point) => {
                  setLocated(null)
                  movePin(point)
                }}
              />
            ) : (
              <Spinner label="Preparing the map" />
            )}
          </div>
          <div className={css.controls}>
            <p className={css.position} role="status">
              {pin ? `Pin at ${formatPoint(pin.point)}` : 'Preparing the map…'}
              {located && <span className={css.located}>{located}</span>}
            </p>
            <UseMyLocationButton
              className="button button--secondary"
              onLocated={(point) => {
                movePin(point, 'gps', 16)
                setLocated(`Moved to your location (accurate to about ${Math.max(1, Math.round(point.accuracyM))} m).`)
              }}
            />
            <fieldset className={css.moves} disabled={!pin}>
              <legend>Move the pin {NUDGE_METRES} m</legend>
              <div className={css.pad}>
                {MOVES.map(({ direction, arrow, area }) => (
                  <button
                    key={direction}
                    type="button"
                    className={`${css.move} ${area}`}
                    aria-label={`Move the pin ${NUDGE_METRES} m ${direction}`}
                    onClick={() => {
                      setLocated(null)
                      nudgePin(direction)
                    }}
                  >
                    <span aria-hidden="true">{arrow}</span>
                  </button>
                ))}
              </div>
            </fieldset>
            {pin && <CoordinatesForm lat={pin.point.lat} lng={pin.point.lng} onApply={() => setLocated(null)} />}
            <button type="button" className={`button ${css.confirm}`} disabled={!pin} onClick={confirm}>
              Confirm and see restaurants
            </button>
            <a className={css.alternative} href={pathTo('locationSearch')}>
              Search for a place by name instead
            </a>
          </div>
        </div>
      </main>
    </>
  )
}

function CoordinatesForm({ lat, lng, onApply }: { lat: number; lng: number; onApply: () => void }) {
  const ids = useId()
  const [latText, setLatText] = useState(String(lat))
  const [lngText, setLngText] = useState(String(lng))
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    setLatText(String(lat))
    setLngText(String(lng))
    setProblem(null)
  }, [lat, lng])

  const apply = (event: FormEvent) => {
    event.preventDefault()
    const point = parsePoint(latText, lngText)
    if (!point) {
      setProblem('Enter a latitude from -90 to 90 and a longitude from -180 to 180, such as 37.7817 and -122.4012.')
      return
    }
    onApply()
    movePin(point)
  }

  return (
    <form className={css.coordinates} onSubmit={apply} noValidate aria-label="Coordinates">
      <div className={css.field}>
        <label htmlFor={`${ids}-lat`}>Latitude</label>
        <input
          id={`${ids}-lat`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={latText}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids}-problem` : undefined}
          onChange={(event) => setLatText(event.target.value)}
        />
      </div>
      <div className={css.field}>
        <label htmlFor={`${ids}-lng`}>Longitude</label>
        <input
          id={`${ids}-lng`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={lngText}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids}-problem` : undefined}
          onChange={(event) => setLngText(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--secondary">
        Move the pin here
      </button>
      {problem && (
        <p id={`${ids}-problem`} className={css.problem} role="alert">
          {problem}
        </p>
      )}
    </form>
  )
}
