import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { setEventSlot, type Cart, type CartEvent } from '@/entities/cart'
import { $eventMenuRequest, dayChipLabel, isOrderableDate, loadEventOrderMenu, slotsOn } from '@/entities/event'
import { Skeleton } from '@/shared/ui'
import css from './CartPage.module.css'

/** The event slot (docs/events.md, "Rules"): the pickup slots of the cart's event date, a full one shown and not choosable. */
export function EventSlotSection({ cart, event, headingId }: { cart: Cart; event: CartEvent; headingId: string }) {
  const request = useStore($eventMenuRequest)
  const orderType = cart.orderTypeId ?? 'event'
  const load = () => void loadEventOrderMenu(event.slug, event.locationId, orderType)

  useEffect(load, [event.slug, event.locationId, orderType])

  const book = request.data?.event.slug === event.slug ? request.data.eventOrderSlot : undefined
  const slots = slotsOn(book, event.date)
  const heading = `Pickup time on ${dayChipLabel(event.date)}`

  let body
  if (!book && request.error) {
    body = (
      <div role="alert">
        <p className={css.hint}>{request.error}: the event’s pickup times could not be loaded.</p>
        <button type="button" className="button button--secondary" onClick={load}>
          Retry
        </button>
      </div>
    )
  } else if (!book) {
    body = <Skeleton label="Loading the pickup times" />
  } else if (!isOrderableDate(book, event.date)) {
    body = (
      <p className={css.hint} role="status">
        Orders for {dayChipLabel(event.date)} have closed. Please choose another date of the event.
      </p>
    )
  } else {
    body = (
      <fieldset className={css.choices} data-testid="event-slots">
        <legend className="visually-hidden">{heading}</legend>
        {slots.map((slot) => (
          <label key={slot.time} className={css.choice} data-disabled={!slot.available || undefined}>
            <input
              type="radio"
              name="event-slot"
              value={slot.time}
              checked={cart.selectedTimeSlot === slot.time && cart.selectedDate === event.date}
              disabled={!slot.available}
              onChange={() => setEventSlot(slot.time)}
            />
            <span>
              {slot.time}
              {!slot.available && <span className={css.muted}> · Fully booked</span>}
            </span>
          </label>
        ))}
      </fieldset>
    )
  }

  return (
    <>
      <h2 id={headingId} className={css.heading}>
        {heading}
      </h2>
      {body}
    </>
  )
}
