import { z } from 'zod'
import { phone, requiredText } from './fields'

const mobile = phone()
const otp = z.string().trim().regex(/^\d{6}$/, 'must be the 6 digits of the code')
const password = z.string().min(8, 'must be at least 8 characters').max(128, 'is too long')
/** An empty email field means "no email" (docs/accounts.md "Email addresses": a guest email is kept only when given). */
const optionalEmail = z
  .union([z.literal(''), z.email('must be an email address')])
  .optional()
  .transform((value) => (value ? value.toLowerCase() : undefined))

/** The countries the app signs diners up in (docs/accounts.md "Phone numbers"). */
export const COUNTRY_CODES = ['US', 'IND'] as const
export type CountryCode = (typeof COUNTRY_CODES)[number]

/** POST /customer/signup: an unverified account; the 'signup' code sent to the mobile activates it. */
export const signupRequest = z.object({
  firstName: requiredText(60),
  lastName: z.string().trim().max(60, 'is too long').default(''),
  mobilePhone: mobile,
  email: optionalEmail,
  password,
})

/** POST /customer/login/v2: the mobile number or the email, and the password. */
export const loginRequest = z
  .object({
    mobilePhone: mobile.optional(),
    email: z.email('must be an email address').optional(),
    password: z.string().min(1, 'is required').max(128, 'is too long'),
  })
  .refine((credentials) => credentials.mobilePhone || credentials.email, {
    message: 'is required (or email)',
    path: ['mobilePhone'],
  })

/** POST /customer/sendSMS: a guest's name, mobile and email, and the country of the number. */
export const guestSmsRequest = z.object({
  fullName: requiredText(120),
  mobile,
  email: optionalEmail,
  countryCode: z.enum(COUNTRY_CODES, 'must be US or IND'),
})

export const OTP_PURPOSES = ['guest', 'signup'] as const

/** POST /customer/validateOTP/v2: a guest's or a new account's code. */
export const validateOtpRequest = z.object({
  mobile,
  otp,
  purpose: z.enum(OTP_PURPOSES, 'must be guest or signup').default('guest'),
})

/** POST /v2/customers/auth/request-otp: prove a mobile number (optionally signed in). */
export const requestOtpRequest = z.object({ mobilePhone: mobile })

/** POST /v2/customers/auth/verify-otp. */
export const verifyOtpRequest = z.object({ mobilePhone: mobile, otp })

/** POST /customer/resetPassword, step 1: send a code to the mobile. */
export const resetInitiateRequest = z.object({ sendOtp: z.literal(true), mobilePhone: mobile })
/** Step 2: the code → a reset token. */
export const resetVerifyRequest = z.object({ mobilePhone: mobile, otp })
/** Step 3: the reset token and the new password. */
export const resetCompleteRequest = z.object({ resetToken: z.string().min(20, 'is not a reset token').max(200), password })

/** POST /customer/token/refresh and POST /customer/logout. */
export const refreshRequest = z.object({ refreshToken: z.string().min(1, 'is required').max(200, 'is not a refresh token') })

export type SignupRequest = z.input<typeof signupRequest>
export type LoginRequest = z.input<typeof loginRequest>
export type GuestSmsRequest = z.input<typeof guestSmsRequest>
export type ValidateOtpRequest = z.input<typeof validateOtpRequest>
export type RequestOtpRequest = z.input<typeof requestOtpRequest>
export type VerifyOtpRequest = z.input<typeof verifyOtpRequest>
export type ResetInitiateRequest = z.input<typeof resetInitiateRequest>
export type ResetVerifyRequest = z.input<typeof resetVerifyRequest>
export type ResetCompleteRequest = z.input<typeof resetCompleteRequest>
export type RefreshRequest = z.input<typeof refreshRequest>

/** What the app stores as user details (docs/accounts.md "Stored on the device"). */
export type CustomerDetails = {
  customerId: string
  firstName: string
  lastName: string
  email: string | null
  mobilePhone: string
  countryCode: string
  mobileVerified: boolean
  isGuest: boolean
}

/** The tokens of a sign-in, and the customer's details (docs/accounts.md "Sessions"). */
export type LoginResponse = {
  id: string
  userId: string
  name: string
  mobilePhone: string
  accessToken: string
  refreshToken: string
  customerDetails: CustomerDetails
}

/** A code was sent (or, for a number already verified, none is needed). */
export type OtpSentResponse = { otpRequired: boolean; mobilePhone: string }

/**
 * validateOTP/v2 for a guest. `guestToken` proves the number for this guest session only: sent as
 * `Authorization: Bearer` when placing an order or checking in as that guest (docs/accounts.md "Guests").
 */
export type GuestVerifiedResponse = { userId: string; guest: true; guestToken: string; customerDetails: CustomerDetails }

export type ValidateOtpResponse = GuestVerifiedResponse | LoginResponse

/** verify-otp: the customer with that number, with its id; null when no customer has it. */
export type VerifyOtpResponse = { verified: true; customerDetails: CustomerDetails | null }

export type ResetInitiateResponse = { otpSent: true }
export type ResetVerifyResponse = { resetToken: string }
export type ResetCompleteResponse = { reset: true }

export type TokenRefreshResponse = { userId: string; accessToken: string; refreshToken: string }

export type CallingCode = { country: CountryCode; callingCode: string }
export type CountriesResponse = { countries: CallingCode[]; defaultCallingCode: string }

/** GET /dev/outbox (sandbox only): the texts sent to a number, newest first; none for a non-demo account's number. */
export type OutboxResponse = { messages: { phone: string; body: string; provider: string; createdAt: string }[] }

/** GET /dev/email-outbox (sandbox only): the emails sent to an address, newest first; none for a non-demo account's address. */
export type EmailOutboxResponse = { messages: { email: string; subject: string; body: string; provider: string; createdAt: string }[] }
