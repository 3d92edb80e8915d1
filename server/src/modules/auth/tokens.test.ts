import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { sign } from 'hono/jwt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { startSession } from './sessions'
import {
  ACCESS_TOKEN_TTL_SECONDS,
  GUEST_TOKEN_TTL_SECONDS,
  optionalCustomer,
  readToken,
  requireCustomer,
  signAccessToken,
  signGuestToken,
  verifyAccessToken,
  type CallerVariables,
  type CustomerVariables,
} from './tokens'

const secret = 'a-test-secret-that-is-at-least-32-characters'
const customerId = '6f1c2a7e-3b9d-4c1a-9e2f-0a1b2c3d4e5f'
const sessionId = '0d9b7c54-2f1e-4a3b-8c7d-6e5f4a3b2c1d'
const minutes = (n: number) => n * 60_000
const seconds = () => Math.floor(Date.now() / 1000)

const rejection = async (token: string) => {
  try {
    await readToken(token, secret)
  } catch (error) {
    return (error as { status: number; code: string }).code
  }
  return 'accepted'
}

describe('access tokens', () => {
  it('carry the customer id and the sign-in (sid), and expire after 15 minutes', async () => {
    const token = await signAccessToken(customerId, sessionId, secret)
    expect(await verifyAccessToken(token, secret)).toEqual({ customerId, sessionId })
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
    expect(claims).toMatchObject({ sub: customerId, typ: 'access', sid: sessionId })
    expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_TTL_SECONDS)
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(900)
  })

  it('are still good just before the end of their 15 minutes and refused after', async () => {
    expect(await rejection(await signAccessToken(customerId, sessionId, secret, Date.now() - minutes(14)))).toBe('accepted')
    expect(await rejection(await signAccessToken(customerId, sessionId, secret, Date.now() - minutes(16)))).toBe('token_expired')
  })

  it('are refused when tampered with or signed with another secret', async () => {
    const token = await signAccessToken(customerId, sessionId, secret)
    const [header, payload, signature] = token.split('.') as [string, string, string]
    const otherCustomer = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: randomUUID() }),
    ).toString('base64url')
    expect(await rejection(`${header}.${otherCustomer}.${signature}`)).toBe('unauthenticated')
    expect(await rejection(`${header}.${payload}.${signature.slice(0, -4)}AAAA`)).toBe('unauthenticated')
    expect(await rejection(await signAccessToken(customerId, sessionId, 'another-secret-that-is-32-characters-long'))).toBe('unauthenticated')
    expect(await rejection('not-a-token')).toBe('unauthenticated')
  })

  it('are refused with the wrong typ, without an expiry or with alg none', async () => {
    const iat = seconds()
    const refresh = await sign({ sub: customerId, typ: 'refresh', sid: sessionId, iat, exp: iat + 600 }, secret, 'HS256')
    expect(await rejection(refresh)).toBe('unauthenticated')
    const forever = await sign({ sub: customerId, typ: 'access', sid: sessionId, iat }, secret, 'HS256')
    expect(await rejection(forever)).toBe('unauthenticated')
    const none = [{ alg: 'none', typ: 'JWT' }, { sub: customerId, typ: 'access', sid: sessionId, iat, exp: iat + 600 }]
      .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
      .join('.')
    expect(await rejection(`${none}.`)).toBe('unauthenticated')
  })

  it('a token signed with the server secret but living a year is refused, and so is one without a sign-in (sid)', async () => {
    const iat = seconds()
    const yearLong = await sign({ sub: customerId, typ: 'access', sid: sessionId, iat, exp: iat + 365 * 24 * 3600 }, secret, 'HS256')
    expect(await rejection(yearLong)).toBe('unauthenticated')
    const oneSecondTooLong = await sign({ sub: customerId, typ: 'access', sid: sessionId, iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS + 1 }, secret, 'HS256')
    expect(await rejection(oneSecondTooLong)).toBe('unauthenticated')
    const noSid = await sign({ sub: customerId, typ: 'access', iat, exp: iat + 600 }, secret, 'HS256')
    expect(await rejection(noSid)).toBe('unauthenticated')
    const badSid = await sign({ sub: customerId, typ: 'access', sid: 'everyone', iat, exp: iat + 600 }, secret, 'HS256')
    expect(await rejection(badSid)).toBe('unauthenticated')
  })
})

describe('guest tokens', () => {
  const guest = { id: customerId, phone: '+14155550142' }

  it('carry the guest and the proven phone for 12 hours, then say to verify again', async () => {
    const token = await signGuestToken(guest, secret)
    expect(await readToken(token, secret)).toEqual({ kind: 'guest', guest })
    expect(GUEST_TOKEN_TTL_SECONDS).toBe(12 * 3600)
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
    expect(claims).toMatchObject({ sub: guest.id, typ: 'guest', phone: guest.phone })
    expect(claims.exp - claims.iat).toBe(GUEST_TOKEN_TTL_SECONDS)
    const stale = await signGuestToken(guest, secret, Date.now() - minutes(12 * 60 + 1))
    await expect(readToken(stale, secret)).rejects.toMatchObject({ status: 401, code: 'token_expired', message: expect.stringContaining('verify it again') })
  })

  it('are refused as access tokens, with a lifetime over 12 hours, or with a phone that is not one', async () => {
    await expect(verifyAccessToken(await signGuestToken(guest, secret), secret)).rejects.toMatchObject({ code: 'unauthenticated' })
    const iat = seconds()
    const long = await sign({ sub: guest.id, typ: 'guest', phone: guest.phone, iat, exp: iat + GUEST_TOKEN_TTL_SECONDS + 1 }, secret, 'HS256')
    expect(await rejection(long)).toBe('unauthenticated')
    const noPhone = await sign({ sub: guest.id, typ: 'guest', phone: 'anyone', iat, exp: iat + 600 }, secret, 'HS256')
    expect(await rejection(noPhone)).toBe('unauthenticated')
  })
})

describe('requireCustomer and optionalCustomer', () => {
  let t: TestApp
  let live: { id: string; accessToken: string; refreshToken: string }
  let guestToken: string
  const app = () =>
    new Hono<{ Variables: CustomerVariables & CallerVariables }>()
      .use('/me', requireCustomer(t.env.TOKEN_SECRET, t.db))
      .use('/who', optionalCustomer(t.env.TOKEN_SECRET, t.db))
      .get('/me', (c) => c.json({ customerId: c.get('customerId') }))
      .get('/who', (c) => c.json({ customerId: c.get('customerId') ?? null, guest: c.get('guest') ?? null }))
  const call = (path: string, authorization?: string) => app().request(path, { headers: authorization ? { Authorization: authorization } : {} })

  beforeAll(async () => {
    t = await createTestApp({ seed: false })
    const [row] = await t.db.insert(customers).values({ firstName: 'Tess', mobilePhone: '+14155550143', mobileVerifiedAt: new Date() }).returning()
    live = { id: row!.id, ...(await startSession(t.db, t.env.TOKEN_SECRET, row!.id)) }
    guestToken = await signGuestToken({ id: randomUUID(), phone: '+14155550144' }, t.env.TOKEN_SECRET)
  })
  afterAll(() => t.close())

  it('lets a request with a live access token through with its customer id', async () => {
    const response = await call('/me', `Bearer ${live.accessToken}`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ customerId: live.id })
  })

  it.each([
    ['no Authorization header', undefined],
    ['an empty bearer', 'Bearer '],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['a token that is not one', 'Bearer abc.def.ghi'],
  ])('answers 401 with the error body for %s', async (_, authorization) => {
    const response = await call('/me', authorization)
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe('Bearer')
    expect(await response.json()).toEqual({ status: 401, message: 'Please sign in to continue.', code: 'unauthenticated' })
  })

  it('answers 401 token_expired for an expired token, so the client knows to refresh', async () => {
    const response = await call('/me', `Bearer ${await signAccessToken(live.id, randomUUID(), t.env.TOKEN_SECRET, Date.now() - minutes(20))}`)
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ status: 401, message: 'Your session has expired. Please sign in again.', code: 'token_expired' })
  })

  it('refuses a well-signed token whose sign-in does not exist or is another customer’s', async () => {
    const madeUp = await signAccessToken(live.id, randomUUID(), t.env.TOKEN_SECRET)
    const refused = await call('/me', `Bearer ${madeUp}`)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ status: 401, code: 'token_expired', message: 'Your session has ended. Please sign in again.' })
    const [other] = await t.db.insert(customers).values({ firstName: 'Otto', mobilePhone: '+14155550145' }).returning()
    const { sessionId } = await verifyAccessToken(live.accessToken, t.env.TOKEN_SECRET)
    const borrowed = await signAccessToken(other!.id, sessionId, t.env.TOKEN_SECRET)
    const response = await call('/me', `Bearer ${borrowed}`)
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'token_expired' })
  })

  it('a guest token never passes requireCustomer, and optionalCustomer sets the guest, never a customer id', async () => {
    const refused = await call('/me', `Bearer ${guestToken}`)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ code: 'unauthenticated' })
    const who = await call('/who', `Bearer ${guestToken}`)
    expect(who.status).toBe(200)
    expect(await who.json()).toEqual({ customerId: null, guest: { id: expect.any(String), phone: '+14155550144' } })
    expect(await (await call('/who')).json()).toEqual({ customerId: null, guest: null })
    expect((await call('/who', 'Bearer nonsense')).status).toBe(401)
  })
})
