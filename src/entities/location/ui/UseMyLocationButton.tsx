import { useId, useState, type ReactNode } from 'react'
import { GeolocationFailure, locateDevice } from '../lib/geolocate'
import type { LatLng } from '../lib/coordinates'
import css from './UseMyLocationButton.module.css'

type Locating = { state: 'idle' } | { state: 'locating' } | { state: 'failed'; message: string }

/** Asks the device where it is; on failure says why and what to do instead. */
export function UseMyLocationButton({
  onLocated,
  className = 'button',
  children = 'Use my location',
}: {
  onLocated: (point: LatLng & { accuracyM: number }) => void
  className?: string
  children?: ReactNode
}) {
  const [locating, setLocating] = useState<Locating>({ state: 'idle' })
  const messageId = useId()

  const locate = async () => {
    if (locating.state === 'locating') return
    setLocating({ state: 'locating' })
    try {
      const point = await locateDevice()
      setLocating({ state: 'idle' })
      onLocated(point)
    } catch (error) {
      if (!(error instanceof GeolocationFailure)) console.error('Locating the device failed', error)
      const message = error instanceof GeolocationFailure ? error.message : 'Your location could not be found. Search for a place instead.'
      setLocating({ state: 'failed', message })
    }
  }

  return (
    <div className={css.wrap}>
      <button
        type="button"
        className={className}
        onClick={() => void locate()}
        aria-busy={locating.state === 'locating'}
        aria-describedby={locating.state === 'failed' ? messageId : undefined}
      >
        <svg className={css.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="4" fill="currentColor" />
          <path d="M12 2v3M12 19v3M2 12h3M19 12h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <circle cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {locating.state === 'locating' ? 'Finding your location…' : children}
      </button>
      {locating.state === 'failed' && (
        <p id={messageId} className={css.problem} role="alert">
          {locating.message}
        </p>
      )}
    </div>
  )
}
