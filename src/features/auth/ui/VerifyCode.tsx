import { useStore } from '@nanostores/react'
import { pathTo } from '@/shared/routes'
import { $pendingVerification, $verification, resendCode, verifyCode } from '../model/verification'
import { OtpEntry } from './OtpEntry'
import css from './AuthForm.module.css'

/** The code of a pending sign-up or guest verification. */
export function VerifyCode() {
  const pending = useStore($pendingVerification)
  const state = useStore($verification)
  if (!pending) {
    return (
      <div className={css.form}>
        <p className={css.lead}>There is no code to check right now. Start again to get a new code.</p>
        <ul className={css.links}>
          <li>
            <a href={pathTo('signUp')}>Create an account</a>
          </li>
          <li>
            <a href={pathTo('guestDetails')}>Continue as guest</a>
          </li>
          <li>
            <a href={pathTo('signIn')}>Sign in</a>
          </li>
        </ul>
      </div>
    )
  }
  return (
    <OtpEntry
      mobile={pending.mobile}
      verifying={state.loading}
      error={state.error}
      onVerify={verifyCode}
      onResend={resendCode}
      submitLabel={pending.purpose === 'signup' ? 'Verify and sign in' : 'Verify'}
    />
  )
}
