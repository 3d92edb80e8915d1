import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import type { FormEvent, ReactNode } from 'react'
import css from './HostPage.module.css'

/** A dialog holding a form (Headless UI: focus kept inside and given back, Escape and the backdrop close it). */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  children,
  actions,
  error,
  testId,
}: {
  title: string
  onClose: () => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  children: ReactNode
  actions: ReactNode
  error?: string | null
  testId?: string
}) {
  return (
    <Dialog open onClose={onClose} className={css.dialogRoot}>
      <DialogBackdrop className={css.backdrop} />
      <DialogPanel className={css.dialog} data-testid={testId}>
        <form onSubmit={onSubmit} noValidate className={css.dialogForm}>
          <DialogTitle as="h2" className={css.dialogTitle}>
            {title}
          </DialogTitle>
          <div className={css.dialogBody}>{children}</div>
          {error ? (
            <p className={css.dialogError} role="alert">
              {error}
            </p>
          ) : null}
          <div className={css.dialogActions}>
            <button type="button" className="button button--secondary" onClick={onClose}>
              Close
            </button>
            {actions}
          </div>
        </form>
      </DialogPanel>
    </Dialog>
  )
}

/** A labelled input with its error under it, tied together for screen readers. */
export function TextField({
  id,
  label,
  error,
  hint,
  ...input
}: { id: string; label: string; error?: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
  return (
    <div className={css.field}>
      <label htmlFor={id} className={css.label}>
        {label}
      </label>
      <input id={id} className={css.input} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint ? (
        <span id={`${id}-hint`} className={css.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className={css.fieldError}>
          {error}
        </span>
      ) : null}
    </div>
  )
}

/** What a refused call says to the host: the server's own sentence, else a generic one. */
export function refusalText(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && 'code' in error) return String((error as { message: string }).message)
  return 'That did not go through. Please try again.'
}
