import { useEffect, useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import { continueToSignIn } from '../model/continue-to-sign-in'
import css from './SignInPrompt.module.css'

/** A modal asking a guest to sign in; focus stays inside until it closes, then goes back. */
export function SignInPrompt({ onClose }: { onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const textId = useId()

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])

  const close = () => dialogRef.current?.close()

  return createPortal(
    <dialog
      ref={dialogRef}
      className={css.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClose}
      onClick={(event) => {
        event.stopPropagation()
        // A click on the backdrop lands on the dialog itself, outside its content.
        if (event.target === dialogRef.current) close()
      }}
    >
      <div className={css.content}>
        <svg className={css.art} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 20.5s-7.5-4.6-9.4-9.1C1.2 8 3.2 4.5 6.6 4.5c2.1 0 3.7 1.2 5.4 3.2 1.7-2 3.3-3.2 5.4-3.2 3.4 0 5.4 3.5 4 6.9-1.9 4.5-9.4 9.1-9.4 9.1z" />
        </svg>
        <h2 id={titleId} className={css.title}>
          Sign in to save your favourites
        </h2>
        <p id={textId} className={css.text}>
          Keep the restaurants and dishes you love one tap away, on any device.
        </p>
        <div className={css.actions}>
          <button type="button" className="button" onClick={continueToSignIn}>
            Sign in
          </button>
          <button type="button" className="button button--secondary" onClick={close}>
            Not now
          </button>
        </div>
      </div>
    </dialog>,
    document.body,
  )
}
