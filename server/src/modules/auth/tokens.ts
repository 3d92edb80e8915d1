import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { sign, verify } from 'hono/jwt'
import { JwtTokenExpired } from 'hono/utils/jwt/types'
import { ApiError } from '../../lib/errors'

/** DESIGN §5: access tokens live 15 minutes; the refresh token brings a new one. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60

const ALGORITHM = 'HS256'

type AccessClaims = { sub: string; typ: 'access'; iat: number; exp: number }

export const unauthenticated = () => new ApiError(401, 'unauthenticated', 'Please sign in to continue.')
export const tokenExpired = () => new ApiError(401, 'token_expired', 'Your session has expired. Please sign in again.')

/** An HS256 access token for a customer; `issuedAt` (ms) is there for tests of expiry. */
export async function signAccessToken(customerId: string, secret: string, issuedAt = Date.now()): Promise<string> {
  const iat = Math.floor(issuedAt / 1000)
  const claims: AccessClaims = { sub: customerId, typ: 'access', iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS }
  return sign(claims, secret, ALGORITHM)
}

/** The customer id of a valid access token; any other token throws a 401 ApiError. */
export async function verifyAccessToken(token: string, secret: string): Promise<string> {
  let claims: Record<string, unknown>
  try {
    claims = await verify(token, secret, { alg: ALGORITHM })
  } catch (error) {
    throw error instanceof JwtTokenExpired ? tokenExpired() : unauthenticated()
  }
  // hono/jwt only checks `exp` when present; an access token without one is not ours.
  if (claims.typ !== 'access' || typeof claims.sub !== 'string' || !claims.sub || typeof claims.exp !== 'number') {
    throw unauthenticated()
  }
  return claims.sub
}

export type CustomerVariables = { customerId: string }

/** The signed-in customer of a request that passed `requireCustomer`. */
export const signedInCustomer = (c: Context<{ Variables: CustomerVariables }>) => c.get('customerId')

/** Refuses a request without a valid `Authorization: Bearer <access token>` with 401. */
export function requireCustomer(secret: string) {
  return createMiddleware<{ Variables: CustomerVariables }>(async (c, next) => {
    const header = c.req.header('Authorization') ?? ''
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
    try {
      if (!match) throw unauthenticated()
      c.set('customerId', await verifyAccessToken(match[1]!, secret))
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      return c.json(error.toBody(), error.status, { 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' })
    }
    await next()
  })
}

/**
 * Lets a request through with or without a customer: a valid access token sets the customer id,
 * no Authorization header is a guest, and a bad token is still a 401 (never silently a guest).
 */
export function optionalCustomer(secret: string) {
  return createMiddleware<{ Variables: Partial<CustomerVariables> }>(async (c, next) => {
    const header = c.req.header('Authorization')
    if (header === undefined) return next()
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
    try {
      if (!match) throw unauthenticated()
      c.set('customerId', await verifyAccessToken(match[1]!, secret))
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      return c.json(error.toBody(), error.status, { 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' })
    }
    await next()
  })
}
