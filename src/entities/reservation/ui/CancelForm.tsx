import { useId, useState, type FormEvent } from 'react'
import css from './Reservation.module.css'

type CancelFormProps = {
  /** "Cancel reservation", "Leave the waitlist" */
  actionLabel: string
  busy: boolean
  error?: string
  onConfirm: (reason: string) => void
}

/** Cancelling in two steps: the action, then a reason and a confirmation. */
export function CancelForm({ actionLabel, busy, error, onConfirm }: CancelFormProps) {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const id = useId()

  if (!open) {
    return (
      <div className={css.row}>
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {actionLabel}
        </button>
      </div>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (reason.trim()) onConfirm(reason.trim())
  }

  return (
    <form className={css.cancel} onSubmit={submit} aria-busy={busy}>
      <label className={css.label} htmlFor={`${id}-reason`}>
        Why are you cancelling?
      </label>
      <input
        id={`${id}-reason`}
        className={css.input}
        required
        maxLength={300}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        placeholder="Plans changed"
        autoFocus
      />
      {error && (
        <p className={css.error} role="alert">
          {error}
        </p>
      )}
      <div className={css.row}>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Cancelling…' : 'Confirm cancellation'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)} disabled={busy}>
          Keep it
        </button>
      </div>
    </form>
  )
}
