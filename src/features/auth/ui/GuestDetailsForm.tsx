import { useStore } from '@nanostores/react'
import { useId, useState, type FormEvent } from 'react'
import { $session, $toLocationAfterAuth } from '@/entities/session'
import { formatPhoneForDisplay } from '@/shared/lib/phone'
import { pathTo } from '@/shared/routes'
import { countryOf, isE164, rateLimitMessage, toE164 } from '../lib/phone-number'
import { $otpRateLimit } from '../model/auth-flow'
import { submitGuestDetails } from '../model/verification'
import { PhoneField, useDefaultCallingCode } from './PhoneField'
import css from './AuthForm.module.css'

/** The guest form's mobile placeholder: a string of 1s (docs/accounts.md, "Signing in, signing up, guests and resets"). */
export const GUEST_MOBILE_PLACEHOLDER = '1111111111'

/** Full name, mobile and optional email; a code to the mobile follows (docs/accounts.md, "Guests"). */
export function GuestDetailsForm() {
  const session = useStore($session)
  const defaultCode = useDefaultCallingCode()
  const rateLimit = useStore($otpRateLimit)
  const [callingCode, setCallingCode] = useState<string>()
  const [fullName, setFullName] = useState('')
  const [number, setNumber] = useState('')
  const [email, setEmail] = useState('')
  const [mobileError, setMobileError] = useState<string>()
  const [sending, setSending] = useState(false)
  const id = useId()

  if (session.status === 'guestSignedIn') {
    return (
      <div className={css.form}>
        <p className={css.lead}>
          You are verified as {session.guest.fullName} ({formatPhoneForDisplay(session.guest.mobile)}).
        </p>
        <a className={`button ${css.submit}`} href={$toLocationAfterAuth.get()}>
          Continue
        </a>
      </div>
    )
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (sending) return
    const mobile = toE164(callingCode ?? defaultCode, number)
    if (!isE164(mobile)) return setMobileError('Enter a valid mobile number.')
    setMobileError(undefined)
    setSending(true)
    try {
      await submitGuestDetails({ fullName: fullName.trim(), mobile, email: email.trim(), countryCode: countryOf(mobile) })
    } finally {
      setSending(false)
    }
  }

  return (
    <form className={css.form} onSubmit={submit} aria-busy={sending}>
      <div className={css.field}>
        <label className={css.label} htmlFor={`${id}-name`}>
          Full name
        </label>
        <input id={`${id}-name`} className={css.input} autoComplete="name" required maxLength={120} value={fullName} onChange={(event) => setFullName(event.target.value)} />
      </div>
      <PhoneField
        label="Mobile number"
        callingCode={callingCode ?? defaultCode}
        onCallingCode={setCallingCode}
        number={number}
        onNumber={setNumber}
        placeholder={GUEST_MOBILE_PLACEHOLDER}
        error={mobileError}
      />
      <div className={css.field}>
        <label className={css.label} htmlFor={`${id}-email`}>
          Email <span className={css.optional}>(optional)</span>
        </label>
        <input id={`${id}-email`} className={css.input} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </div>
      {rateLimit.limited && (
        <p className={css.alert} role="alert">
          {rateLimitMessage(rateLimit.retryAfterSeconds)}
        </p>
      )}
      <button type="submit" className={`button ${css.submit}`} aria-busy={sending}>
        {sending ? 'Sending code…' : 'Send code'}
      </button>
      <ul className={css.links}>
        <li>
          <a href={pathTo('signIn')}>Sign in instead</a>
        </li>
      </ul>
    </form>
  )
}
