import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { $checkIn, checkIn, PartyFields } from '@/entities/reservation'
import { $session } from '@/entities/session'
import type { RestaurantDetail } from '@/shared/api'
import { $partyDraft, dinerFromSession, dinerToSend, isMobileNumber, NO_ACCOUNT_MOBILE, setPartyDraft, verifyGuestFirst, type Diner } from '../model/diner'
import { DinerFields } from './DinerFields'
import css from './CheckIn.module.css'

/** Party size and who it is for, then "Check in" (docs/waitlist.md, "Checking in"; a guest verifies a mobile by code first). */
export function CheckInForm({ restaurant }: { restaurant: RestaurantDetail }) {
  const session = useStore($session)
  const party = useStore($partyDraft)
  const state = useStore($checkIn)
  const [diner, setDiner] = useState<Diner>(() => dinerFromSession(session) ?? { fullName: '', mobile: '', email: '' })
  const [mobileError, setMobileError] = useState<string>()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const current = $session.get()
    if (current.status === 'guest') return verifyGuestFirst()
    const who = dinerToSend(current, diner)
    if (!isMobileNumber(who.mobile)) return setMobileError(current.status === 'signedIn' ? NO_ACCOUNT_MOBILE : 'Enter the mobile number with its country code, such as +14155550123.')
    setMobileError(undefined)
    void checkIn(
      {
        locationId: restaurant.id,
        restaurantSlug: restaurant.locationSlug,
        fullName: who.fullName.trim(),
        mobile: who.mobile,
        email: who.email.trim() || undefined,
        adultSize: party.adults,
        kidzSize: party.kids,
        highChair: party.highChairs,
      },
      // Signed in or a verified guest here: the access token or the guest token that proves the number goes along.
      true,
    )
  }

  return (
    <form className={css.form} onSubmit={submit} aria-busy={state.loading} aria-label="Join the waitlist">
      <PartyFields party={party} highChairsOffered={restaurant.highChair} onChange={setPartyDraft} />
      <DinerFields session={session} diner={diner} onChange={setDiner} mobileError={mobileError} />
      {state.error && !state.loading && (
        <p className={css.error} role="alert" data-testid="check-in-error">
          {state.error}
        </p>
      )}
      <button type="submit" className={`button ${css.submit}`} disabled={state.loading}>
        {state.loading ? 'Checking in…' : session.status === 'guest' ? 'Continue to check in' : 'Check in'}
      </button>
    </form>
  )
}
