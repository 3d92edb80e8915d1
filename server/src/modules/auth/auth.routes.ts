import type { Context } from 'hono'
import type { AppDeps } from '../../deps'
import { clientAddress } from '../../lib/client-address'
import { endpointRouter, reply } from '../../lib/endpoint'
import { noStore } from '../../lib/http'
import { createRateLimiter, retryAfterHeader } from '../../lib/rate-limit'
import { createEmailProvider } from '../../providers/email'
import { createSmsProvider } from '../../providers/sms'
import { createEmailChanges } from '../customers/email-change.service'
import { CALLING_CODES, defaultCallingCode } from './accounts'
import { sendGuestCode, validateGuestCode } from './guest'
import { login, logout, refresh } from './login'
import { requestMobileCode, verifyMobileCode } from './mobile'
import { completeReset, initiateReset, verifyReset } from './reset'
import { signup, validateSignupCode } from './signup'
import { CODE_SENDS_PER_CLIENT } from './throttles'

const PATHS = [
  '/customer/signup',
  '/customer/login/v2',
  '/customer/sendSMS',
  '/customer/validateOTP/v2',
  '/customer/resetPassword',
  '/customer/getCountry/v2',
  '/customer/token/refresh',
  '/customer/logout',
  '/v2/customers/auth/request-otp',
  '/v2/customers/auth/verify-otp',
] as const

/**
 * Sign-up, sign-in, guest codes, mobile verification, password reset and token rotation
 * (docs/accounts.md), mounted from the endpoint map (src/shared/api/contracts/auth.ts).
 */
export function authRoutes(deps: AppDeps) {
  const { db, env } = deps
  const limiter = createRateLimiter(db)
  const emailChanges = createEmailChanges(db, { secret: env.TOKEN_SECRET, email: createEmailProvider(db, env), limiter })
  const secret = env.TOKEN_SECRET
  const otp = { secret, sms: createSmsProvider(db, env) }
  const auth = { ...otp, limiter, emailChanges }
  const client = (c: Context) => clientAddress(c, env.TRUST_PROXY)
  /** One more code-sending request of this client; refused with 429 beyond its limit. */
  const countSend = (c: Context) => limiter.take([[CODE_SENDS_PER_CLIENT, client(c)]])
  const endpoints = endpointRouter(deps)
  // Before the guard, as before the map: a refused token's 401 is no-store too; a 429 says when to come back.
  for (const path of PATHS) endpoints.router.use(path, noStore, retryAfterHeader)

  return endpoints
    .mount('POST /customer/signup', async (c, { body }) => {
      await countSend(c)
      return reply(await signup(db, auth, body), 201)
    })
    .mount('POST /customer/login/v2', async (c, { body }) => login(db, auth, body, client(c)))
    .mount('POST /customer/sendSMS', async (c, { body }) => {
      await countSend(c)
      return sendGuestCode(db, otp, body)
    })
    .mount('POST /customer/validateOTP/v2', async (_c, { body: { mobile, otp, purpose } }) =>
      purpose === 'signup' ? validateSignupCode(db, secret, mobile, otp) : validateGuestCode(db, secret, mobile, otp),
    )
    .mount('POST /v2/customers/auth/request-otp', async (c, { body }) => {
      await countSend(c)
      return requestMobileCode(db, otp, body.mobilePhone, c.get('customerId'))
    })
    .mount('POST /v2/customers/auth/verify-otp', async (c, { body }) => verifyMobileCode(db, secret, body.mobilePhone, body.otp, c.get('customerId')))
    .mount('POST /customer/resetPassword', async (c, { body }) => {
      // One path, three steps (docs/accounts.md "Signing in, signing up, guests and resets"), told apart by the contract.
      if ('sendOtp' in body) {
        await countSend(c)
        return initiateReset(db, otp, body.mobilePhone)
      }
      if ('resetToken' in body) return completeReset(db, body.resetToken, body.password)
      return verifyReset(db, secret, body.mobilePhone, body.otp)
    })
    .mount('GET /customer/getCountry/v2', (c) => ({ countries: CALLING_CODES, defaultCallingCode: defaultCallingCode(c.req.header('Accept-Language')) }))
    .mount('POST /customer/token/refresh', async (_c, { body }) => refresh(db, secret, body.refreshToken))
    .mount('POST /customer/logout', async (c, { body }) => {
      await logout(db, body.refreshToken)
      return c.body(null, 204)
    }).router
}
