import { useEffect, useState } from 'react'
import { findMerchants } from '@/entities/restaurant'
import type { LocationSummary } from '@/shared/api'
import { pathTo } from '@/shared/routes'
import { Skeleton } from '@/shared/ui'
import type { WaitlistTabName } from './WaitlistScreen'
import css from './Waitlist.module.css'

/** Without a restaurant in mind: the restaurants with tables to wait for or reserve. */
export function RestaurantChooser({ tab }: { tab: WaitlistTabName }) {
  const [locations, setLocations] = useState<LocationSummary[]>()
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let current = true
    setFailed(false)
    findMerchants({ page: 0, size: 100 }).then(
      (found) => current && setLocations(found.content.filter((location) => location.dining)),
      (error: unknown) => {
        console.error('Loading the restaurants failed', error)
        if (current) setFailed(true)
      },
    )
    return () => {
      current = false
    }
  }, [attempt])

  const route = tab === 'reserve' ? 'reservation' : 'checkin'
  return (
    <main className="page">
      <h1 className="page-title">{tab === 'reserve' ? 'Reserve a table' : 'Join the waitlist'}</h1>
      <p className="page-lead">Choose a restaurant.</p>
      {failed ? (
        <div role="alert" className={css.problem}>
          <p>Please Try Again</p>
          <button type="button" className="button button--secondary" onClick={() => setAttempt((count) => count + 1)}>
            Retry
          </button>
        </div>
      ) : !locations ? (
        <Skeleton label="Loading the restaurants" />
      ) : (
        <ul className={css.choices}>
          {locations.map((location) => (
            <li key={location.id}>
              <a className={css.choice} href={pathTo(route, {}, { restaurant: location.locationSlug })}>
                <strong>{location.merchantName}</strong>
                <span>
                  {location.branchName !== location.merchantName ? `${location.branchName}, ` : ''}
                  {location.city}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </main>
  )
}
