import { lazy, Suspense, useEffect, useId } from 'react'
import {
  canOrderNow,
  cartScheduleRules,
  scheduleDates,
  setScheduleOrder,
  setSelectedDate,
  setSelectedTimeSlot,
  timeSlots,
  type Cart,
} from '@/entities/cart'
import { zonedClock } from '@/shared/lib/hours'
import { dateLabel, nextTimes } from '../lib/next-times'
import css from './CartPage.module.css'

// Only a closed restaurant offers its next times: Headless UI's radio group loads then.
const NextTimes = lazy(() => import('./NextTimes').then((module) => ({ default: module.NextTimes })))

const HEADINGS: Record<string, string> = { L: 'Delivery time', P: 'Pickup time', D: 'When to serve' }


/**
 * As soon as possible with the ETA, or a date and a 15-minute slot in the restaurant's time zone.
 * A closed restaurant never offers "As soon as possible": it offers its next times, then any date
 * and slot (docs/checkout.md "When").
 */
export function PickupSection({ cart, headingId }: { cart: Cart; headingId: string }) {
  const ids = useId()
  const rules = cartScheduleRules(cart)
  const orderType = cart.restaurant?.orderTypes.find((type) => type.code === cart.orderTypeId)
  const heading = HEADINGS[orderType?.typeGroup ?? 'P'] ?? 'Pickup time'
  const now = new Date()
  const asap = rules ? canOrderNow(rules, now) : false
  const dates = rules ? scheduleDates(rules, now) : []

  // A closed restaurant takes scheduled orders only: open the first date rather than an empty choice.
  useEffect(() => {
    if (rules && !asap && !cart.isScheduleOrder && dates.length > 0) setScheduleOrder(true)
  }, [rules, asap, cart.isScheduleOrder, dates.length])

  if (!rules) return null
  const today = zonedClock(now, rules.timeZone).date
  const slots = cart.selectedDate ? timeSlots(rules, cart.selectedDate, now) : []
  const scheduled = cart.isScheduleOrder || !asap
  const next = asap ? [] : nextTimes(rules, now)
  const chosenKey = cart.selectedDate && cart.selectedTimeSlot ? `${cart.selectedDate} ${cart.selectedTimeSlot}` : null
  const chosenNext = next.some((time) => `${time.date} ${time.slot}` === chosenKey) ? (chosenKey ?? '') : ''

  return (
    <>
      <h2 id={headingId} className={css.heading}>
        {heading}
      </h2>
      {asap ? (
        <fieldset className={css.choices}>
          <legend className="visually-hidden">{heading}</legend>
          <label className={css.choice}>
            <input type="radio" name="when" checked={!scheduled} onChange={() => setScheduleOrder(false)} />
            <span>
              As soon as possible <span className={css.muted}>about {rules.etaMinutes} min</span>
            </span>
          </label>
          <label className={css.choice} data-disabled={dates.length === 0 || undefined}>
            <input type="radio" name="when" checked={scheduled} disabled={dates.length === 0} onChange={() => setScheduleOrder(true)} />
            <span>Schedule for later</span>
          </label>
        </fieldset>
      ) : (
        <>
          <p className={css.hint} role="status">
            {next.length > 0 ? `${cart.restaurant?.merchantName} is closed now. Choose one of its next times, or any time below.` : `${cart.restaurant?.merchantName} has no times left to order for.`}
          </p>
          {next.length > 0 && (
            <Suspense fallback={null}>
              <NextTimes times={next} chosen={chosenNext} today={today} />
            </Suspense>
          )}
        </>
      )}
      {scheduled && dates.length > 0 && (
        <div className={css.when}>
          <div className={css.field}>
            <label htmlFor={`${ids}-date`} className={css.label}>
              Date
            </label>
            <select
              id={`${ids}-date`}
              className={css.input}
              value={cart.selectedDate && dates.includes(cart.selectedDate) ? cart.selectedDate : ''}
              onChange={(event) => setSelectedDate(event.target.value)}
            >
              <option value="" disabled>
                Choose a date
              </option>
              {dates.map((date) => (
                <option key={date} value={date}>
                  {dateLabel(date, today)}
                </option>
              ))}
            </select>
          </div>
          <div className={css.field}>
            <label htmlFor={`${ids}-slot`} className={css.label}>
              Time
            </label>
            <select
              id={`${ids}-slot`}
              className={css.input}
              value={cart.selectedTimeSlot && slots.includes(cart.selectedTimeSlot) ? cart.selectedTimeSlot : ''}
              disabled={slots.length === 0}
              onChange={(event) => setSelectedTimeSlot(event.target.value)}
            >
              <option value="" disabled>
                Choose a time
              </option>
              {slots.map((slot) => (
                <option key={slot} value={slot}>
                  {slot}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
    </>
  )
}
