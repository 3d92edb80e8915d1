import { atom } from 'nanostores'
import { $toLocationAfterAuth, startGuestSession, startSession } from '@/entities/session'
import { ApiRefusal } from '@/shared/api'
import type { GuestSmsRequest, OtpSentResponse, SignupRequest } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { throttle } from '@/shared/lib/throttle'
import { navigate, pathTo, redirectToPath } from '@/shared/routes'
import { sendGuestCode, signUp, validateGuestCode, validateSignupCode } from '../api/auth-api'
import { AUTH_THROTTLE_MS, flowToast, MESSAGES, requestCode, toSignedInUser } from './auth-flow'

/** A code on its way to a mobile: a new account's (its sign-up details kept apart, in memory) or a guest's. */
export type PendingVerification =
  | { purpose: 'signup'; mobile: string; signUpUser: SignupRequest }
  | { purpose: 'guest'; mobile: string; guest: GuestSmsRequest }

/** In memory only: the sign-up password must not reach storage. */
export const $pendingVerification = atom<PendingVerification | null>(null)

const request = createRequestState<string>()

/** Code verification; a failure keeps the server's message (docs/accounts.md, "Signing in, signing up, guests and resets"). */
export const $verification = request.$state

const sendFor = (pending: PendingVerification): Promise<OtpSentResponse> =>
  pending.purpose === 'signup' ? signUp(pending.signUpUser) : sendGuestCode(pending.guest)

async function startVerification(pending: PendingVerification): Promise<boolean> {
  if (!(await requestCode(() => sendFor(pending)))) return false
  request.reset()
  $pendingVerification.set(pending)
  navigate(pathTo('verifyOtp'))
  return true
}

/** Creates the unverified account and sends its code. */
export const submitSignUp = throttle(async (signUpUser: SignupRequest) => {
  const sent = await startVerification({ purpose: 'signup', mobile: signUpUser.mobilePhone, signUpUser })
  if (!sent) submitSignUp.release()
  return sent
}, AUTH_THROTTLE_MS)

/** POST /customer/sendSMS: guest details plus countryCode (docs/accounts.md, "Signing in, signing up, guests and resets"). */
export const submitGuestDetails = throttle(async (guest: GuestSmsRequest) => {
  const sent = await startVerification({ purpose: 'guest', mobile: guest.mobile, guest })
  if (!sent) submitGuestDetails.release()
  return sent
}, AUTH_THROTTLE_MS)

/** Another code to the same number. */
export async function resendCode(): Promise<boolean> {
  const pending = $pendingVerification.get()
  return pending ? requestCode(() => sendFor(pending)) : false
}

/** Checks the code: a new account is signed in, a guest is guest signed in (docs/accounts.md, "Guests"). */
export const verifyCode = throttle(async (otp: string): Promise<boolean> => {
  const pending = $pendingVerification.get()
  if (!pending) return false
  const userId = await request.run(
    async () => {
      if (pending.purpose === 'signup') {
        const answer = await validateSignupCode(pending.mobile, otp)
        startSession(toSignedInUser(answer))
        return answer.userId
      }
      const answer = await validateGuestCode(pending.mobile, otp)
      const { fullName, mobile, email } = pending.guest
      startGuestSession(answer.userId, { fullName, mobile, ...(email ? { email } : {}) }, answer.guestToken)
      return answer.userId
    },
    (error) => (error instanceof ApiRefusal ? error.message : MESSAGES.tryAgain),
  )
  if (!userId) {
    flowToast(MESSAGES.tryAgain)
    verifyCode.release()
    return false
  }
  $pendingVerification.set(null)
  redirectToPath($toLocationAfterAuth.get())
  return true
}, AUTH_THROTTLE_MS)
