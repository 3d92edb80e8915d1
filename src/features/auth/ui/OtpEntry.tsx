import { useStore } from '@nanostores/react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { formatPhoneForDisplay } from '@/shared/lib/phone'
import { rateLimitMessage } from '../lib/phone-number'
import { $otpRateLimit, $resendAvailableAt } from '../model/auth-flow'
import css from './AuthForm.module.css'

type OtpEntryProps = {
  mobile: string
  onVerify: (code: string) => unknown
  onResend: () => unknown
  verifying: boolean
  error?: string
  submitLabel?: string
}

function useSecondsUntil(time: number): number {
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    if (time <= Date.now()) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [time])
  return Math.max(0, Math.ceil((time - now) / 1000))
}

/** The 6-digit code, with a resend after 30 s and the rate-limit notice (docs/accounts.md, "Signing in, signing up, guests and resets"). */
export function OtpEntry({ mobile, onVerify, onResend, verifying, error, submitLabel = 'Verify' }: OtpEntryProps) {
  const [code, setCode] = useState('')
  const rateLimit = useStore($otpRateLimit)
  const resendIn = useSecondsUntil(useStore($resendAvailableAt))
  const id = useId()
  const complete = /^\d{6}$/.test(code)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (complete && !verifying) onVerify(code)
  }

  return (
    <form className={css.form} onSubmit={submit} noValidate aria-busy={verifying}>
      <p className={css.lead}>
        We sent a 6-digit code to <strong>{formatPhoneForDisplay(mobile)}</strong>.
      </p>
      <div className={css.field}>
        <label className={css.label} htmlFor={id}>
          Verification code
        </label>
        <input
          id={id}
          className={`${css.input} ${css.code}`}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="\d{6}"
          maxLength={6}
          required
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        {error && (
          <p id={`${id}-error`} className={css.error} role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className={`button ${css.submit}`} aria-disabled={!complete || verifying} aria-busy={verifying}>
        {verifying ? 'Checking…' : submitLabel}
      </button>
      {rateLimit.limited && (
        <p className={css.alert} role="alert">
          {rateLimitMessage(rateLimit.retryAfterSeconds)}
        </p>
      )}
      <p className={css.resend}>
        <span>Didn’t get it?</span>
        <button type="button" className={css.linkButton} disabled={resendIn > 0} onClick={() => onResend()}>
          {resendIn > 0 ? `Resend code in ${resendIn} s` : 'Resend code'}
        </button>
      </p>
    </form>
  )
}
