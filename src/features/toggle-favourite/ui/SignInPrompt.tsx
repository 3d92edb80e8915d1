import { ModalDialog } from '@/shared/ui/dialog'
import { continueToSignIn } from '../model/continue-to-sign-in'
import css from './SignInPrompt.module.css'

/** A modal asking a guest to sign in. */
export function SignInPrompt({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog
      onClose={onClose}
      narrow
      testId="sign-in-prompt"
      art={
        <svg className={css.art} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 20.5s-7.5-4.6-9.4-9.1C1.2 8 3.2 4.5 6.6 4.5c2.1 0 3.7 1.2 5.4 3.2 1.7-2 3.3-3.2 5.4-3.2 3.4 0 5.4 3.5 4 6.9-1.9 4.5-9.4 9.1-9.4 9.1z" />
        </svg>
      }
      title="Sign in to save your favorites"
      description="Keep the restaurants and dishes you love one tap away, on any device."
      actions={
        <>
          <button type="button" className="button" onClick={continueToSignIn} data-autofocus>
            Sign in
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Not now
          </button>
        </>
      }
    />
  )
}
