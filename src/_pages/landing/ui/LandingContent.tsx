import { slugify } from '@/shared/lib/slug'
import css from './LandingContent.module.css'

type CityLink = { name: string; countryName: string }

/** What Tablefront is, and the ways in: cities, a location search, the diner's own location. */
export function LandingContent({ cities }: { cities: CityLink[] }) {
  return (
    <main>
      <section className={css.hero}>
        <h1 className={css.title}>Order, reserve and skip the queue</h1>
        <p className={css.lead}>
          Browse menus, order for pickup, delivery or dine-in, join a restaurant's waitlist from your phone, book a table and
          follow your courier on the map.
        </p>
        <p className={css.actions}>
          <a className="button" href="/location/pick">
            Restaurants near me
          </a>
          <a className={`button ${css.secondary}`} href="/location/search">
            Search a location
          </a>
        </p>
      </section>
      <section className={`page ${css.section}`} aria-labelledby="landing-cities">
        <h2 id="landing-cities">Cities</h2>
        {cities.length === 0 ? (
          <p>
            <a href="/">See all restaurants</a>
          </p>
        ) : (
          <ul className={css.cities}>
            {cities.map((city) => (
              <li key={city.name}>
                <a href={`/restaurants/city/${slugify(city.name)}`}>
                  <span className={css.cityName}>{city.name}</span>
                  <span className={css.country}>{city.countryName}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={`page ${css.section}`} aria-labelledby="landing-how">
        <h2 id="landing-how">How it works</h2>
        <ol className={css.steps}>
          <li>
            <strong>Pick a restaurant</strong> in your city or near you, and read its menu with prices, options and opening hours.
          </li>
          <li>
            <strong>Order or book</strong>: pickup, delivery or at your table; join the waitlist or reserve a slot.
          </li>
          <li>
            <strong>Follow along</strong>: live order status, your place in the queue, the courier on the map.
          </li>
        </ol>
      </section>
    </main>
  )
}
