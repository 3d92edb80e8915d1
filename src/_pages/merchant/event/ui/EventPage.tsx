import { useStore } from '@nanostores/react'
import { $eventRequest, dayChipLabel, EVENT_NOT_FOUND, loadEvent } from '@/entities/event'
import { resolveLogo, resolveTheme, themeProperties } from '@/entities/restaurant'
import type { EventResponse } from '@/shared/api'
import { pathTo } from '@/shared/routes'
import { LoadGate } from '@/shared/ui'
import css from './EventPage.module.css'

/** /e/{eventSlug}: the event, its dates as day chips, each opening the event menu for that date. */
export function EventPage({ params }: { params: Record<string, string> }) {
  const eventSlug = params.eventSlug ?? ''
  const request = useStore($eventRequest)
  return (
    <LoadGate
      value={request.data?.event.slug === eventSlug ? request.data : undefined}
      request={request}
      load={() => loadEvent(eventSlug)}
      loadKey={eventSlug}
      loadingLabel="Loading the event"
      failedMessage="The event could not be loaded."
      notFound={{ error: EVENT_NOT_FOUND, message: 'The event may have ended or its link may be mistyped.' }}
    >
      {(landing) => <EventLanding landing={landing} />}
    </LoadGate>
  )
}

/** The path of an event date's menu; the event query parameter tells the menu which event (docs/decisions.md). */
export function eventMenuPath({ event, location }: EventResponse, date: string): string {
  const path = pathTo('menuEvent', { merchantType: location.merchantType, merchantSlug: location.locationSlug, menuType: event.orderTypeCode, eventDate: date })
  return `${path}?event=${encodeURIComponent(event.slug)}`
}

function EventLanding({ landing }: { landing: EventResponse }) {
  const { event, location, eventOrderSlot } = landing
  const place = location.branchName.startsWith(location.merchantName) ? location.branchName : `${location.merchantName}, ${location.branchName}`
  const daysOpen = eventOrderSlot.filter((day) => day.orderable).length
  return (
    <main className={css.page} id="main" style={themeProperties(resolveTheme(location))}>
      <header className={css.hero}>
        <img className={css.logo} src={resolveLogo(location)} alt={`${location.merchantName} logo`} width={64} height={64} />
        <div>
          <p className={css.eyebrow}>
            <a href={pathTo('menu', { merchantType: location.merchantType, merchantSlug: location.locationSlug })}>{place}</a>
          </p>
          <h1 className={css.title}>{event.title}</h1>
          <p className={css.description}>{event.description}</p>
        </div>
      </header>
      <p className={css.where}>
        Pickup at {location.address}, {location.city}. {dayChipLabel(event.startsOn)} to {dayChipLabel(event.endsOn)}.
      </p>
      <section aria-labelledby="event-days">
        <h2 id="event-days" className={css.heading}>
          Choose a day
        </h2>
        {daysOpen === 0 && (
          <p className={css.where} role="status">
            Orders for every day of this event have closed.
          </p>
        )}
        <ul className={css.days}>
          {eventOrderSlot.map((day) => (
            <li key={day.date}>
              {day.orderable ? (
                <a className={css.day} href={eventMenuPath(landing, day.date)}>
                  <span className={css.dayNote}>Order for</span>{' '}
                  <span className={css.dayDate}>{dayChipLabel(day.date)}</span>
                </a>
              ) : (
                <span className={`${css.day} ${css.closedDay}`}>
                  <span className={css.dayDate}>{dayChipLabel(day.date)}</span>{' '}
                  <span className={css.dayNote}>{day.slots.some((slot) => slot.remaining > 0) ? 'Orders closed' : 'Fully booked'}</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>
    </main>
  )
}
