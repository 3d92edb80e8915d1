import { randomUUID } from 'node:crypto'
import { and, eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LoginResponse, ResetVerifyResponse, TokenRefreshResponse } from '@/shared/api/contracts/auth'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { customers, refreshTokens } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, lastTextedCode, type TestCustomer } from '../../test/signed-in-client'
import { hashPassword } from './password'
import { REFRESH_GRACE_MS } from './refresh-tokens'
import { verifyAccessToken } from './tokens'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ seed: false })
})
afterAll(() => t.close())

let counter = 0
const freshPhone = () => `+1415999${String(1000 + counter++).padStart(4, '0')}`
const PASSWORD = 'correct horse'

/** A registered account, and a sign-in of it by password. */
async function signedIn(): Promise<{ mobilePhone: string; session: LoginResponse }> {
  const mobilePhone = freshPhone()
  await t.db.insert(customers).values({ firstName: 'Sam', mobilePhone, passwordHash: await hashPassword(PASSWORD), mobileVerifiedAt: new Date() })
  const login = await t.postJson('/customer/login/v2', { mobilePhone, password: PASSWORD })
  expect(login.status).toBe(200)
  return { mobilePhone, session: login.body as LoginResponse }
}

const refresh = (refreshToken: string) => t.postJson('/customer/token/refresh', { refreshToken })
const asCustomer = (userId: string, accessToken: string): TestCustomer => ({ id: userId, token: accessToken })
const profileStatus = async (userId: string, accessToken: string) => (await callAs(t, asCustomer(userId, accessToken), 'POST', '/customer/profile/v2', { id: userId })).status

describe('refresh with a grace window (docs/accounts.md "Sessions")', () => {
  it('two tabs refreshing the same refresh token at once both stay signed in, with new pairs of the same sign-in', async () => {
    const { session } = await signedIn()
    const [one, two] = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)])
    expect([one!.status, two!.status]).toEqual([200, 200])
    const pairs = [one!.body, two!.body] as TokenRefreshResponse[]
    expect(pairs[0]!.refreshToken).not.toBe(pairs[1]!.refreshToken)
    const { sessionId } = await verifyAccessToken(session.accessToken, t.env.TOKEN_SECRET)
    for (const pair of pairs) {
      expect((await verifyAccessToken(pair.accessToken, t.env.TOKEN_SECRET)).sessionId).toBe(sessionId)
      expect(await profileStatus(session.userId, pair.accessToken)).toBe(200)
      // Each tab's new refresh token rotates on as usual.
      expect((await refresh(pair.refreshToken)).status).toBe(200)
    }
    const family = await t.db.select().from(refreshTokens).where(eq(refreshTokens.customerId, session.userId))
    expect(family.every((row) => row.revokedAt === null)).toBe(true)
  })

  it('the same token again within 30 s gets a new pair; after 30 s it is a replay and ends the sign-in, access tokens included', async () => {
    const { session } = await signedIn()
    const first = (await refresh(session.refreshToken)).body as TokenRefreshResponse
    const second = await refresh(session.refreshToken)
    expect(second.status).toBe(200)
    expect(REFRESH_GRACE_MS).toBe(30_000)
    // Move its first use back past the window: presenting it again now is a replay.
    await t.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1) })
      .where(and(eq(refreshTokens.customerId, session.userId), isNotNull(refreshTokens.usedAt)))
    const replay = await refresh(session.refreshToken)
    expect(replay.status).toBe(401)
    expect(replay.body).toMatchObject({ code: 'unauthenticated' })
    for (const pair of [first, second.body as TokenRefreshResponse]) {
      expect((await refresh(pair.refreshToken)).status).toBe(401)
      expect(await profileStatus(session.userId, pair.accessToken)).toBe(401)
    }
  })
})

describe('signing out', () => {
  it('logout ends the access token too, at its next request, on every kind of endpoint; other sign-ins go on', async () => {
    const { mobilePhone, session } = await signedIn()
    const other = (await t.postJson('/customer/login/v2', { mobilePhone, password: PASSWORD })).body as LoginResponse
    expect(await profileStatus(session.userId, session.accessToken)).toBe(200)
    expect((await t.postJson('/customer/logout', { refreshToken: session.refreshToken })).status).toBe(204)

    const profile = await callAs(t, asCustomer(session.userId, session.accessToken), 'POST', '/customer/profile/v2', { id: session.userId })
    expect(profile.status).toBe(401)
    // token_expired: the web app then tries its refresh token, is refused, and signs out.
    expect(profile.body).toEqual({ status: 401, code: 'token_expired', message: 'Your session has ended. Please sign in again.' })
    // Where a token is optional it is not quietly taken for a guest either.
    const totals = await callAs(t, asCustomer(session.userId, session.accessToken), 'POST', '/order/customer/totals', {
      data: encryptPayload({ locationId: randomUUID(), orderTypeCode: 'pickup', items: [] }, t.env.PAYLOAD_KEY),
    })
    expect(totals.status).toBe(401)
    expect(await profileStatus(other.userId, other.accessToken)).toBe(200)
  })

  it('a password reset ends every sign-in of the account, access tokens included', async () => {
    const { mobilePhone, session } = await signedIn()
    const other = (await t.postJson('/customer/login/v2', { mobilePhone, password: PASSWORD })).body as LoginResponse
    await t.postJson('/customer/resetPassword', { sendOtp: true, mobilePhone })
    const { resetToken } = (await t.postJson('/customer/resetPassword', { mobilePhone, otp: await lastTextedCode(t, mobilePhone) })).body as ResetVerifyResponse
    expect((await t.postJson('/customer/resetPassword', { resetToken, password: 'a new password' })).status).toBe(200)
    for (const signIn of [session, other]) {
      expect(await profileStatus(signIn.userId, signIn.accessToken)).toBe(401)
      expect((await refresh(signIn.refreshToken)).status).toBe(401)
    }
  })

  it('a rotation racing a sign-out cannot keep the sign-in alive: one revoked token ends the whole family', async () => {
    const { session } = await signedIn()
    const next = (await refresh(session.refreshToken)).body as TokenRefreshResponse
    // As if a sign-out revoked the family while this newest token was being written.
    await t.db.update(refreshTokens).set({ revokedAt: new Date() }).where(and(eq(refreshTokens.customerId, session.userId), isNotNull(refreshTokens.usedAt)))
    expect(await profileStatus(session.userId, next.accessToken)).toBe(401)
    expect((await refresh(next.refreshToken)).status).toBe(401)
  })
})
