import { ApiRefusal, call } from '@/shared/api'
import type { GuestSmsRequest, GuestVerifiedResponse, LoginRequest, LoginResponse, SignupRequest, ValidateOtpResponse } from '@/shared/api'

export const signIn = (credentials: LoginRequest) => call('POST /customer/login/v2', { body: credentials })

export const signUp = (request: SignupRequest) => call('POST /customer/signup', { body: request })

export const sendGuestCode = (guest: GuestSmsRequest) => call('POST /customer/sendSMS', { body: guest })

const isGuestProof = (answer: ValidateOtpResponse): answer is GuestVerifiedResponse => 'guest' in answer

/** A new account's code signs it in (the server answers a guest's proof only for purpose 'guest'). */
export async function validateSignupCode(mobile: string, otp: string): Promise<LoginResponse> {
  const answer = await call('POST /customer/validateOTP/v2', { body: { mobile, otp, purpose: 'signup' } })
  if (isGuestProof(answer)) throw new Error('A sign-up code was answered with a guest proof')
  return answer
}

export async function validateGuestCode(mobile: string, otp: string): Promise<GuestVerifiedResponse> {
  const answer = await call('POST /customer/validateOTP/v2', { body: { mobile, otp, purpose: 'guest' } })
  if (!isGuestProof(answer)) throw new Error('A guest code was answered with a sign-in')
  return answer
}

export const initiateReset = (mobilePhone: string) => call('POST /customer/resetPassword', { body: { sendOtp: true, mobilePhone } })

export const verifyReset = async (mobilePhone: string, otp: string) => {
  const answer = await call('POST /customer/resetPassword', { body: { mobilePhone, otp } })
  if (!('resetToken' in answer)) throw new Error('A reset code was answered without a reset token')
  return answer
}

export const completeReset = (resetToken: string, password: string) => call('POST /customer/resetPassword', { body: { resetToken, password } })

/** The calling codes the platform takes, and a default for this browser; undefined when refused. */
export const loadCallingCodes = () =>
  call('GET /customer/getCountry/v2', {}).catch((error: unknown) => {
    if (error instanceof ApiRefusal) return undefined
    throw error
  })
