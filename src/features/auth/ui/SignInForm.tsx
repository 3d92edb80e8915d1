import { useStore } from '@nanostores/react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { $session, $toLocationAfterAuth, signOut } from '@/entities/session'
import { pathTo } from '@/shared/routes'
import { isE164, looksLikeEmail, toE164 } from '../lib/phone-number'
import { $callingCodes, ensureCallingCodes } from '../model/calling-codes'
import { $signIn, submitSignIn } from '../model/sign-in'
import { PasswordField } from './PasswordField'
import { useDefaultCallingCode } from './PhoneField'
import css from './AuthForm.module.css'

/** Mobile number or email, and password (docs/accounts.md, "Signing in, signing up, guests and resets"). */
export function SignInForm() {
  const session = useStore($session)
  const state = useStore($signIn)
  const { countries } = useStore($callingCodes)
  const defaultCode = useDefaultCallingCode()
  const [callingCode, setCallingCode] = useState<string>()
  const [user, setUser] = useState('')
  const [password, setPassword] = useState('')
  const [userError, setUserError] = useState<string>()
  const id = useId()
  useEffect(() => void ensureCallingCodes(), [])

  if (session.status === 'signedIn') {
    return (
      <div className={css.form}>
        <p className={css.lead}>You are signed in{session.user ? ` as ${session.user.firstName}` : ''}.</p>
        <a className={`button ${css.submit}`} href={$toLocationAfterAuth.get()}>
          Continue
        </a>
        <button type="button" className={`button button--secondary ${css.submit}`} onClick={() => signOut()}>
          Sign out
        </button>
      </div>
    )
  }

  const isEmail = looksLikeEmail(user)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (state.loading) return
    const mobilePhone = toE164(callingCode ?? defaultCode, user)
    if (!isEmail && !isE164(mobilePhone)) {
      setUserError('Enter your mobile number or your email.')
      return
    }
    setUserError(undefined)
    void submitSignIn(isEmail ? { email: user.trim(), password } : { mobilePhone, password })
  }

  return (
    <form className={css.form} onSubmit={submit} aria-busy={state.loading}>
      <div className={css.field}>
        <label className={css.label} htmlFor={id}>
          Mobile number or email
        </label>
        <div className={isEmail ? undefined : css.phone}>
          {!isEmail && (
            <select className={css.select} aria-label="Calling code" value={callingCode ?? defaultCode} onChange={(event) => setCallingCode(event.target.value)}>
              {countries.map(({ country, callingCode: code }) => (
                <option key={code} value={code}>{`${code} ${country}`}</option>
              ))}
            </select>
          )}
          <input
            id={id}
            className={css.input}
            type="text"
            autoComplete="username"
            required
            value={user}
            aria-invalid={userError ? true : undefined}
            aria-describedby={userError ? `${id}-error` : undefined}
            onChange={(event) => setUser(event.target.value)}
          />
        </div>
        {userError && (
          <p id={`${id}-error`} className={css.error} role="alert">
            {userError}
          </p>
        )}
      </div>
      <PasswordField label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
      {state.error && (
        <p className={css.alert} role="alert">
          {state.error}
        </p>
      )}
      <button type="submit" className={`button ${css.submit}`} aria-busy={state.loading}>
        {state.loading ? 'Signing in…' : 'Sign in'}
      </button>
      <ul className={css.links}>
        <li>
          <a href={pathTo('signUp')}>Create an account</a>
        </li>
        <li>
          <a href={pathTo('resetPassword')}>Forgot password?</a>
        </li>
        <li>
          <a href={pathTo('guestDetails')}>Continue as guest</a>
        </li>
      </ul>
    </form>
  )
}
