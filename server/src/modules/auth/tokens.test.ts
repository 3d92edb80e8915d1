import { Hono } from 'hono'
import { sign } from 'hono/jwt'
import { describe, expect, it } from 'vitest'
import { ACCESS_TOKEN_TTL_SECONDS, requireCustomer, signAccessToken, verifyAccessToken, type CustomerVariables } from './tokens'

const secret = 'a-test-secret-that-is-at-least-32-characters'
const customerId = '6f1c2a7e-3b9d-4c1a-9e2f-0a1b2c3d4e5f'
const minutes = (n: number) => n * 60_000

const rejection = async (token: string) => {
  try {
    await verifyAccessToken(token, secret)
  } catch (error) {
    return (error as { status: number; code: string }).code
  }
  return 'accepted'
}

describe('access tokens', () => {
  it('carry the customer id and expire after 15 minutes', async () => {
    const token = await signAccessToken(customerId, secret)
    expect(await verifyAccessToken(token, secret)).toBe(customerId)
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
    expect(claims).toMatchObject({ sub: customerId, typ: 'access' })
    expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_TTL_SECONDS)
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(900)
  })

  it('are still good just before the end of their 15 minutes and refused after', async () => {
    expect(await rejection(await signAccessToken(customerId, secret, Date.now() - minutes(14)))).toBe('accepted')
    expect(await rejection(await signAccessToken(customerId, secret, Date.now() - minutes(16)))).toBe('token_expired')
  })

  it('are refused when tampered with or signed with another secret', async () => {
    const token = await signAccessToken(customerId, secret)
    const [header, payload, signature] = token.split('.') as [string, string, string]
    const otherCustomer = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url')
    expect(await rejection(`${header}.${otherCustomer}.${signature}`)).toBe('unauthenticated')
    expect(await rejection(`${header}.${payload}.${signature.slice(0, -4)}AAAA`)).toBe('unauthenticated')
    expect(await rejection(await signAccessToken(customerId, 'another-secret-that-is-32-characters-long'))).toBe('unauthenticated')
    expect(await rejection('not-a-token')).toBe('unauthenticated')
  })

  it('are refused with the wrong typ, without an expiry or with alg none', async () => {
    const iat = Math.floor(Date.now() / 1000)
    const refresh = await sign({ sub: customerId, typ: 'refresh', iat, exp: iat + 600 }, secret, 'HS256')
    expect(await rejection(refresh)).toBe('unauthenticated')
    const forever = await sign({ sub: customerId, typ: 'access', iat }, secret, 'HS256')
    expect(await rejection(forever)).toBe('unauthenticated')
    const none = [{ alg: 'none', typ: 'JWT' }, { sub: customerId, typ: 'access', iat, exp: iat + 600 }]
      .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
      .join('.')
    expect(await rejection(`${none}.`)).toBe('unauthenticated')
  })
})

describe('requireCustomer', () => {
  const app = new Hono<{ Variables: CustomerVariables }>()
    .use('*', requireCustomer(secret))
    .get('/me', (c) => c.json({ customerId: c.get('customerId') }))
  const call = (authorization?: string) =>
    app.request('/me', { headers: authorization ? { Authorization: authorization } : {} })

  it('lets a request with a valid bearer token through with its customer id', async () => {
    const response = await call(`Bearer ${await signAccessToken(customerId, secret)}`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ customerId })
  })

  it.each([
    ['no Authorization header', undefined],
    ['an empty bearer', 'Bearer '],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['a token that is not one', 'Bearer abc.def.ghi'],
  ])('answers 401 with the error body for %s', async (_, authorization) => {
    const response = await call(authorization)
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe('Bearer')
    expect(await response.json()).toEqual({ status: 401, message: 'Please sign in to continue.', code: 'unauthenticated' })
  })

  it('answers 401 token_expired for an expired token, so the client knows to refresh', async () => {
    const response = await call(`Bearer ${await signAccessToken(customerId, secret, Date.now() - minutes(20))}`)
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      status: 401,
      message: 'Your session has expired. Please sign in again.',
      code: 'token_expired',
    })
  })
})
