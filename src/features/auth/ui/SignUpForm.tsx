import { useStore } from '@nanostores/react'
import { useId, useState, type FormEvent } from 'react'
import { pathTo } from '@/shared/routes'
import { isE164, rateLimitMessage, toE164 } from '../lib/phone-number'
import { $otpRateLimit } from '../model/auth-flow'
import { submitSignUp } from '../model/verification'
import { PasswordField } from './PasswordField'
import { PhoneField, useDefaultCallingCode } from './PhoneField'
import css from './AuthForm.module.css'

/** First and last name, mobile, optional email and a password; a code to the mobile follows. */
export function SignUpForm() {
  const defaultCode = useDefaultCallingCode()
  const rateLimit = useStore($otpRateLimit)
  const [callingCode, setCallingCode] = useState<string>()
  const [firstName, setFirstName] = useState('')
  const [lastName, setLastName] = useState('')
  const [number, setNumber] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [mobileError, setMobileError] = useState<string>()
  const [sending, setSending] = useState(false)
  const id = useId()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (sending) return
    const mobilePhone = toE164(callingCode ?? defaultCode, number)
    if (!isE164(mobilePhone)) return setMobileError('Enter a valid mobile number.')
    setMobileError(undefined)
    setSending(true)
    try {
      await submitSignUp({ firstName: firstName.trim(), lastName: lastName.trim(), mobilePhone, email: email.trim(), password })
    } finally {
      setSending(false)
    }
  }

  return (
    <form className={css.form} onSubmit={submit} aria-busy={sending}>
      <div className={css.field}>
        <label className={css.label} htmlFor={`${id}-first`}>
          First name
        </label>
        <input id={`${id}-first`} className={css.input} autoComplete="given-name" required maxLength={60} value={firstName} onChange={(event) => setFirstName(event.target.value)} />
      </div>
      <div className={css.field}>
        <label className={css.label} htmlFor={`${id}-last`}>
          Last name
        </label>
        <input id={`${id}-last`} className={css.input} autoComplete="family-name" maxLength={60} value={lastName} onChange={(event) => setLastName(event.target.value)} />
      </div>
      <PhoneField label="Mobile number" callingCode={callingCode ?? defaultCode} onCallingCode={setCallingCode} number={number} onNumber={setNumber} error={mobileError} />
      <div className={css.field}>
        <label className={css.label} htmlFor={`${id}-email`}>
          Email <span className={css.optional}>(optional)</span>
        </label>
        <input id={`${id}-email`} className={css.input} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </div>
      <PasswordField label="Password" value={password} onChange={setPassword} autoComplete="new-password" hint="At least 8 characters." />
      {rateLimit.limited && (
        <p className={css.alert} role="alert">
          {rateLimitMessage(rateLimit.retryAfterSeconds)}
        </p>
      )}
      <button type="submit" className={`button ${css.submit}`} aria-busy={sending}>
        {sending ? 'Sending code…' : 'Create account'}
      </button>
      <ul className={css.links}>
        <li>
          <a href={pathTo('signIn')}>I have an account: sign in</a>
        </li>
        <li>
          <a href={pathTo('guestDetails')}>Continue as guest</a>
        </li>
      </ul>
    </form>
  )
}
