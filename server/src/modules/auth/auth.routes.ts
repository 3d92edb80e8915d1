import { Hono, type Context } from 'hono'
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
} from '@/shared/api/contracts/auth'
import type { AppDeps } from '../../deps'
import { clientAddress } from '../../lib/client-address'
import { noStore } from '../../lib/http'
import { createRateLimiter, retryAfterHeader } from '../../lib/rate-limit'
import { readJson, validate } from '../../lib/wire'
import { createEmailProvider } from '../../providers/email'
import { createSmsProvider } from '../../providers/sms'
import { createEmailChanges } from '../customers/email-change.service'
import { CALLING_CODES, createAuthService, defaultCallingCode } from './auth.service'
import { CODE_SENDS_PER_CLIENT } from './throttles'
import { optionalCustomer, type CallerVariables } from './tokens'

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

/** Sign-up, sign-in, guest codes, mobile verification, password reset and token rotation (docs/accounts.md). */
export function authRoutes({ db, env }: AppDeps) {
  const limiter = createRateLimiter(db)
  const emailChanges = createEmailChanges(db, { secret: env.TOKEN_SECRET, email: createEmailProvider(db, env), limiter })
  const service = createAuthService(db, { secret: env.TOKEN_SECRET, sms: createSmsProvider(db, env), limiter, emailChanges })
  const caller = optionalCustomer(env.TOKEN_SECRET, db)
  const client = (c: Context) => clientAddress(c, env.TRUST_PROXY)
  /** One more code-sending request of this client; refused with 429 beyond its limit. */
  const countSend = (c: Context) => limiter.take([[CODE_SENDS_PER_CLIENT, client(c)]])
  const router = new Hono<{ Variables: CallerVariables }>()
  for (const path of Object.values(PATHS)) router.use(path, noStore, retryAfterHeader)
  router.use(PATHS.requestOtp, caller).use(PATHS.verifyOtp, caller)

  return router
    .post(PATHS.signup, async (c) => {
      const request = await readJson(c, signupRequest)
      await countSend(c)
      return c.json(await service.signup(request), 201)
    })
    .post(PATHS.login, async (c) => c.json(await service.login(await readJson(c, loginRequest), client(c))))
    .post(PATHS.sendSms, async (c) => {
      const request = await readJson(c, guestSmsRequest)
      await countSend(c)
      return c.json(await service.sendGuestCode(request))
    })
    .post(PATHS.validateOtp, async (c) => {
      const { mobile, otp, purpose } = await readJson(c, validateOtpRequest)
      return c.json(purpose === 'signup' ? await service.validateSignupCode(mobile, otp) : await service.validateGuestCode(mobile, otp))
    })
    .post(PATHS.requestOtp, async (c) => {
      const { mobilePhone } = await readJson(c, requestOtpRequest)
      await countSend(c)
      return c.json(await service.requestMobileCode(mobilePhone, c.get('customerId')))
    })
    .post(PATHS.verifyOtp, async (c) => {
      const { mobilePhone, otp } = await readJson(c, verifyOtpRequest)
      return c.json(await service.verifyMobileCode(mobilePhone, otp, c.get('customerId')))
    })
    .post(PATHS.resetPassword, async (c) => {
      // One path, three steps (docs/accounts.md "Signing in, signing up, guests and resets"): {sendOtp, mobilePhone}, {mobilePhone, otp}, {resetToken, password}.
      const body = await readJson(c, z.unknown())
      const step = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
      if (step.sendOtp !== undefined) {
        const { mobilePhone } = validate(resetInitiateRequest, body)
        await countSend(c)
        return c.json(await service.initiateReset(mobilePhone))
      }
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
