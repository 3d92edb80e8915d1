import type { ReactNode } from 'react'
import type { RestaurantDetail } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'
import { formatPhoneForDisplay } from '@/shared/lib/phone'
import { describeSession, offeredServices, weekHours, zoneLabel } from '../lib/info'
import css from './RestaurantInfo.module.css'

type RestaurantInfoProps = {
  restaurant: RestaurantDetail
  /** Live open/closed status, rendered by the host (a React badge or a static-page island). */
  status?: ReactNode
  /** The map, rendered by the host. */
  map?: ReactNode
  /** The heading level of the section titles, so the host keeps one h1. */
  headingLevel?: 2 | 3
}

function List({ items }: { items: string[] }) {
  return (
    <ul className={css.chips}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}

/**
 * Everything a diner asks before going: about, address, phone, hours, services and policies.
 * Renders without the browser, so static pages use it with no JavaScript at all.
 */
export function RestaurantInfo({ restaurant, status, map, headingLevel = 2 }: RestaurantInfoProps) {
  const Heading = `h${headingLevel}` as const
  const services = offeredServices(restaurant)
  const mapsLink = `https://www.openstreetmap.org/?mlat=${restaurant.lat}&mlon=${restaurant.lng}#map=17/${restaurant.lat}/${restaurant.lng}`
  const sections: [string, string[]][] = [
    ['Cuisine', restaurant.cuisine],
    ['Diets', restaurant.diets],
    ['Facilities', restaurant.facilities],
    ['Safety measures', restaurant.safetyMeasures],
    ['Cards accepted', restaurant.cards],
  ]
  return (
    <div className={css.info}>
      {restaurant.aboutUs && (
        <section className={css.section} aria-labelledby="info-about">
          <Heading id="info-about" className={css.heading}>
            About
          </Heading>
          <p>{restaurant.aboutUs}</p>
        </section>
      )}

      <section className={css.section} aria-labelledby="info-visit">
        <Heading id="info-visit" className={css.heading}>
          Visit
        </Heading>
        {status && <p className={css.status}>{status}</p>}
        <address className={css.address}>
          {restaurant.address}
          {restaurant.postalCode && ` ${restaurant.postalCode}`}
          <br />
          <a href={`tel:${restaurant.phoneNumber}`}>{formatPhoneForDisplay(restaurant.phoneNumber)}</a>
          {' · '}
          <a href={mapsLink} rel="external noopener" target="_blank">
            Directions
          </a>
        </address>
        <p className={css.facts}>
          {restaurant.rating > 0 && (
            <span>
              ★ {restaurant.rating.toFixed(1)} <span className={css.muted}>({restaurant.ratingCount} ratings)</span>
            </span>
          )}
          {restaurant.cost > 0 && <span>{formatMoney(restaurant.cost, restaurant.currency)} for two</span>}
        </p>
        {map}
      </section>

      <section className={css.section} aria-labelledby="info-hours">
        <Heading id="info-hours" className={css.heading}>
          Opening hours
        </Heading>
        <table className={css.hours}>
          <caption className={css.caption}>In {zoneLabel(restaurant.timeZoneCd)}</caption>
          <tbody>
            {weekHours(restaurant.workingHours).map((day) => (
              <tr key={day.day} data-day={day.day}>
                <th scope="row">{day.name}</th>
                <td>
                  {day.sessions.length === 0
                    ? 'Closed'
                    : day.sessions.map((session) => (
                        <span key={session.opensAt} className={css.session}>
                          {day.sessions.length > 1 && <span className={css.muted}>{session.sessionName} </span>}
                          {describeSession(session)}
                        </span>
                      ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {services.length > 0 && (
        <section className={css.section} aria-labelledby="info-services">
          <Heading id="info-services" className={css.heading}>
            Services
          </Heading>
          <List items={services} />
        </section>
      )}

      {sections
        .filter(([, items]) => items.length > 0)
        .map(([title, items]) => (
          <section key={title} className={css.section} aria-label={title}>
            <Heading className={css.heading}>{title}</Heading>
            <List items={items} />
          </section>
        ))}

      {restaurant.cancellationPolicy && (
        <section className={css.section} aria-labelledby="info-policy">
          <Heading id="info-policy" className={css.heading}>
            Cancellation policy
          </Heading>
          <p>{restaurant.cancellationPolicy}</p>
        </section>
      )}
    </div>
  )
}
