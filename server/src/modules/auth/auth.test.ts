import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  CountriesResponse,
  GuestVerifiedResponse,
  LoginResponse,
  OutboxResponse,
  ResetVerifyResponse,
  TokenRefreshResponse,
  VerifyOtpResponse,
} from '@/shared/api/contracts/auth'
import { createApp } from '../../app'
import { customers, refreshTokens } from '../../db/schema'
import { loadEnv } from '../../env'
import { fixedSite } from '../../site/site-builder'
import { createTestApp, openTestDatabase, type TestApp } from '../../test/harness'
import { callAs, lastEmailedCode, lastTextedCode } from '../../test/signed-in-client'
import { REFRESH_GRACE_MS } from './refresh-tokens'
import { readToken, verifyAccessToken } from './tokens'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ seed: false })
})
afterAll(() => t.close())

let counter = 0
const freshPhone = () => `+1415777${String(1000 + counter++).padStart(4, '0')}`

// From the database: the sandbox's outbox hides real accounts' codes (docs/accounts.md "Demo").
const lastCode = (phone: string) => lastTextedCode(t, phone)

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.request(`/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) })

/** Signs up and activates an account with the code from the outbox. */
async function signUp(password = 'correct horse') {
  const mobilePhone = freshPhone()
  const signup = await t.postJson('/customer/signup', { firstName: 'Asha', lastName: 'Rao', mobilePhone, email: `asha${counter}@example.com`, password })
  expect(signup.status).toBe(201)
  const verified = await t.postJson('/customer/validateOTP/v2', { mobile: mobilePhone, otp: await lastCode(mobilePhone), purpose: 'signup' })
  expect(verified.status).toBe(200)
  return { mobilePhone, password, session: verified.body as LoginResponse }
}

describe('sign-up and sign-in (docs/accounts.md "Signing in, signing up, guests and resets")', () => {
  it('signs up unverified, activates with the code, then signs in with the mobile, or the email once it is proven', async () => {
    const mobilePhone = freshPhone()
    const signup = await post('/customer/signup', { firstName: 'Asha', lastName: 'Rao', mobilePhone, email: 'Asha.Rao@Example.com', password: 'correct horse' })
    expect(signup.status).toBe(201)
    expect(signup.headers.get('Cache-Control')).toBe('no-store')
    expect(await signup.json()).toEqual({ otpRequired: true, mobilePhone })
    const [account] = await t.db.select().from(customers).where(eq(customers.mobilePhone, mobilePhone))
    // The email waits for its own code (docs/accounts.md "Email addresses").
    expect(account).toMatchObject({ isGuest: false, mobileVerifiedAt: null, email: null })
    expect(account!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/)

    // Not active before the code.
    expect((await t.postJson('/customer/login/v2', { mobilePhone, password: 'correct horse' })).status).toBe(401)

    const verified = await t.postJson('/customer/validateOTP/v2', { mobile: mobilePhone, otp: await lastCode(mobilePhone), purpose: 'signup' })
    expect(verified.status).toBe(200)
    const session = verified.body as LoginResponse
    expect(session).toMatchObject({ id: account!.id, userId: account!.id, name: 'Asha Rao', mobilePhone, customerDetails: { customerId: account!.id, firstName: 'Asha', mobileVerified: true } })
    expect((await verifyAccessToken(session.accessToken, t.env.TOKEN_SECRET)).customerId).toBe(account!.id)
    expect(session.refreshToken).toMatch(/^[\w-]{43}$/)

    const byMobile = await t.postJson('/customer/login/v2', { mobilePhone, password: 'correct horse' })
    expect(byMobile.status).toBe(200)
    expect(byMobile.body).toMatchObject({ userId: account!.id, accessToken: expect.any(String), refreshToken: expect.any(String) })
    expect((await t.postJson('/customer/login/v2', { email: 'ASHA.RAO@example.com', password: 'correct horse' })).status).toBe(401)
    const who = { id: account!.id, token: session.accessToken }
    const proven = await callAs(t, who, 'POST', '/customer/email/verify', { code: await lastEmailedCode(t, 'asha.rao@example.com') })
    expect(proven.body).toMatchObject({ email: 'asha.rao@example.com', pendingEmail: null })
    const byEmail = await t.postJson('/customer/login/v2', { email: 'ASHA.RAO@example.com', password: 'correct horse' })
    expect((byEmail.body as LoginResponse).userId).toBe(account!.id)
  })

  it('refuses a second account for a registered mobile with 409', async () => {
    const { mobilePhone } = await signUp()
    const again = await t.postJson('/customer/signup', { firstName: 'Other', mobilePhone, password: 'another pass' })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'mobile_registered' })
  })

  it('answers a wrong password and an unknown account alike: 401 "Invalid Username or Password"', async () => {
    const { mobilePhone } = await signUp()
    const wrong = await t.postJson('/customer/login/v2', { mobilePhone, password: 'wrong password' })
    const unknown = await t.postJson('/customer/login/v2', { mobilePhone: freshPhone(), password: 'wrong password' })
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401)
      expect(response.body).toEqual({ status: 401, code: 'invalid_credentials', message: 'Invalid Username or Password' })
    }
  })

  it('refuses bad input with 400 naming the fields, never 500', async () => {
    const signup = await t.postJson('/customer/signup', { firstName: '', mobilePhone: '555-0100', password: 'short' })
    expect(signup.status).toBe(400)
    const message = (signup.body as { message: string }).message
    expect(message).toMatch(/firstName is required/)
    expect(message).toMatch(/mobilePhone must be an E\.164 number/)
    expect(message).toMatch(/password must be at least 8 characters/)
    const login = await t.postJson('/customer/login/v2', { password: 'x' })
    expect(login.status).toBe(400)
    expect((login.body as { message: string }).message).toMatch(/mobilePhone is required/)
    expect((await t.postRaw('/customer/validateOTP/v2', '{oops')).status).toBe(400)
    expect((await t.postJson('/customer/validateOTP/v2', { mobile: '+14155550100', otp: '12ab56' })).status).toBe(400)
    expect((await t.postJson('/customer/resetPassword', [1, 2])).status).toBe(400)
    expect((await t.postJson('/customer/token/refresh', {})).status).toBe(400)
    expect(t.errors).toEqual([])
  })
})

describe('guest verification (docs/accounts.md "Guests")', () => {
  it('creates the guest customer, texts a code and verifies it', async () => {
    const mobile = freshPhone()
    const sent = await t.postJson('/customer/sendSMS', { fullName: 'Ravi Kumar', mobile, email: '', countryCode: 'US' })
    expect(sent.status).toBe(200)
    const [guest] = await t.db.select().from(customers).where(eq(customers.mobilePhone, mobile))
    expect(guest).toMatchObject({ isGuest: true, firstName: 'Ravi', lastName: 'Kumar', email: null, mobileVerifiedAt: null })

    const wrong = await t.postJson('/customer/validateOTP/v2', { mobile, otp: '000000' === (await lastCode(mobile)) ? '111111' : '000000' })
    expect(wrong.status).toBe(400)
    const verified = await t.postJson('/customer/validateOTP/v2', { mobile, otp: await lastCode(mobile) })
    expect(verified.status).toBe(200)
    const body = verified.body as GuestVerifiedResponse
    expect(body).toMatchObject({ userId: guest!.id, guest: true, customerDetails: { customerId: guest!.id, firstName: 'Ravi', isGuest: true, mobileVerified: true } })
    expect(body).not.toHaveProperty('accessToken')
    // The proof is the guest token of this session: the guest and the number, nothing of an account.
    expect(await readToken(body.guestToken, t.env.TOKEN_SECRET)).toEqual({ kind: 'guest', guest: { id: guest!.id, phone: mobile } })
    await expect(verifyAccessToken(body.guestToken, t.env.TOKEN_SECRET)).rejects.toMatchObject({ code: 'unauthenticated' })
  })
})

describe('mobile verification (/v2/customers/auth)', () => {
  it('verifies the signed-in customer\'s new number, and needs no code for a verified one', async () => {
    const { session, mobilePhone } = await signUp()
    const bearer = { Authorization: `Bearer ${session.accessToken}` }
    const own = await post('/v2/customers/auth/request-otp', { mobilePhone }, bearer)
    expect(await own.json()).toEqual({ otpRequired: false, mobilePhone })

    const newNumber = freshPhone()
    const requested = await post('/v2/customers/auth/request-otp', { mobilePhone: newNumber }, bearer)
    expect(await requested.json()).toEqual({ otpRequired: true, mobilePhone: newNumber })
    const verified = await post('/v2/customers/auth/verify-otp', { mobilePhone: newNumber, otp: await lastCode(newNumber) }, bearer)
    expect(verified.status).toBe(200)
    expect(((await verified.json()) as VerifyOtpResponse).customerDetails).toMatchObject({ customerId: session.userId, mobilePhone: newNumber, mobileVerified: true })
  })

  it('refuses a bad bearer token with 401', async () => {
    const response = await post('/v2/customers/auth/request-otp', { mobilePhone: freshPhone() }, { Authorization: 'Bearer nonsense' })
    expect(response.status).toBe(401)
  })
})

describe('refresh tokens (docs/accounts.md "Sessions")', () => {
  it('rotates: the new pair works, the old refresh token is spent', async () => {
    const { session } = await signUp()
    const rotated = await t.postJson('/customer/token/refresh', { refreshToken: session.refreshToken })
    expect(rotated.status).toBe(200)
    const next = rotated.body as TokenRefreshResponse
    expect(next.userId).toBe(session.userId)
    expect(next.refreshToken).not.toBe(session.refreshToken)
    expect((await verifyAccessToken(next.accessToken, t.env.TOKEN_SECRET)).customerId).toBe(session.userId)
    expect((await t.postJson('/customer/token/refresh', { refreshToken: next.refreshToken })).status).toBe(200)
  })

  it('a token replayed after the grace window revokes the whole family, so the newest token stops working too', async () => {
    const { session } = await signUp()
    const next = (await t.postJson('/customer/token/refresh', { refreshToken: session.refreshToken })).body as TokenRefreshResponse
    // Its first use was longer ago than the grace window: a replay, not a second tab.
    await t.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1000) })
      .where(and(eq(refreshTokens.customerId, session.userId), isNotNull(refreshTokens.usedAt)))
    const replay = await t.postJson('/customer/token/refresh', { refreshToken: session.refreshToken })
    expect(replay.status).toBe(401)
    expect(replay.body).toMatchObject({ code: 'unauthenticated' })
    expect((await t.postJson('/customer/token/refresh', { refreshToken: next.refreshToken })).status).toBe(401)
    const family = await t.db.select().from(refreshTokens).where(eq(refreshTokens.customerId, session.userId))
    expect(family.every((row) => row.revokedAt !== null)).toBe(true)
  })

  it('refuses an expired or unknown refresh token', async () => {
    const { session } = await signUp()
    await t.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(refreshTokens.customerId, session.userId))
    expect((await t.postJson('/customer/token/refresh', { refreshToken: session.refreshToken })).status).toBe(401)
    expect((await t.postJson('/customer/token/refresh', { refreshToken: 'x'.repeat(43) })).status).toBe(401)
  })

  it('logout revokes the sign-in (204) and leaves other sign-ins alone', async () => {
    const { session, mobilePhone, password } = await signUp()
    const other = (await t.postJson('/customer/login/v2', { mobilePhone, password })).body as LoginResponse
    const logout = await post('/customer/logout', { refreshToken: session.refreshToken })
    expect(logout.status).toBe(204)
    expect(logout.headers.get('Cache-Control')).toBe('no-store')
    expect((await t.postJson('/customer/token/refresh', { refreshToken: session.refreshToken })).status).toBe(401)
    expect((await t.postJson('/customer/token/refresh', { refreshToken: other.refreshToken })).status).toBe(200)
  })
})

describe('password reset (docs/accounts.md: initiate, verified, complete)', () => {
  it('resets with the texted code; the old password and old sign-ins stop working', async () => {
    const { mobilePhone, session } = await signUp('old password')
    const initiated = await t.postJson('/customer/resetPassword', { sendOtp: true, mobilePhone })
    expect(initiated).toMatchObject({ status: 200, body: { otpSent: true } })
    const verified = await t.postJson('/customer/resetPassword', { mobilePhone, otp: await lastCode(mobilePhone) })
    expect(verified.status).toBe(200)
    const { resetToken } = verified.body as ResetVerifyResponse
    const completed = await t.postJson('/customer/resetPassword', { resetToken, password: 'new password' })
    expect(completed).toMatchObject({ status: 200, body: { reset: true } })

    expect((await t.postJson('/customer/login/v2', { mobilePhone, password: 'old password' })).status).toBe(401)
    expect((await t.postJson('/customer/login/v2', { mobilePhone, password: 'new password' })).status).toBe(200)
    expect((await t.postJson('/customer/token/refresh', { refreshToken: session.refreshToken })).status).toBe(401)
    // A reset token works once.
    expect((await t.postJson('/customer/resetPassword', { resetToken, password: 'third password' })).status).toBe(400)
  })

  it('answers an unknown number like a known one and texts nothing', async () => {
    const mobilePhone = freshPhone()
    const initiated = await t.postJson('/customer/resetPassword', { sendOtp: true, mobilePhone })
    expect(initiated).toMatchObject({ status: 200, body: { otpSent: true } })
    expect(((await t.get(`/dev/outbox?phone=${encodeURIComponent(mobilePhone)}`)).body as OutboxResponse).messages).toEqual([])
    expect((await t.postJson('/customer/resetPassword', { mobilePhone, otp: '123456' })).status).toBe(400)
  })
})

describe('GET /customer/getCountry/v2', () => {
  it('lists +1 and +91 and guesses the default from Accept-Language', async () => {
    const plain = (await t.get('/customer/getCountry/v2')).body as CountriesResponse
    expect(plain).toEqual({ countries: [{ country: 'US', callingCode: '+1' }, { country: 'IND', callingCode: '+91' }], defaultCallingCode: '+1' })
    const india = await t.app.request('/api/customer/getCountry/v2', { headers: { 'Accept-Language': 'en-IN,en;q=0.8' } })
    expect(((await india.json()) as CountriesResponse).defaultCallingCode).toBe('+91')
  })
})

describe('GET /api/dev/outbox', () => {
  it('lists the texts to a number, newest first', async () => {
    const mobile = freshPhone()
    await t.postJson('/customer/sendSMS', { fullName: 'Two Codes', mobile, countryCode: 'US' })
    await t.postJson('/customer/sendSMS', { fullName: 'Two Codes', mobile, countryCode: 'US' })
    const outbox = (await t.get(`/dev/outbox?phone=${encodeURIComponent(mobile)}`)).body as OutboxResponse
    expect(outbox.messages).toHaveLength(2)
    expect(outbox.messages[0]!.createdAt >= outbox.messages[1]!.createdAt).toBe(true)
    expect(outbox.messages[0]).toMatchObject({ phone: mobile, provider: 'sandbox', body: expect.stringMatching(/\b\d{6}\b/) })
    expect((await t.get('/dev/outbox?phone=12')).status).toBe(400)
  })

  it('does not exist when SANDBOX is off', async () => {
    const { handle, dispose } = await openTestDatabase()
    try {
      await handle.migrate()
      const staticDir = mkdtempSync(join(tmpdir(), 'tf-static-'))
      const env = loadEnv({ SEED: '0', LOG_LEVEL: 'silent', SANDBOX: '0', STATIC_DIR: staticDir, TOKEN_SECRET: 'a-production-token-secret-of-40-characters', PAYLOAD_KEY: 'a-production-payload-key' })
      const app = createApp({ db: handle.db, env, kind: handle.kind, ping: handle.ping, listen: handle.listen, log: { info: () => {}, error: () => {} }, site: fixedSite(staticDir) })
      const response = await app.request('/api/dev/outbox?phone=%2B14155550100')
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({ code: 'no_such_endpoint' })
    } finally {
      await dispose()
    }
  })
})
