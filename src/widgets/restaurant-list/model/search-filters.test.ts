import { describe, expect, it } from 'vitest'
import { filtersFromSearch, NO_FILTERS, requestOfFilters, searchOfFilters } from './search-filters'

describe('home search filters in the URL', () => {
  it('reads words, open now, an order type and a rating, and writes them back the same', () => {
    const search = { q: 'tikka', open: '1', type: 'delivery', rating: '4.5' }
    const filters = filtersFromSearch(search)
    expect(filters).toEqual({ query: 'tikka', openNow: true, type: 'delivery', minRating: 4.5 })
    expect(searchOfFilters(filters)).toEqual(search)
  })

  it('ignores an unknown order type or rating instead of failing, and trims the words', () => {
    expect(filtersFromSearch({ q: '  sushi ', type: 'teleport', rating: '3', open: 'yes' })).toEqual({ ...NO_FILTERS, query: 'sushi' })
    expect(filtersFromSearch({ q: 'x'.repeat(200) }).query).toHaveLength(80)
  })

  it('asks the search for exactly the filters set', () => {
    expect(requestOfFilters(NO_FILTERS)).toEqual({ size: 50 })
    expect(requestOfFilters({ query: 'burger', openNow: true, type: 'pickup', minRating: 4 })).toEqual({
      size: 50,
      query: 'burger',
      openNow: true,
      services: ['pickup'],
      minRating: 4,
    })
  })
})
