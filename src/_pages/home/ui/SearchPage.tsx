import { useStore } from '@nanostores/react'
import { useMemo } from 'react'
import { $router, pathTo, redirectToPath } from '@/shared/routes'
import { StatusScreen } from '@/shared/ui'
import {
  filtersFromSearch,
  hasFilters,
  NO_FILTERS,
  RestaurantGrid,
  RestaurantSearch,
  requestOfFilters,
  searchOfFilters,
  type SearchFilters,
} from '@/widgets/restaurant-list'
import { SiteHeader } from '@/widgets/site-header'
import { SearchBox } from './SearchBox'
import { SearchFilterBar } from './SearchFilters'
import css from './SearchPage.module.css'

const describe = (filters: SearchFilters) => (filters.query ? `“${filters.query}”` : 'these filters')

/** /search: restaurants, cuisines and dishes, with filters, as cards (docs/discovery.md). The URL holds the search. */
export function SearchPage() {
  const page = useStore($router)
  const search = page?.search ?? {}
  const filters = useMemo(() => filtersFromSearch(search), [JSON.stringify(search)]) // eslint-disable-line react-hooks/exhaustive-deps
  // Each change replaces the URL: Back leaves the search rather than stepping through every filter.
  const update = (next: SearchFilters) => redirectToPath(pathTo('search', {}, searchOfFilters(next)))

  return (
    <>
      <SiteHeader />
      <main className="page">
        <h1 className="page-title">{filters.query ? `Results for “${filters.query}”` : 'Search restaurants'}</h1>
        <SearchBox filters={filters} onSearch={(query) => update({ ...filters, query })} />
        <SearchFilterBar filters={filters} onChange={update} />
        <RestaurantSearch
          request={requestOfFilters(filters)}
          loadingLabel="Searching restaurants"
          empty={
            <StatusScreen title="Nothing found" message={`No restaurant matches ${describe(filters)}. Try fewer words or other filters.`}>
              {hasFilters(filters) && (
                <button type="button" className="button" onClick={() => update({ ...NO_FILTERS, query: filters.query })}>
                  Clear filters
                </button>
              )}
            </StatusScreen>
          }
        >
          {(restaurants, total, close) => (
            <>
              <p className={css.count} role="status">
                {close && `Nothing matches “${filters.query}” exactly. Close matches: `}
                {total === 1 ? '1 restaurant' : `${total} restaurants`}
              </p>
              <RestaurantGrid restaurants={restaurants} />
            </>
          )}
        </RestaurantSearch>
      </main>
    </>
  )
}
