import { useStore } from '@nanostores/react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { $staffSession, signInStaff } from '@/entities/staff-session'
import { ApiRefusal } from '@/shared/api'
import { redirectTo } from '@/shared/routes'
import { homeRouteOf } from '@/widgets/staff-shell'
import css from './StaffSignIn.module.css'

/** What the sign-in says for a refusal: the server's message for the codes it explains, a plain one for the rest. */
function messageOf(error: unknown): string {
  if (error instanceof ApiRefusal) {
    if (error.code === 'invalid_credentials' || error.code === 'rate_limited' || error.code === 'try_again') return error.message
    if (error.code === 'invalid_request') return 'Enter the email and password of your staff account.'
    return error.message
  }
  return 'Signing in failed: check the connection and try again.'
}

/**
 * /staff: a staff member signs in with their email and password and lands on their role's screen
 * (docs/staff.md "Roles"). Signed in already, it goes straight there.
 */
export function StaffSignInPage() {
  const session = useStore($staffSession)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [shown, setShown] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const id = useId()
  useEffect(() => {
    document.title = 'Staff sign-in · Tablefront'
  }, [])
  useEffect(() => {
    if (session) redirectTo(homeRouteOf(session.staff.role))
  }, [session])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setError(undefined)
    try {
      await signInStaff(email.trim(), password)
    } catch (refusal) {
      setError(messageOf(refusal))
      setBusy(false)
    }
  }

  return (
    <main className={css.signInPage} id="main">
      <div className={css.signInCard}>
        <p className={css.brand}>Tablefront · Staff</p>
        <h1 className={css.signInTitle}>Sign in to your restaurant</h1>
        <p className={css.lead}>For the restaurant’s team: the kitchen, the host stand, the floor and managers.</p>
        <form className={css.form} onSubmit={submit} aria-busy={busy} noValidate={false}>
          <div className={css.field}>
            <label className={css.label} htmlFor={`${id}-email`}>
              Email
            </label>
            <input
              id={`${id}-email`}
              className={css.input}
              type="email"
              autoComplete="username"
              inputMode="email"
              required
              maxLength={254}
              value={email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className={css.field}>
            <label className={css.label} htmlFor={`${id}-password`}>
              Password
            </label>
            <div className={css.password}>
              <input
                id={`${id}-password`}
                className={css.input}
                type={shown ? 'text' : 'password'}
                autoComplete="current-password"
                required
                maxLength={128}
                value={password}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => setPassword(event.target.value)}
              />
              <button type="button" className={css.secondary} aria-pressed={shown} aria-label={shown ? 'Hide password' : 'Show password'} onClick={() => setShown(!shown)}>
                {shown ? 'Hide' : 'Show'}
              </button>
            </div>
          </div>
          {error && (
            <p id={`${id}-error`} className={css.alert} role="alert">
              {error}
            </p>
          )}
          <button type="submit" className={css.primary} aria-busy={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <p className={css.hint}>Forgot your password or new here? Ask your restaurant’s manager: they add the team and set first passwords.</p>
      </div>
    </main>
  )
}
