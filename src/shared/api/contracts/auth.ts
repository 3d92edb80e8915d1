import { z } from 'zod'
import { defineEndpoints } from './endpoint'
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

type ResetStep = z.output<typeof resetInitiateRequest> | z.output<typeof resetVerifyRequest> | z.output<typeof resetCompleteRequest>
export type ResetPasswordRequest = ResetInitiateRequest | ResetVerifyRequest | ResetCompleteRequest

/** POST /customer/resetPassword: one path, three steps told apart by their fields (docs/accounts.md "Signing in, signing up, guests and resets"). */
export const resetPasswordRequest = z
  .unknown()
  .transform((body, context) => {
    const step = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
    const schema = step.sendOtp !== undefined ? resetInitiateRequest : step.resetToken !== undefined ? resetCompleteRequest : resetVerifyRequest
    const result = schema.safeParse(body)
    if (result.success) return result.data
    // The step's own messages, as when each step was validated on its own.
    for (const issue of result.error.issues) context.issues.push({ ...issue, input: body } as (typeof context.issues)[number])
    return z.NEVER
  })
  .meta({
    id: 'ResetPasswordRequest',
    description:
      'One of three steps: {sendOtp: true, mobilePhone} texts a code; {mobilePhone, otp} answers a reset token; {resetToken, password} sets the password. `sendOtp` picks the first, `resetToken` the third, anything else the second.',
  }) as unknown as z.ZodType<ResetStep, ResetPasswordRequest>

/** What the app stores as user details (docs/accounts.md "Stored on the device"). */
export const customerDetails = z
  .strictObject({
    customerId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    mobilePhone: z.string(),
    countryCode: z.string(),
    mobileVerified: z.boolean(),
    isGuest: z.boolean(),
  })
  .meta({ id: 'CustomerDetails' })

/** The tokens of a sign-in, and the customer's details (docs/accounts.md "Sessions"). */
export const loginResponse = z
  .strictObject({
    id: z.uuid(),
    userId: z.uuid(),
    name: z.string(),
    mobilePhone: z.string(),
    accessToken: z.string(),
    refreshToken: z.string(),
    customerDetails,
  })
  .meta({ id: 'LoginResponse' })

/** A code was sent (or, for a number already verified, none is needed). */
export const otpSentResponse = z.strictObject({ otpRequired: z.boolean(), mobilePhone: z.string() }).meta({ id: 'OtpSentResponse' })

/**
 * validateOTP/v2 for a guest. `guestToken` proves the number for this guest session only: sent as
 * `Authorization: Bearer` when placing an order or checking in as that guest (docs/accounts.md "Guests").
 */
export const guestVerifiedResponse = z
  .strictObject({ userId: z.uuid(), guest: z.literal(true), guestToken: z.string(), customerDetails })
  .meta({ id: 'GuestVerifiedResponse' })

/** A guest's code answers the guest's proof; a new account's code signs it in. */
export const validateOtpResponse = z.union([guestVerifiedResponse, loginResponse]).meta({ id: 'ValidateOtpResponse' })

/** verify-otp: the customer with that number, with its id; null when no customer has it. */
export const verifyOtpResponse = z
  .strictObject({ verified: z.literal(true), customerDetails: customerDetails.nullable() })
  .meta({ id: 'VerifyOtpResponse' })

export const resetInitiateResponse = z.strictObject({ otpSent: z.literal(true) }).meta({ id: 'ResetInitiateResponse' })
export const resetVerifyResponse = z.strictObject({ resetToken: z.string() }).meta({ id: 'ResetVerifyResponse' })
export const resetCompleteResponse = z.strictObject({ reset: z.literal(true) }).meta({ id: 'ResetCompleteResponse' })
export const resetPasswordResponse = z
  .union([resetInitiateResponse, resetVerifyResponse, resetCompleteResponse])
  .meta({ id: 'ResetPasswordResponse', description: 'The answer of the step: {otpSent}, {resetToken} or {reset}.' })

export const tokenRefreshResponse = z
  .strictObject({ userId: z.uuid(), accessToken: z.string(), refreshToken: z.string() })
  .meta({ id: 'TokenRefreshResponse' })

export const callingCode = z.strictObject({ country: z.enum(COUNTRY_CODES), callingCode: z.string() }).meta({ id: 'CallingCode' })
export const countriesResponse = z
  .strictObject({ countries: z.array(callingCode), defaultCallingCode: z.string() })
  .meta({ id: 'CountriesResponse' })

/** 204: nothing to say. */
export const noContent = z.null().meta({ description: 'No content.' })

export type CustomerDetails = z.output<typeof customerDetails>
export type LoginResponse = z.output<typeof loginResponse>
export type OtpSentResponse = z.output<typeof otpSentResponse>
export type GuestVerifiedResponse = z.output<typeof guestVerifiedResponse>
export type ValidateOtpResponse = z.output<typeof validateOtpResponse>
export type VerifyOtpResponse = z.output<typeof verifyOtpResponse>
export type ResetInitiateResponse = z.output<typeof resetInitiateResponse>
export type ResetVerifyResponse = z.output<typeof resetVerifyResponse>
export type ResetCompleteResponse = z.output<typeof resetCompleteResponse>
export type TokenRefreshResponse = z.output<typeof tokenRefreshResponse>
export type CallingCode = z.output<typeof callingCode>
export type CountriesResponse = z.output<typeof countriesResponse>

const CODE_SENDS = ['rate_limited'] as const

/**
 * Sign-up, sign-in, guest codes, mobile verification, password reset and token rotation
 * (docs/accounts.md). No-store although most take no token: every answer is personal.
 */
export const authEndpoints = defineEndpoints({
  'POST /customer/signup': {
    auth: 'none',
    wire: 'json',
    tag: 'auth',
    summary: 'Creates an unverified account and texts the sign-up code to its mobile',
    body: signupRequest,
    response: otpSentResponse,
    statuses: [201],
    errors: [...CODE_SENDS, 'mobile_registered', 'email_registered'],
    cache: 'no-store',
  },
  'POST /customer/login/v2': {
    auth: 'none',
    wire: 'json',
    tag: 'auth',
    summary: 'Signs in with the mobile number or the email, and the password',
    body: loginRequest,
    response: loginResponse,
    errors: ['invalid_credentials', 'rate_limited'],
    cache: 'no-store',
  },
  'POST /customer/sendSMS': {
    auth: 'none',
    wire: 'json',
    tag: 'auth',
    summary: 'Texts a guest’s code to the mobile',
    body: guestSmsRequest,
    response: otpSentResponse,
    errors: [...CODE_SENDS],
    cache: 'no-store',
  },
  'POST /customer/validateOTP/v2': {
    auth: 'none',
    wire: 'json',
    tag: 'auth',
    summary: 'Checks a guest’s code (the guest’s proof) or a new account’s (signs it in)',
    body: validateOtpRequest,
    response: validateOtpResponse,
    errors: ['otp_invalid', 'mobile_registered', 'email_registered'],
    cache: 'no-store',
  },
  'POST /v2/customers/auth/request-otp': {
    auth: 'optional',
    wire: 'json',
    tag: 'auth',
    summary: 'Texts a code proving a mobile number; none when the signed-in customer’s number is verified',
    body: requestOtpRequest,
    response: otpSentResponse,
    errors: [...CODE_SENDS],
  },
  'POST /v2/customers/auth/verify-otp': {
    auth: 'optional',
    wire: 'json',
    tag: 'auth',
    summary: 'Checks the code of request-otp; answers the customer with that number, if any',
    body: verifyOtpRequest,
    response: verifyOtpResponse,
    errors: ['otp_invalid', 'mobile_registered'],
  },
  'POST /customer/resetPassword': {
    auth: 'none',
    wire: 'json',
    tag: 'auth',
    summary: 'Password reset: text a code, exchange it for a reset token, set the password',
    body: resetPasswordRequest,
    response: resetPasswordResponse,
    errors: [...CODE_SENDS, 'otp_invalid', 'reset_token_invalid'],
    cache: 'no-store',
  },
  'GET /customer/getCountry/v2': {
    auth: 'none',
    wire: 'json',
    tag: 'auth',
    summary: 'The calling codes the platform takes, and a default for the browser’s languages',
    response: countriesResponse,
    errors: [],
    cache: 'no-store',
  },
  'POST /customer/token/refresh': {
    auth: 'none',
    wire: 'json',
    tag: 'auth',
    summary: 'Rotates a refresh token: new access and refresh tokens, the old refresh token spent',
    body: refreshRequest,
    response: tokenRefreshResponse,
    errors: ['unauthenticated'],
    cache: 'no-store',
  },
  'POST /customer/logout': {
    auth: 'none',
    wire: 'json',
    tag: 'auth',
    summary: 'Ends the sign-in of a refresh token (204, also when it had already ended)',
    body: refreshRequest,
    response: noContent,
    statuses: [204],
    errors: [],
    cache: 'no-store',
  },
})

/** GET /dev/outbox and /dev/email-outbox (sandbox only): contracts/dev.ts. */
export type { EmailOutboxResponse, OutboxResponse } from './dev'
