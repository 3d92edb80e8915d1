import { atom } from 'nanostores'
import type { SignedInUser } from '@/entities/session'
import { ApiRefusal } from '@/shared/api'
import type { LoginResponse } from '@/shared/api'
import { TOAST_FLOW_MS } from '@/shared/config'
import { showToast } from '@/shared/ui'

/** One auth action per 5000 ms (docs/app.md, "Throttles"). */
export const AUTH_THROTTLE_MS = 5_000
/** A new code can be asked for 30 s after the last one. */
export const RESEND_AFTER_MS = 30_000

/** The product's words, kept exactly (docs/app.md, "Messages"). */
export const MESSAGES = {
  invalidCredentials: 'Invalid Username or Password',
  signInFailed: 'Failed to SignIn, Please Try Again',
  tryAgain: 'Please Try Again',
  resetFailed: 'Reset Password failed, Please try Again',
} as const

/** The rate-limit flag, set by a 429 from a code request (docs/accounts.md, "Signing in, signing up, guests and resets"). */
export const $otpRateLimit = atom<{ limited: boolean; retryAfterSeconds: number }>({ limited: false, retryAfterSeconds: 0 })

/** When the diner may ask for another code (ms since epoch). */
export const $resendAvailableAt = atom(0)

export const flowToast = (message: string, tone: 'error' | 'success' = 'error') => showToast(message, { tone, durationMs: TOAST_FLOW_MS })

/** The Retry-After seconds of a 429 (the server's, or 10 minutes when it sent none). */
function retryAfterOf(error: unknown): number | undefined {
  const failure = error as { status?: number; response?: Response } | null
  if (failure?.status !== 429) return undefined
  const seconds = error instanceof ApiRefusal ? (error.retryAfterSeconds ?? Number.NaN) : Number(failure.response?.headers.get('Retry-After'))
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 600
}

/**
 * Refusals of a sign-up that are about the account, not the code: the diner acts on them (signs
 * in, uses another email), so they keep the server's words (docs/accounts.md, "Messages of the sign-in screens").
 */
const ACCOUNT_REFUSALS: ReadonlySet<string> = new Set(['mobile_registered', 'email_registered'])

/**
 * Asks the server to text a code. A 429 sets the rate-limit flag, whose notice says when to try
 * again; an account refusal (the number is registered) shows the server's message; every other
 * failure — the code could not be sent, the number was refused, the network — shows
 * `failureMessage`: "Please Try Again" for OTP and SMS, "Reset Password failed, Please try Again"
 * for a reset (docs/accounts.md).
 */
export async function requestCode(send: () => Promise<unknown>, failureMessage: string = MESSAGES.tryAgain): Promise<boolean> {
  try {
    await send()
    $otpRateLimit.set({ limited: false, retryAfterSeconds: 0 })
    $resendAvailableAt.set(Date.now() + RESEND_AFTER_MS)
    return true
  } catch (error) {
    const retryAfterSeconds = retryAfterOf(error)
    if (retryAfterSeconds !== undefined) {
      $otpRateLimit.set({ limited: true, retryAfterSeconds })
      return false
    }
    if (!(error instanceof ApiRefusal)) console.error('Sending a code failed', error)
    flowToast(error instanceof ApiRefusal && ACCOUNT_REFUSALS.has(error.code) ? error.message : failureMessage)
    return false
  }
}

/** What the session keeps of a login response (docs/app.md, "Session on load"). */
export const toSignedInUser = (answer: LoginResponse): SignedInUser => ({
  userId: answer.userId,
  accessToken: answer.accessToken,
  refreshToken: answer.refreshToken,
  userDetails: {
    customerId: answer.customerDetails.customerId,
    firstName: answer.customerDetails.firstName,
    lastName: answer.customerDetails.lastName,
    email: answer.customerDetails.email,
    mobilePhone: answer.customerDetails.mobilePhone,
  },
})
