import { $toLocationAfterAuth, startSession } from '@/entities/session'
import { ApiRefusal } from '@/shared/api'
import type { LoginRequest } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { throttle } from '@/shared/lib/throttle'
import { redirectToPath } from '@/shared/routes'
import { signIn } from '../api/auth-api'
import { AUTH_THROTTLE_MS, flowToast, MESSAGES, toSignedInUser } from './auth-flow'

class NoUserId extends Error {}

const request = createRequestState<string>()

/** Sign-in: loading, then signed in or a failure message (docs/accounts.md, "Signing in, signing up, guests and resets"). */
export const $signIn = request.$state

/** Signs in and goes where the diner was heading; one try per 5000 ms, released by a failure. */
export const submitSignIn = throttle(async (credentials: LoginRequest): Promise<boolean> => {
  const userId = await request.run(
    async () => {
      const answer = await signIn(credentials)
      // docs/app.md, "Messages": a refusal or an answer without a userId is "Invalid Username or Password"; any other error is a failure.
      if (!answer.userId) throw new NoUserId()
      startSession(toSignedInUser(answer))
      return answer.userId
    },
    (error) => {
      // Too many attempts (429) or too many sign-ins at once (503): the server says when to try again.
      if (error instanceof ApiRefusal && (error.code === 'rate_limited' || error.code === 'try_again')) return error.message
      if (error instanceof NoUserId || error instanceof ApiRefusal) return MESSAGES.invalidCredentials
      return MESSAGES.signInFailed
    },
  )
  if (!userId) {
    flowToast($signIn.get().error ?? MESSAGES.signInFailed)
    submitSignIn.release()
    return false
  }
  redirectToPath($toLocationAfterAuth.get())
  return true
}, AUTH_THROTTLE_MS)

export const clearSignIn = () => request.reset()
