import { useId } from 'react'
import type { Session } from '@/entities/session'
import { formatPhoneForDisplay } from '@/shared/lib/phone'
import { pathTo } from '@/shared/routes'
import type { Diner } from '../model/diner'
import css from './CheckIn.module.css'

type DinerFieldsProps = { session: Session; diner: Diner; onChange: (diner: Diner) => void; mobileError?: string }

/**
 * Guest details: the signed-in profile (name and email editable, the account's number fixed), the
 * verified guest (as verified), or a note that a guest verifies by code.
 */
export function DinerFields({ session, diner, onChange, mobileError }: DinerFieldsProps) {
  const id = useId()
  if (session.status === 'guest') {
    return (
      <p className={css.note}>
        We will ask for your name and mobile number and text you a code to confirm it. Have an account? <a href={pathTo('signIn')}>Sign in</a>
      </p>
    )
  }
  if (session.status === 'guestSignedIn') {
    return (
      <p className={css.note} data-testid="diner">
        For <strong>{diner.fullName}</strong>, {formatPhoneForDisplay(diner.mobile)}
        {diner.email && `, ${diner.email}`}
      </p>
    )
  }
  return (
    <fieldset className={css.diner}>
      <legend className={css.legend}>Your details</legend>
      <div className={css.field}>
        <label htmlFor={`${id}-name`}>Full name</label>
        <input id={`${id}-name`} className={css.input} autoComplete="name" required maxLength={80} value={diner.fullName} onChange={(event) => onChange({ ...diner, fullName: event.target.value })} />
      </div>
      <div className={css.field}>
        <label htmlFor={`${id}-mobile`}>Mobile number</label>
        {/* The account's verified number, not editable: the server takes no other from a signed-in diner. */}
        <input
          id={`${id}-mobile`}
          className={`${css.input} ${css.fixed}`}
          type="tel"
          readOnly
          value={formatPhoneForDisplay(session.user?.mobilePhone)}
          aria-invalid={mobileError ? true : undefined}
          aria-describedby={`${id}-mobile-note${mobileError ? ` ${id}-mobile-error` : ''}`}
        />
        <span id={`${id}-mobile-note`} className={css.hint}>
          We text this number, the one on your account, about your table. To use another number, sign out from <a href={pathTo('account')}>your account</a> and
          continue as a guest.
        </span>
        {mobileError && (
          <span id={`${id}-mobile-error`} className={css.error}>
            {mobileError}
          </span>
        )}
      </div>
      <div className={css.field}>
        <label htmlFor={`${id}-email`}>
          Email <span className={css.optional}>(optional)</span>
        </label>
        <input id={`${id}-email`} className={css.input} type="email" autoComplete="email" maxLength={254} value={diner.email} onChange={(event) => onChange({ ...diner, email: event.target.value })} />
      </div>
    </fieldset>
  )
}
