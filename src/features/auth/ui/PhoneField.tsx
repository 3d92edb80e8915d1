import { useStore } from '@nanostores/react'
import { useEffect, useId } from 'react'
import { $callingCodes, ensureCallingCodes } from '../model/calling-codes'
import css from './AuthForm.module.css'

type PhoneFieldProps = {
  label: string
  callingCode: string
  onCallingCode: (code: string) => void
  number: string
  onNumber: (number: string) => void
  /** The guest form's placeholder is a string of 1s (docs/accounts.md, "Signing in, signing up, guests and resets"). */
  placeholder?: string
  error?: string
}

/** A calling code (default +1: docs/app.md, "Money, numbers, colours") and the national number. */
export function PhoneField({ label, callingCode, onCallingCode, number, onNumber, placeholder = '4155550123', error }: PhoneFieldProps) {
  const { countries } = useStore($callingCodes)
  const id = useId()
  useEffect(() => void ensureCallingCodes(), [])
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={`${id}-number`}>
        {label}
      </label>
      <div className={css.phone}>
        <select className={css.select} aria-label="Calling code" value={callingCode} onChange={(event) => onCallingCode(event.target.value)}>
          {countries.map(({ country, callingCode: code }) => (
            <option key={code} value={code}>
              {`${code} ${country}`}
            </option>
          ))}
        </select>
        <input
          id={`${id}-number`}
          className={css.input}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required
          placeholder={placeholder}
          value={number}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onNumber(event.target.value)}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className={css.error}>
          {error}
        </p>
      )}
    </div>
  )
}

/** The calling code to start with: the server's guess for this browser. */
export function useDefaultCallingCode(): string {
  return useStore($callingCodes).defaultCallingCode
}
