import { setToLocationAfterAuth } from '@/entities/session'
import { navigate, pathTo } from '@/shared/routes'

/** Goes to sign-in, coming back to this page afterwards. */
export function continueToSignIn(): void {
  setToLocationAfterAuth(`${window.location.pathname}${window.location.search}`)
  navigate(pathTo('signIn'))
}
