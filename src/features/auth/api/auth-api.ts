import { api, isErrorBody } from '@/shared/api'
import type {
  CountriesResponse,
  GuestSmsRequest,
  GuestVerifiedResponse,
  LoginRequest,
  LoginResponse,
  OtpSentResponse,
  ResetVerifyResponse,
  SignupRequest,
} from '@/shared/api'

export const signIn = (credentials: LoginRequest) => api.post<LoginResponse>('/customer/login/v2', credentials)

export const signUp = (request: SignupRequest) => api.post<OtpSentResponse>('/customer/signup', request)

export const sendGuestCode = (guest: GuestSmsRequest) => api.post<OtpSentResponse>('/customer/sendSMS', guest)

export const validateSignupCode = (mobile: string, otp: string) =>
  api.post<LoginResponse>('/customer/validateOTP/v2', { mobile, otp, purpose: 'signup' })

export const validateGuestCode = (mobile: string, otp: string) =>
  api.post<GuestVerifiedResponse>('/customer/validateOTP/v2', { mobile, otp, purpose: 'guest' })

export const initiateReset = (mobilePhone: string) => api.post<{ otpSent: true }>('/customer/resetPassword', { sendOtp: true, mobilePhone })

export const verifyReset = (mobilePhone: string, otp: string) => api.post<ResetVerifyResponse>('/customer/resetPassword', { mobilePhone, otp })

export const completeReset = (resetToken: string, password: string) =>
  api.post<{ reset: true }>('/customer/resetPassword', { resetToken, password })

/** The calling codes the platform takes, and a default for this browser. */
export async function loadCallingCodes(): Promise<CountriesResponse | undefined> {
  const answer = await api.get<CountriesResponse>('/customer/getCountry/v2')
  return isErrorBody(answer) ? undefined : answer
}
