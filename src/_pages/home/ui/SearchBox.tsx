import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Label, Field } from '@headlessui/react'
import { useEffect, useRef, useState } from 'react'
import { findMerchants } from '@/entities/restaurant'
import type { SearchSuggestions } from '@/shared/api'
import { navigate, pathTo } from '@/shared/routes'
import { requestOfFilters, type SearchFilters } from '@/widgets/restaurant-list'
import css from './SearchPage.module.css'

type Choice =
  | { kind: 'words'; text: string }
  | { kind: 'cuisine'; name: string; count: number }
  | { kind: 'restaurant'; suggestion: SearchSuggestions['restaurants'][number] }
  | { kind: 'dish'; suggestion: SearchSuggestions['dishes'][number] }

const NONE: SearchSuggestions = { restaurants: [], cuisines: [], dishes: [] }
/** Fewer letters than this suggest too much to help; the full search still runs on Enter. */
const SUGGEST_FROM = 2
const DEBOUNCE_MS = 150

const keyOf = (choice: Choice) =>
  choice.kind === 'words' ? `w:${choice.text}` : choice.kind === 'cuisine' ? `c:${choice.name}` : choice.kind === 'restaurant' ? `r:${choice.suggestion.locationSlug}` : `d:${choice.suggestion.restaurant.locationSlug}:${choice.suggestion.slug}`

const place = (restaurant: { merchantName: string; neighbourhood: string }) =>
  restaurant.neighbourhood ? `${restaurant.merchantName} · ${restaurant.neighbourhood}` : restaurant.merchantName

/**
 * The search box: a Headless UI combobox that suggests restaurants, cuisines and dishes within the
 * filters as the diner types; Enter searches the words, a restaurant or dish opens its menu.
 */
export function SearchBox({ filters, onSearch }: { filters: SearchFilters; onSearch: (query: string) => void }) {
  const [text, setText] = useState(filters.query)
  const [suggestions, setSuggestions] = useState<SearchSuggestions>(NONE)
  const active = useRef<Choice | null>(null)
  useEffect(() => setText(filters.query), [filters.query])

  const words = text.trim()
  const filterKey = JSON.stringify({ ...filters, query: '' })
  useEffect(() => {
    if (words.length < SUGGEST_FROM) {
      setSuggestions(NONE)
      return
    }
    let live = true
    const timer = setTimeout(() => {
      findMerchants(requestOfFilters({ ...(JSON.parse(filterKey) as SearchFilters), query: words }, { size: 1, suggest: true }))
        .then((answer) => live && setSuggestions(answer.suggestions ?? NONE))
        .catch(() => live && setSuggestions(NONE)) // suggestions are a help: the search itself reports failures
    }, DEBOUNCE_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [words, filterKey])

  const choose = (choice: Choice | null) => {
    if (!choice) return
    if (choice.kind === 'words') onSearch(choice.text)
    else if (choice.kind === 'cuisine') onSearch(choice.name)
    else if (choice.kind === 'restaurant') navigate(pathTo('menu', { merchantType: choice.suggestion.merchantType, merchantSlug: choice.suggestion.locationSlug }))
    else {
      const { restaurant, menuType } = choice.suggestion
      navigate(pathTo('menuType', { merchantType: restaurant.merchantType, merchantSlug: restaurant.locationSlug, menuType }))
    }
  }

  const { restaurants, cuisines, dishes } = suggestions
  const hasSuggestions = words.length > 0
  return (
    <form
      role="search"
      className={css.searchForm}
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(words)
      }}
    >
      <Field className={css.searchField}>
        <Label className="visually-hidden">Search restaurants, cuisines and dishes</Label>
        <Combobox<Choice | null> value={null} onChange={choose} by={(a, b) => (a && b ? keyOf(a) === keyOf(b) : a === b)}>
          {({ activeOption }) => {
            active.current = activeOption
            return (
              <div
                className={css.comboWrap}
                // Enter with no suggestion highlighted searches the words (the combobox would only close).
                onKeyDownCapture={(event) => {
                  if (event.key === 'Enter' && !active.current) {
                    event.preventDefault()
                    onSearch(words)
                  }
                }}
              >
                <ComboboxInput
                  className={css.searchInput}
                  placeholder="Restaurants, cuisines, dishes"
                  autoComplete="off"
                  enterKeyHint="search"
                  displayValue={() => text}
                  onChange={(event) => setText(event.target.value)}
                />
                {hasSuggestions && (
                  <ComboboxOptions className={css.options} modal={false}>
                    <ComboboxOption value={{ kind: 'words', text: words }} className={css.option}>
                      Search for “{words}”
                    </ComboboxOption>
                    {restaurants.length > 0 && <p className={css.group} role="presentation">Restaurants</p>}
                    {restaurants.map((suggestion) => (
                      <ComboboxOption key={suggestion.locationSlug} value={{ kind: 'restaurant', suggestion }} className={css.option}>
                        <span className={css.optionMain}>{place(suggestion)}</span>
                        <span className={css.optionSub}>{suggestion.cuisine.join(' · ')} · {suggestion.city}</span>
                      </ComboboxOption>
                    ))}
                    {cuisines.length > 0 && <p className={css.group} role="presentation">Cuisines</p>}
                    {cuisines.map((cuisine) => (
                      <ComboboxOption key={cuisine.name} value={{ kind: 'cuisine', ...cuisine }} className={css.option}>
                        <span className={css.optionMain}>{cuisine.name}</span>
                        <span className={css.optionSub}>{cuisine.count === 1 ? '1 restaurant' : `${cuisine.count} restaurants`}</span>
                      </ComboboxOption>
                    ))}
                    {dishes.length > 0 && <p className={css.group} role="presentation">Dishes</p>}
                    {dishes.map((suggestion) => (
                      <ComboboxOption key={`${suggestion.restaurant.locationSlug}:${suggestion.slug}`} value={{ kind: 'dish', suggestion }} className={css.option}>
                        <span className={css.optionMain}>{suggestion.name}</span>
                        <span className={css.optionSub}>at {place(suggestion.restaurant)}</span>
                      </ComboboxOption>
                    ))}
                  </ComboboxOptions>
                )}
              </div>
            )
          }}
        </Combobox>
      </Field>
      <button type="submit" className="button">
        Search
      </button>
    </form>
  )
}
