import { useEffect, useState, type ReactNode } from 'react'
import { findMerchants } from '@/entities/restaurant'
import type { FindMerchantRequest, SearchResult } from '@/shared/api'
import { Skeleton, StatusScreen } from '@/shared/ui'

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'done'; restaurants: SearchResult[]; total: number; close: boolean }

type RestaurantSearchProps = {
  request: FindMerchantRequest
  loadingLabel: string
  /** Shown when the search finds nothing. */
  empty: ReactNode
  /** `close`: the words matched nothing as typed, and these restaurants hold close words instead. */
  children: (restaurants: SearchResult[], total: number, close: boolean) => ReactNode
}

/** Runs a restaurant search and shows its results, a skeleton, "Please Try Again" with Retry, or `empty`. */
export function RestaurantSearch({ request, loadingLabel, empty, children }: RestaurantSearchProps) {
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const key = JSON.stringify(request)

  useEffect(() => {
    let live = true
    setLoad({ state: 'loading' })
    findMerchants(JSON.parse(key) as FindMerchantRequest)
      .then((result) => live && setLoad({ state: 'done', restaurants: result.content, total: result.totalElements, close: result.closeMatches === true }))
      .catch(() => live && setLoad({ state: 'failed' }))
    return () => {
      live = false
    }
  }, [key, attempt])

  if (load.state === 'loading') return <Skeleton label={loadingLabel} />
  if (load.state === 'failed') {
    return (
      <StatusScreen title="Please Try Again" message="The restaurants could not be loaded.">
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          Retry
        </button>
      </StatusScreen>
    )
  }
  return load.restaurants.length === 0 ? empty : children(load.restaurants, load.total, load.close)
}
