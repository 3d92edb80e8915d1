import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import {
  $detailsUpdate,
  $profile,
  $profileUpdate,
  clearDetailsUpdate,
  clearProfileUpdate,
  loadProfile,
  updateDetails,
  updateProfile,
} from '@/entities/customer'
import type { CustomerProfile } from '@/shared/api'
import { $isMobile } from '@/shared/lib/viewport'
import { navigate, pathTo } from '@/shared/routes'
import { Spinner } from '@/shared/ui'
import { SiteHeader } from '@/widgets/site-header'
import { $emailChange, changeEmail, clearEmailChange, verifyEmail } from '../model/email-change'
import { useSignedInCustomer } from '../model/signed-in'
import css from './ProfileEdit.module.css'

const profilePath = (mobile: boolean) => (mobile ? pathTo('profile') : pathTo('accountSection', { name: 'Profile' }))

/** A profile screen: signed-in only, the profile loaded, a way back to the profile. */
function ProfileScreen({ title, children }: { title: string; children: (profile: CustomerProfile, customerId: string) => ReactNode }) {
  const customerId = useSignedInCustomer()
  const profile = useStore($profile)
  const mobile = useStore($isMobile)

  useEffect(() => {
    if (customerId && profile.data?.userId !== customerId) void loadProfile(customerId)
  }, [customerId, profile.data?.userId])

  const data = customerId && profile.data?.userId === customerId ? profile.data : undefined
  return (
    <>
      <SiteHeader />
      <main className={css.page}>
        <a className={css.back} href={profilePath(mobile)}>
          <span aria-hidden="true">←</span> Profile
        </a>
        <h1 className={css.title}>{title}</h1>
        {data && customerId ? (
          children(data, customerId)
        ) : profile.error ? (
          <p className={css.error} role="alert">
            {profile.error}
          </p>
        ) : (
          <Spinner label="Loading your profile" />
        )}
      </main>
    </>
  )
}

/** /profile/edit: first and last name (PUT /api/v2/customers). */
export function ProfileEditPage() {
  return <ProfileScreen title="Edit your name">{(profile, customerId) => <NameForm profile={profile} customerId={customerId} />}</ProfileScreen>
}

function NameForm({ profile, customerId }: { profile: CustomerProfile; customerId: string }) {
  const ids = useId()
  const update = useStore($detailsUpdate)
  const mobile = useStore($isMobile)
  const [firstName, setFirstName] = useState(profile.firstName)
  const [lastName, setLastName] = useState(profile.lastName)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => clearDetailsUpdate, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!firstName.trim()) return setProblem('Enter your first name.')
    setProblem(null)
    // No email here: sending the stored one (or null) would touch an address change waiting for its code.
    if (await updateDetails({ customerId, firstName: firstName.trim(), lastName: lastName.trim() })) navigate(profilePath(mobile))
  }

  const message = problem ?? update.error
  return (
    <form className={css.form} onSubmit={submit} noValidate>
      <div className={css.field}>
        <label htmlFor={`${ids}-first`}>First name</label>
        <input id={`${ids}-first`} autoComplete="given-name" value={firstName} maxLength={60} required onChange={(event) => setFirstName(event.target.value)} />
      </div>
      <div className={css.field}>
        <label htmlFor={`${ids}-last`}>Last name</label>
        <input id={`${ids}-last`} autoComplete="family-name" value={lastName} maxLength={60} onChange={(event) => setLastName(event.target.value)} />
      </div>
      {message && (
        <p className={css.error} role="alert">
          {message}
        </p>
      )}
      <div className={css.actions}>
        <button type="submit" className="button" disabled={update.loading}>
          {update.loading ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  )
}

/**
 * /profile/email: add, change or remove the email. A new address gets a code and is stored only
 * when the code comes back (docs/accounts.md "Email addresses"): the screen's second step.
 */
export function EmailEditPage() {
  return <ProfileScreen title="Your email address">{(profile, customerId) => <EmailForm profile={profile} customerId={customerId} />}</ProfileScreen>
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function EmailForm({ profile, customerId }: { profile: CustomerProfile; customerId: string }) {
  const ids = useId()
  const state = useStore($emailChange)
  const mobile = useStore($isMobile)
  const [email, setEmail] = useState(profile.pendingEmail ?? profile.email ?? '')
  const [code, setCode] = useState('')
  const [step, setStep] = useState<'address' | 'code'>(profile.pendingEmail ? 'code' : 'address')
  const [problem, setProblem] = useState<string | null>(null)
  const codeInput = useRef<HTMLInputElement>(null)
  const addressInput = useRef<HTMLInputElement>(null)
  const moved = useRef(false)

  useEffect(() => clearEmailChange, [])
  // Keyboard and screen-reader users land on the field of the step they are moved to.
  useEffect(() => {
    if (!moved.current) return
    ;(step === 'code' ? codeInput : addressInput).current?.focus()
  }, [step])

  const goTo = (next: 'address' | 'code') => {
    moved.current = true
    setProblem(null)
    clearEmailChange()
    setStep(next)
  }

  const send = async (value: string | null) => {
    if (value !== null && !EMAIL_PATTERN.test(value)) return setProblem('Enter an email address such as name@example.com.')
    setProblem(null)
    const answer = await changeEmail(customerId, value)
    if (!answer) return
    if (answer.pendingEmail) {
      setCode('')
      goTo('code')
    } else {
      navigate(profilePath(mobile))
    }
  }

  const confirm = async () => {
    if (!/^\d{6}$/.test(code.trim())) return setProblem('Enter the 6 digits of the code we emailed you.')
    setProblem(null)
    const answer = await verifyEmail(code.trim())
    if (answer && !answer.pendingEmail) navigate(profilePath(mobile))
  }

  const message = problem ?? state.error
  const alert = message && (
    <p id={`${ids}-problem`} className={css.error} role="alert">
      {message}
    </p>
  )

  if (step === 'code' && profile.pendingEmail) {
    return (
      <form
        className={css.form}
        noValidate
        aria-label="Confirm your email address"
        onSubmit={(event) => {
          event.preventDefault()
          void confirm()
        }}
      >
        <p className={css.muted} id={`${ids}-sent`}>
          We sent a 6-digit code to <strong>{profile.pendingEmail}</strong>. Enter it here to confirm the address; it expires in 30 minutes.
          {profile.email ? ` Until then we keep using ${profile.email}.` : ''}
        </p>
        <div className={css.field}>
          <label htmlFor={`${ids}-code`}>Verification code</label>
          <input
            ref={codeInput}
            id={`${ids}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            aria-describedby={message ? `${ids}-sent ${ids}-problem` : `${ids}-sent`}
            aria-invalid={message ? true : undefined}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
        </div>
        {alert}
        <div className={css.actions}>
          <button type="submit" className="button" disabled={state.loading}>
            {state.loading ? 'Checking…' : 'Confirm email'}
          </button>
          <button type="button" className="button button--secondary" disabled={state.loading} onClick={() => void send(profile.pendingEmail)}>
            Send a new code
          </button>
          <button type="button" className="button button--secondary" disabled={state.loading} onClick={() => goTo('address')}>
            Use another address
          </button>
        </div>
      </form>
    )
  }

  return (
    <form
      className={css.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void send(email.trim())
      }}
    >
      <p className={css.muted}>
        We send receipts and booking confirmations here. Offers only if you opt in. A new address gets a code first, so we know it is yours.
      </p>
      <div className={css.field}>
        <label htmlFor={`${ids}-email`}>Email address</label>
        <input
          ref={addressInput}
          id={`${ids}-email`}
          type="email"
          autoComplete="email"
          value={email}
          maxLength={254}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${ids}-problem` : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      {alert}
      <div className={css.actions}>
        <button type="submit" className="button" disabled={state.loading}>
          {state.loading ? 'Sending…' : 'Send code'}
        </button>
        {profile.email && (
          <button type="button" className="button button--secondary" disabled={state.loading} onClick={() => void send(null)}>
            Remove email
          </button>
        )}
      </div>
    </form>
  )
}

/** /profile/promotions: opt in or out of offers and news (isPromoSubscribed: docs/accounts.md, "The profile, addresses and favourites"). */
export function PromoConsentPage() {
  return <ProfileScreen title="Offers and news">{(profile, customerId) => <PromoToggle profile={profile} customerId={customerId} />}</ProfileScreen>
}

function PromoToggle({ profile, customerId }: { profile: CustomerProfile; customerId: string }) {
  const ids = useId()
  const update = useStore($profileUpdate)

  useEffect(() => clearProfileUpdate, [])

  return (
    <div className={css.form}>
      <p className={css.muted}>Hear about new restaurants, offers and events near you. Order and booking messages come either way.</p>
      <label className={css.switchRow} htmlFor={`${ids}-promo`}>
        <input
          id={`${ids}-promo`}
          type="checkbox"
          role="switch"
          checked={profile.isPromoSubscribed}
          disabled={update.loading}
          aria-describedby={update.error ? `${ids}-problem` : undefined}
          onChange={(event) => void updateProfile({ customerId, isPromoSubscribed: event.target.checked })}
        />
        Send me offers and news
      </label>
      <p className={css.muted} role="status">
        {update.loading ? 'Saving…' : profile.isPromoSubscribed ? 'You are subscribed.' : 'You are not subscribed.'}
      </p>
      {update.error && (
        <p id={`${ids}-problem`} className={css.error} role="alert">
          {update.error}
        </p>
      )}
    </div>
  )
}
