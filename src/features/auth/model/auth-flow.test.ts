// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { $session } from '@/entities/session'
import { ApiRefusal } from '@/shared/api'
import { $toasts } from '@/shared/ui'
import { initiateReset, signIn } from '../api/auth-api'
import { rateLimitMessage } from '../lib/phone-number'
import { $otpRateLimit, $resendAvailableAt, requestCode } from './auth-flow'
import { $reset, restartReset, startReset } from './reset-password'
import { $signIn, submitSignIn } from './sign-in'

vi.mock('../api/auth-api', () => ({ signIn: vi.fn(), initiateReset: vi.fn() }))
vi.mock('@/shared/routes', () => ({ redirectToPath: vi.fn(), navigate: vi.fn(), pathTo: (name: string) => `/${name}` }))

const lastToast = () => $toasts.get().at(-1)?.message

beforeEach(() => {
  localStorage.clear()
  $session.set({ status: 'guest' })
  submitSignIn.release()
})

describe('sign-in messages (docs/app.md, "Messages")', () => {
  it('a refusal (401 invalid_credentials) is "Invalid Username or Password"', async () => {
    vi.mocked(signIn).mockRejectedValue(new ApiRefusal({ status: 401, code: 'invalid_credentials', message: 'Invalid Username or Password' }))
    expect(await submitSignIn({ mobilePhone: '+14155550100', password: 'wrong pass' })).toBe(false)
    expect($signIn.get()).toMatchObject({ loading: false, error: 'Invalid Username or Password' })
    expect(lastToast()).toBe('Invalid Username or Password')
  })

  it('an error is "Failed to SignIn, Please Try Again"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.mocked(signIn).mockRejectedValue(new TypeError('Failed to fetch'))
    expect(await submitSignIn({ email: 'a@example.com', password: 'whatever1' })).toBe(false)
    expect(lastToast()).toBe('Failed to SignIn, Please Try Again')
  })

  it('too many attempts (429) or too many sign-ins at once (503) show the server’s message, which says when to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const body of [
      { status: 429, code: 'rate_limited', message: 'Too many sign-in attempts. Try again in 12 minutes.' },
      { status: 503, code: 'try_again', message: 'Many people are signing in right now. Please try again in a moment.' },
    ]) {
      submitSignIn.release()
      vi.mocked(signIn).mockRejectedValue(new ApiRefusal(body))
      expect(await submitSignIn({ mobilePhone: '+14155550100', password: 'whatever1' })).toBe(false)
      expect(lastToast()).toBe(body.message)
    }
  })

  it('a login response signs in, and a second try within 5000 ms is dropped', async () => {
    vi.mocked(signIn).mockResolvedValue({
      id: 'c-1',
      userId: 'c-1',
      name: 'Asha Rao',
      mobilePhone: '+14155550100',
      accessToken: 'access',
      refreshToken: 'refresh',
      customerDetails: { customerId: 'c-1', firstName: 'Asha', lastName: 'Rao', email: null, mobilePhone: '+14155550100', countryCode: 'US', mobileVerified: true, isGuest: false },
    })
    expect(await submitSignIn({ mobilePhone: '+14155550100', password: 'right pass' })).toBe(true)
    expect($session.get()).toMatchObject({ status: 'signedIn', userId: 'c-1', user: { firstName: 'Asha' } })
    expect(submitSignIn({ mobilePhone: '+14155550100', password: 'right pass' })).toBeUndefined()

  })
})

describe('code requests (docs/accounts.md, "Signing in, signing up, guests and resets")', () => {
  it('a 429 sets the rate-limit flag with the Retry-After seconds, and the notice says when to try again', async () => {
    const tooMany = new ApiRefusal({ status: 429, code: 'rate_limited', message: 'Too many codes requested. Try again in 7 minutes.' }, new Headers({ 'Retry-After': '361' }))
    expect(await requestCode(() => Promise.reject(tooMany))).toBe(false)
    expect($otpRateLimit.get()).toEqual({ limited: true, retryAfterSeconds: 361 })
    expect(rateLimitMessage($otpRateLimit.get().retryAfterSeconds)).toBe('Too many codes requested. Try again in 7 minutes.')
  })

  it('a send-code failure says "Please Try Again", not the server’s text: a refused number, a code that could not be sent, the network', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const failures: (() => Promise<unknown>)[] = [
      () => Promise.reject(new ApiRefusal({ status: 400, code: 'invalid_request', message: 'Invalid request: mobile must be a mobile number in E.164 format.' })),
      () => Promise.reject(new ApiRefusal({ status: 503, code: 'sms_unavailable', message: 'The text message could not be sent.' })),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]
    for (const send of failures) {
      $toasts.set([])
      expect(await requestCode(send)).toBe(false)
      expect(lastToast()).toBe('Please Try Again')
    }
  })

  it('a registered number keeps the server’s message (the diner can sign in instead); a sent code clears the flag and starts the 30 s resend wait', async () => {
    expect(await requestCode(() => Promise.reject(new ApiRefusal({ status: 409, code: 'mobile_registered', message: 'This mobile number is already registered. Please sign in.' })))).toBe(false)
    expect(lastToast()).toBe('This mobile number is already registered. Please sign in.')
    expect(await requestCode(async () => ({ otpRequired: true, mobilePhone: '+14155550100' }))).toBe(true)
    expect($otpRateLimit.get().limited).toBe(false)
    expect($resendAvailableAt.get() - Date.now()).toBeGreaterThan(29_000)
  })

  it('reset step 1 that fails says "Reset Password failed, Please try Again" and stays on the mobile step', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    restartReset()
    for (const failure of [
      () => Promise.reject(new ApiRefusal({ status: 400, code: 'invalid_request', message: 'Invalid request: mobilePhone must be a mobile number.' })),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      $toasts.set([])
      vi.mocked(initiateReset).mockImplementationOnce(failure as never)
      expect(await startReset('+14155550100')).toBe(false)
      expect(lastToast()).toBe('Reset Password failed, Please try Again')
      expect($reset.get().step).toBe('mobile')
    }
    vi.mocked(initiateReset).mockResolvedValueOnce({ otpSent: true })
    expect(await startReset('+14155550100')).toBe(true)
    expect($reset.get()).toMatchObject({ step: 'code', mobilePhone: '+14155550100' })
  })
})
