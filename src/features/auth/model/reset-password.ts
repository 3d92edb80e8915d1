import { map } from 'nanostores'
import { createRequestState } from '@/shared/lib/request'
import { throttle } from '@/shared/lib/throttle'
import { completeReset, initiateReset, verifyReset } from '../api/auth-api'
import { AUTH_THROTTLE_MS, flowToast, MESSAGES, requestCode } from './auth-flow'

export type ResetStep = 'mobile' | 'code' | 'password' | 'done'

/** Password reset: initiate, then code verified, then complete (docs/accounts.md, "Signing in, signing up, guests and resets"). */
export const $reset = map<{ step: ResetStep; mobilePhone: string; resetToken: string }>({ step: 'mobile', mobilePhone: '', resetToken: '' })

const request = createRequestState<true>()

/** The reset's request state (docs/app.md, "Request state"). */
export const $resetRequest = request.$state

/** Step 1: a code to the account's mobile (the answer is the same for a number without one). */
export const startReset = throttle(async (mobilePhone: string): Promise<boolean> => {
  const sent = await requestCode(() => initiateReset(mobilePhone), MESSAGES.resetFailed)
  if (!sent) {
    startReset.release()
    return false
  }
  request.reset()
  $reset.set({ step: 'code', mobilePhone, resetToken: '' })
  return true
}, AUTH_THROTTLE_MS)

export const resendResetCode = () => requestCode(() => initiateReset($reset.get().mobilePhone), MESSAGES.resetFailed)

async function step(action: () => Promise<void>, release: () => void): Promise<boolean> {
  const done = await request.run(async () => {
    await action()
    return true as const
  }, () => MESSAGES.resetFailed)
  if (!done) {
    flowToast(MESSAGES.resetFailed)
    release()
    return false
  }
  return true
}

/** Step 2: the code proves the number; the server hands back a reset token. */
export const submitResetCode = throttle(
  (otp: string) =>
    step(async () => {
      const { resetToken } = await verifyReset($reset.get().mobilePhone, otp)
      $reset.set({ ...$reset.get(), step: 'password', resetToken })
    }, () => submitResetCode.release()),
  AUTH_THROTTLE_MS,
)

/** Step 3: the new password; every earlier sign-in of the account ends. */
export const submitNewPassword = throttle(
  (password: string) =>
    step(async () => {
      await completeReset($reset.get().resetToken, password)
      $reset.set({ step: 'done', mobilePhone: '', resetToken: '' })
    }, () => submitNewPassword.release()),
  AUTH_THROTTLE_MS,
)

export function restartReset(): void {
  request.reset()
  $reset.set({ step: 'mobile', mobilePhone: '', resetToken: '' })
}
