import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import {
  guestSmsRequest,
  loginRequest,
  refreshRequest,
  requestOtpRequest,
  resetCompleteRequest,
  resetInitiateRequest,
  resetVerifyRequest,
  signupRequest,
  validateOtpRequest,
  verifyOtpRequest,
} from '../../../../src/shared/api/contracts/auth'
import type { AppDeps } from '../../app'
import { readJson, validate } from '../../lib/wire'
import { createSmsProvider } from '../../providers/sms'
import { CALLING_CODES, createAuthService, defaultCallingCode } from './auth.service'
import { OtpRateLimited } from './otp.service'
import { unauthenticated, verifyAccessToken } from './tokens'

const PATHS = {
  signup: '/customer/signup',
  login: '/customer/login/v2',
  sendSms: '/customer/sendSMS',
  validateOtp: '/customer/validateOTP/v2',
  resetPassword: '/customer/resetPassword',
  countries: '/customer/getCountry/v2',
  refresh: '/customer/token/refresh',
  logout: '/customer/logout',
  requestOtp: '/v2/customers/auth/request-otp',
  verifyOtp: '/v2/customers/auth/verify-otp',
} as const

/** Auth answers are never cached; a rate-limited send says when to try again (DESIGN §5). */
const authResponse: MiddlewareHandler = async (c, next) => {
  await next()
  c.header('Cache-Control', 'no-store')
  if (c.error instanceof OtpRateLimited) c.header('Retry-After', String(c.error.retryAfterSeconds))
}

/** The customer of an optional bearer token; a token that is present must be valid. */
async function optionalCustomer(c: Context, secret: string): Promise<string | undefined> {
  const header = c.req.header('Authorization')
  if (!header) return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!match) throw unauthenticated()
  return verifyAccessToken(match[1]!, secret)
}

/** Sign-up, sign-in, guest codes, mobile verification, password reset and token rotation (SPEC §7). */
export function authRoutes({ db, env }: AppDeps) {
  const service = createAuthService(db, { secret: env.TOKEN_SECRET, sms: createSmsProvider(db, env) })
  const router = new Hono()
  for (const path of Object.values(PATHS)) router.use(path, authResponse)

  return router
    .post(PATHS.signup, async (c) => c.json(await service.signup(await readJson(c, signupRequest)), 201))
    .post(PATHS.login, async (c) => c.json(await service.login(await readJson(c, loginRequest))))
    .post(PATHS.sendSms, async (c) => c.json(await service.sendGuestCode(await readJson(c, guestSmsRequest))))
    .post(PATHS.validateOtp, async (c) => {
      const { mobile, otp, purpose } = await readJson(c, validateOtpRequest)
      return c.json(purpose === 'signup' ? await service.validateSignupCode(mobile, otp) : await service.validateGuestCode(mobile, otp))
    })
    .post(PATHS.requestOtp, async (c) => {
      const customerId = await optionalCustomer(c, env.TOKEN_SECRET)
      const { mobilePhone } = await readJson(c, requestOtpRequest)
      return c.json(await service.requestMobileCode(mobilePhone, customerId))
    })
    .post(PATHS.verifyOtp, async (c) => {
      const customerId = await optionalCustomer(c, env.TOKEN_SECRET)
      const { mobilePhone, otp } = await readJson(c, verifyOtpRequest)
      return c.json(await service.verifyMobileCode(mobilePhone, otp, customerId))
    })
    .post(PATHS.resetPassword, async (c) => {
      // One path, three steps (SPEC §4): {sendOtp, mobilePhone}, {mobilePhone, otp}, {resetToken, password}.
      const body = await readJson(c, z.unknown())
      const step = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
      if (step.sendOtp !== undefined) return c.json(await service.initiateReset(validate(resetInitiateRequest, body).mobilePhone))
      if (step.resetToken !== undefined) {
        const { resetToken, password } = validate(resetCompleteRequest, body)
        return c.json(await service.completeReset(resetToken, password))
      }
      const { mobilePhone, otp } = validate(resetVerifyRequest, body)
      return c.json(await service.verifyReset(mobilePhone, otp))
    })
    .get(PATHS.countries, (c) => c.json({ countries: CALLING_CODES, defaultCallingCode: defaultCallingCode(c.req.header('Accept-Language')) }))
    .post(PATHS.refresh, async (c) => c.json(await service.refresh((await readJson(c, refreshRequest)).refreshToken)))
    .post(PATHS.logout, async (c) => {
      await service.logout((await readJson(c, refreshRequest)).refreshToken)
      return c.body(null, 204)
    })
}
