import { useStore } from '@nanostores/react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import {
  $booking,
  $slots,
  $tableSections,
  bookTable,
  firstDayWithTimes,
  formatDay,
  loadSlots,
  loadTableSections,
  PartyFields,
  reservableDates,
  takesReservations,
} from '@/entities/reservation'
import { $session } from '@/entities/session'
import { dinerFromSession, DinerFields, dinerToSend, isMobileNumber, NO_ACCOUNT_MOBILE, verifyGuestFirst, type Diner } from '@/features/check-in'
import { RESERVATION_WINDOW_DAYS, type RestaurantDetail } from '@/shared/api'
import { zonedClock } from '@/shared/lib/hours'
import { navigate, pathTo, redirectToPath } from '@/shared/routes'
import { Skeleton } from '@/shared/ui'
import { $reserveDraft, startReserveDraft, updateReserveDraft } from '../model/reserve-draft'
import css from './Waitlist.module.css'

/** Date, party, section preference, a slot from the grid, who it is for, then "Reserve". */
export function ReserveTab({ restaurant }: { restaurant: RestaurantDetail }) {
  const id = useId()
  const session = useStore($session)
  const slots = useStore($slots)
  const sections = useStore($tableSections)
  const booking = useStore($booking)
  const today = zonedClock(new Date(), restaurant.timeZoneCd).date
  const [initial] = useState(() => startReserveDraft(restaurant.id, today))
  const draft = useStore($reserveDraft) ?? initial
  const [diner, setDiner] = useState<Diner>(() => dinerFromSession(session) ?? { fullName: '', mobile: '', email: '' })
  const [mobileError, setMobileError] = useState<string>()
  const open = takesReservations(restaurant)
  const guests = draft.party.adults + draft.party.kids

  useEffect(() => {
    if (!open) redirectToPath(pathTo('reservationClosed', { merchantSlug: restaurant.locationSlug }))
  }, [open, restaurant.locationSlug])

  useEffect(() => {
    if (open) void loadTableSections(restaurant.id)
  }, [open, restaurant.id])

  useEffect(() => {
    if (open) void loadSlots(restaurant.id, guests, draft.date)
  }, [open, restaurant.id, guests, draft.date])

  const daySlots = slots.data && slots.data.locationId === restaurant.id && slots.data.date === draft.date && slots.data.guestCount === guests ? slots.data : undefined
  const noneLeft = daySlots !== undefined && !daySlots.slots.some((slot) => slot.available)
  // The first later day with times, once the day shown has none: { from: the day shown, date } (null date: none in the window).
  const [later, setLater] = useState<{ from: string; guests: number; date: string | null }>()

  useEffect(() => {
    if (!open || !noneLeft) return
    let current = true
    const from = draft.date
    const dates = reservableDates(today, RESERVATION_WINDOW_DAYS).filter((date) => date > from)
    void firstDayWithTimes(restaurant.id, guests, dates).then((date) => {
      if (!current) return
      setLater({ from, guests, date: date ?? null })
      // Today, not picked by the diner, with nothing left: show the day that has times rather than a dead end.
      const now = $reserveDraft.get()
      if (date && now && !now.dateChosen && now.date === from) updateReserveDraft({ date, movedFrom: from, slot: '' })
    })
    return () => {
      current = false
    }
  }, [open, noneLeft, draft.date, guests, restaurant.id, today])

  useEffect(() => {
    setDiner((current) => (current.mobile ? current : (dinerFromSession(session) ?? current)))
  }, [session])

  if (!open) return <Skeleton label="Loading" />

  const nextDay = later && later.from === draft.date && later.guests === guests ? later.date : undefined
  const offset = (date: string) => reservableDates(today, RESERVATION_WINDOW_DAYS).indexOf(date)
  const dayLabel = (date: string) => (offset(date) === 0 ? `Today, ${formatDay(date)}` : offset(date) === 1 ? `Tomorrow, ${formatDay(date)}` : formatDay(date))
  const relativeDay = (date: string) => (offset(date) === 0 ? 'today' : offset(date) === 1 ? 'tomorrow' : formatDay(date))
  const noTablesOn = (date: string) => (offset(date) === 0 ? 'No tables left today' : `No tables left on ${formatDay(date)}`)

  const chosen = daySlots?.slots.find((slot) => slot.time === draft.slot && slot.available)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!chosen) return
    const current = $session.get()
    if (current.status === 'guest') return verifyGuestFirst()
    const who = dinerToSend(current, diner)
    if (!isMobileNumber(who.mobile)) return setMobileError(current.status === 'signedIn' ? NO_ACCOUNT_MOBILE : 'Enter the mobile number with its country code, such as +14155550123.')
    setMobileError(undefined)
    void bookTable(
      {
        locationId: restaurant.id,
        restaurantSlug: restaurant.locationSlug,
        fullName: who.fullName.trim(),
        mobile: who.mobile,
        email: who.email.trim() || undefined,
        adultSize: draft.party.adults,
        kidzSize: draft.party.kids,
        highChair: draft.party.highChairs,
        sectionId: draft.sectionId || undefined,
        reservationDate: draft.date,
        reservationSlot: chosen.time,
        notes: draft.notes.trim() || undefined,
      },
      // Signed in or a verified guest here: the access token or the guest token that proves the number goes along.
      true,
    ).then((booked) => {
      if (booked) navigate(pathTo('reservationDetail', { reservationId: booked.reservation.reservationId }))
    })
  }

  return (
    <form className={css.reserve} onSubmit={submit} aria-label="Reserve a table" aria-busy={booking.loading}>
      <section className={css.panel} aria-labelledby={`${id}-when`}>
        <h2 id={`${id}-when`} className={css.heading}>
          When and how many
        </h2>
        <div className={css.fields}>
          <div className={css.field}>
            <label htmlFor={`${id}-date`}>Date</label>
            <select id={`${id}-date`} className={css.input} value={draft.date} onChange={(event) => updateReserveDraft({ date: event.target.value, dateChosen: true, movedFrom: undefined, slot: '' })}
            >
              {reservableDates(today, RESERVATION_WINDOW_DAYS).map((date) => (
                <option key={date} value={date}>
                  {dayLabel(date)}
                </option>
              ))}
            </select>
          </div>
          {sections.data && sections.data.locationId === restaurant.id && sections.data.sections.length > 1 && (
            <div className={css.field}>
              <label htmlFor={`${id}-section`}>Seating preference</label>
              <select id={`${id}-section`} className={css.input} value={draft.sectionId} onChange={(event) => updateReserveDraft({ sectionId: event.target.value, slot: '' })}>
                <option value="">No preference</option>
                {sections.data.sections.map((section) => (
                  <option key={section.id} value={section.id}>
                    {section.name}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        <PartyFields party={draft.party} highChairsOffered={restaurant.highChair} onChange={(party) => updateReserveDraft({ party, slot: '' })} />
      </section>

      <section className={css.panel} aria-labelledby={`${id}-slots`}>
        <h2 id={`${id}-slots`} className={css.heading}>
          Time
        </h2>
        {slots.error && !slots.loading ? (
          <div role="alert" className={css.problem}>
            <p>{slots.error}</p>
            <button type="button" className="button button--secondary" onClick={() => void loadSlots(restaurant.id, guests, draft.date)}>
              Retry
            </button>
          </div>
        ) : !daySlots ? (
          <Skeleton label="Loading the times" />
        ) : noneLeft ? (
          <div className={css.noneLeft} role="status">
            <p className={css.noneLeftText}>{noTablesOn(draft.date)}</p>
            {nextDay === undefined ? (
              <p className={css.small}>Looking for the next day with tables…</p>
            ) : nextDay === null ? (
              <p className={css.small}>No day in the next {RESERVATION_WINDOW_DAYS} days has a table for {guests}. Try a smaller party, or join the waitlist.</p>
            ) : (
              <button type="button" className="button" onClick={() => updateReserveDraft({ date: nextDay, dateChosen: true, movedFrom: undefined, slot: '' })}>
                See {relativeDay(nextDay)}
              </button>
            )}
          </div>
        ) : (
          <>
            {draft.movedFrom && (
              <p className={css.movedOn} role="status">
                {noTablesOn(draft.movedFrom)} — showing {relativeDay(draft.date)}.
              </p>
            )}
            <fieldset className={css.slotSet}>
              <legend className="visually-hidden">Times on {formatDay(draft.date)}</legend>
              <div className={css.slots}>
                {daySlots.slots.map((slot) => (
                  <label key={slot.startsAt} className={css.slot} data-available={slot.available ? '1' : '0'}>
                    <input
                      type="radio"
                      name={`${id}-slot`}
                      value={slot.time}
                      checked={draft.slot === slot.time}
                      disabled={!slot.available}
                      onChange={() => updateReserveDraft({ slot: slot.time })}
                    />
                    <span className={css.slotTime}>{slot.time}</span>
                    <span className={css.slotNote}>{slot.available ? slot.sessionName : 'Fully booked'}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          </>
        )}
      </section>

      <section className={css.panel} aria-labelledby={`${id}-who`}>
        <h2 id={`${id}-who`} className={css.heading}>
          Who is it for
        </h2>
        <DinerFields session={session} diner={diner} onChange={setDiner} mobileError={mobileError} />
        <div className={css.field}>
          <label htmlFor={`${id}-notes`}>
            Notes for the restaurant <span className={css.optional}>(optional)</span>
          </label>
          <textarea id={`${id}-notes`} className={css.input} maxLength={300} rows={2} value={draft.notes} onChange={(event) => updateReserveDraft({ notes: event.target.value })} />
        </div>
        {restaurant.cancellationPolicy && (
          <p className={css.small}>
            <strong>Cancellation policy:</strong> {restaurant.cancellationPolicy}
          </p>
        )}
        {booking.error && !booking.loading && (
          <p className={css.error} role="alert">
            {booking.error}
          </p>
        )}
        <button type="submit" className={`button ${css.submit}`} disabled={!chosen || booking.loading}>
          {booking.loading
            ? 'Reserving…'
            : !chosen
              ? 'Choose a time'
              : session.status === 'guest'
                ? `Continue to reserve ${chosen.time}`
                : `Reserve ${formatDay(draft.date)} at ${chosen.time}`}
        </button>
      </section>
    </form>
  )
}
