import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { continueToSignIn } from '../model/continue-to-sign-in'
import css from './SignInPrompt.module.css'

/** A modal asking a guest to sign in (Headless UI's Dialog: focus kept inside, Escape and the backdrop close it). */
export function SignInPrompt({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} className={css.root}>
      <DialogBackdrop className={css.backdrop} />
      <DialogPanel className={css.dialog} data-testid="sign-in-prompt">
        <svg className={css.art} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 20.5s-7.5-4.6-9.4-9.1C1.2 8 3.2 4.5 6.6 4.5c2.1 0 3.7 1.2 5.4 3.2 1.7-2 3.3-3.2 5.4-3.2 3.4 0 5.4 3.5 4 6.9-1.9 4.5-9.4 9.1-9.4 9.1z" />
        </svg>
        <DialogTitle as="h2" className={css.title}>
          Sign in to save your favorites
        </DialogTitle>
        <Description className={css.text}>Keep the restaurants and dishes you love one tap away, on any device.</Description>
        <div className={css.actions}>
          <button type="button" className="button" onClick={continueToSignIn} data-autofocus>
            Sign in
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Not now
          </button>
        </div>
      </DialogPanel>
    </Dialog>
  )
}
