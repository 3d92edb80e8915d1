import { useId, useState } from 'react'
import css from './AuthForm.module.css'

type PasswordFieldProps = {
  label: string
  value: string
  onChange: (value: string) => void
  autoComplete: 'current-password' | 'new-password'
  hint?: string
}

/** A password with a show/hide button. */
export function PasswordField({ label, value, onChange, autoComplete, hint }: PasswordFieldProps) {
  const [shown, setShown] = useState(false)
  const id = useId()
  const isNew = autoComplete === 'new-password'
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      <div className={css.password}>
        <input
          id={id}
          className={css.input}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          required
          minLength={isNew ? 8 : undefined}
          maxLength={128}
          value={value}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button type="button" className={css.toggle} aria-pressed={shown} aria-label={shown ? 'Hide password' : 'Show password'} onClick={() => setShown(!shown)}>
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className={css.hint}>
          {hint}
        </p>
      )}
    </div>
  )
}
