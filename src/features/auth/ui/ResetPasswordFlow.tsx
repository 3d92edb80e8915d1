import { useStore } from '@nanostores/react'
import { useEffect, useState, type FormEvent } from 'react'
import { pathTo } from '@/shared/routes'
import { isE164, rateLimitMessage, toE164 } from '../lib/phone-number'
import { $otpRateLimit } from '../model/auth-flow'
import { $reset, $resetRequest, resendResetCode, restartReset, startReset, submitNewPassword, submitResetCode } from '../model/reset-password'
import { OtpEntry } from './OtpEntry'
import { PasswordField } from './PasswordField'
import { PhoneField, useDefaultCallingCode } from './PhoneField'
import css from './AuthForm.module.css'

function MobileStep() {
  const defaultCode = useDefaultCallingCode()
  const rateLimit = useStore($otpRateLimit)
  const [callingCode, setCallingCode] = useState<string>()
  const [number, setNumber] = useState('')
  const [mobileError, setMobileError] = useState<string>()
  const [sending, setSending] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (sending) return
    const mobilePhone = toE164(callingCode ?? defaultCode, number)
    if (!isE164(mobilePhone)) return setMobileError('Enter a valid mobile number.')
    setMobileError(undefined)
    setSending(true)
    try {
      await startReset(mobilePhone)
    } finally {
      setSending(false)
    }
  }
  return (
    <form className={css.form} onSubmit={submit} aria-busy={sending}>
      <p className={css.lead}>Enter the mobile number of your account. We will text you a code.</p>
      <PhoneField label="Mobile number" callingCode={callingCode ?? defaultCode} onCallingCode={setCallingCode} number={number} onNumber={setNumber} error={mobileError} />
      {rateLimit.limited && (
        <p className={css.alert} role="alert">
          {rateLimitMessage(rateLimit.retryAfterSeconds)}
        </p>
      )}
      <button type="submit" className={`button ${css.submit}`} aria-busy={sending}>
        {sending ? 'Sending code…' : 'Send code'}
      </button>
    </form>
  )
}

function PasswordStep() {
  const state = useStore($resetRequest)
  const [password, setPassword] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!state.loading) void submitNewPassword(password)
  }
  return (
    <form className={css.form} onSubmit={submit} aria-busy={state.loading}>
      <PasswordField label="New password" value={password} onChange={setPassword} autoComplete="new-password" hint="At least 8 characters." />
      <button type="submit" className={`button ${css.submit}`} aria-busy={state.loading}>
        {state.loading ? 'Saving…' : 'Set new password'}
      </button>
    </form>
  )
}

/** Password reset: mobile, code, new password, done (docs/accounts.md, "Signing in, signing up, guests and resets"). */
export function ResetPasswordFlow() {
  const reset = useStore($reset)
  const state = useStore($resetRequest)
  useEffect(() => () => restartReset(), [])
  switch (reset.step) {
    case 'mobile':
      return <MobileStep />
    case 'code':
      return (
        <OtpEntry mobile={reset.mobilePhone} verifying={state.loading} error={state.error} onVerify={submitResetCode} onResend={resendResetCode} submitLabel="Continue" />
      )
    case 'password':
      return <PasswordStep />
    case 'done':
      return (
        <div className={css.form}>
          <p className={css.lead} role="status">
            Your password has been changed. Sign in with the new password.
          </p>
          <a className={`button ${css.submit}`} href={pathTo('signIn')}>
            Sign in
          </a>
        </div>
      )
  }
}
