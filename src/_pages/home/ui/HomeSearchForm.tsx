import { pathTo } from '@/shared/routes'
import { ORDER_TYPE_FILTERS } from '@/widgets/restaurant-list'
import css from './SearchPage.module.css'

/** Cuisines and dishes people search for most, as one-tap searches. */
const POPULAR = ['Pizza', 'Burger', 'Sushi', 'Tacos', 'Dosa', 'Tikka', 'Coffee', 'Cocktails']

/**
 * The home page's search: a plain form and links to /search, with no script, so the static page
 * stays light; suggestions and filters as controls live on /search (docs/discovery.md).
 */
export function HomeSearchForm() {
  return (
    <section className={css.homeSearch} aria-label="Search">
      <form role="search" action={pathTo('search')} method="get" className={css.searchForm}>
        <label htmlFor="home-search" className="visually-hidden">
          Search restaurants, cuisines and dishes
        </label>
        <input id="home-search" className={css.searchInput} type="search" name="q" placeholder="Restaurants, cuisines, dishes" maxLength={80} enterKeyHint="search" autoComplete="off" />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <nav aria-label="Quick filters" className={css.filters}>
        <a className={css.chip} href={pathTo('search', {}, { open: '1' })}>
          Open now
        </a>
        {ORDER_TYPE_FILTERS.map((option) => (
          <a key={option.value} className={css.chip} href={pathTo('search', {}, { type: option.value })}>
            {option.label}
          </a>
        ))}
        <a className={css.chip} href={pathTo('search', {}, { rating: '4.5' })} aria-label="Rated 4.5 and up">
          ★ 4.5+
        </a>
      </nav>
      <nav aria-label="Popular searches" className={css.filters}>
        {POPULAR.map((word) => (
          <a key={word} className={`${css.chip} ${css.popular}`} href={pathTo('search', {}, { q: word.toLowerCase() })}>
            {word}
          </a>
        ))}
      </nav>
    </section>
  )
}
