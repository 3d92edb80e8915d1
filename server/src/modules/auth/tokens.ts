import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { decode, sign, verify } from 'hono/jwt'
import { JwtTokenExpired } from 'hono/utils/jwt/types'
import type { Database } from '../../db/client'
import { ApiError } from '../../lib/errors'
import { isFamilyLive } from './refresh-tokens'

/** Access tokens live 15 minutes; the refresh token brings a new one (docs/accounts.md "Sessions"). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60
/** A guest token proves a phone for one guest session this long (docs/accounts.md "Guests"). */
export const GUEST_TOKEN_TTL_SECONDS = 12 * 60 * 60

const ALGORITHM = 'HS256'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const E164 = /^\+[1-9]\d{6,14}$/

/** `sid` is the refresh-token family of the sign-in: ending the sign-in ends its access tokens. */
type AccessClaims = { sub: string; typ: 'access'; sid: string; iat: number; exp: number }
/** `sub` is the guest customer, `phone` the number its code proved. */
type GuestClaims = { sub: string; typ: 'guest'; phone: string; iat: number; exp: number }

/** A guest who proved `phone` by a code in this session. */
export type GuestSession = { id: string; phone: string }

export type Credential = { kind: 'customer'; customerId: string; sessionId: string } | { kind: 'guest'; guest: GuestSession }

export const unauthenticated = () => new ApiError(401, 'unauthenticated', 'Please sign in to continue.')
export const tokenExpired = () => new ApiError(401, 'token_expired', 'Your session has expired. Please sign in again.')
/**
 * An access token whose sign-in has ended (logout, password reset, a replayed refresh token):
 * token_expired, so the web app tries its refresh token, is refused, and signs out cleanly.
 */
export const signInEnded = () => new ApiError(401, 'token_expired', 'Your session has ended. Please sign in again.')
export const guestTokenExpired = () =>
  new ApiError(401, 'token_expired', 'Your mobile number was verified a while ago. Please verify it again with a new code.')

const secondsOf = (ms: number) => Math.floor(ms / 1000)

/** An HS256 access token of one sign-in; `issuedAt` (ms) is there for tests of expiry. */
export async function signAccessToken(customerId: string, sessionId: string, secret: string, issuedAt = Date.now()): Promise<string> {
  const iat = secondsOf(issuedAt)
  const claims: AccessClaims = { sub: customerId, typ: 'access', sid: sessionId, iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS }
  return sign(claims, secret, ALGORITHM)
}

/** An HS256 guest token: the guest customer `guest.id` proved `guest.phone` by a code. */
export async function signGuestToken(guest: GuestSession, secret: string, issuedAt = Date.now()): Promise<string> {
  const iat = secondsOf(issuedAt)
  const claims: GuestClaims = { sub: guest.id, typ: 'guest', phone: guest.phone, iat, exp: iat + GUEST_TOKEN_TTL_SECONDS }
  return sign(claims, secret, ALGORITHM)
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value)

/**
 * What a token says, checked without the database: our signature, a known type, and a lifetime
 * no longer than that type's (a token signed for a year with a leaked secret is refused).
 */
export async function readToken(token: string, secret: string): Promise<Credential> {
  const now = secondsOf(Date.now())
  const known = verified.get(secret)?.get(token)
  if (known && known.iat <= now && now < known.exp) return known.credential
  const credential = await checkToken(token, secret)
  remember(secret, token, credential)
  return credential
}

/**
 * Tokens whose signature and claims were checked, by secret: the check (an HMAC through WebCrypto
 * that imports its key every time) runs once per token, and its lifetime is still checked on every
 * use, as `verify` checks it. Only good tokens are kept; a full map starts again.
 */
const VERIFIED_LIMIT = 10_000
const verified = new Map<string, Map<string, { credential: Credential; iat: number; exp: number }>>()

function remember(secret: string, token: string, credential: Credential) {
  const { iat, exp } = decode(token).payload as { iat: number; exp: number }
  let tokens = verified.get(secret)
  if (!tokens) verified.set(secret, (tokens = new Map()))
  if (tokens.size >= VERIFIED_LIMIT) tokens.clear()
  tokens.set(token, { credential: Object.freeze(credential.kind === 'guest' ? { ...credential, guest: Object.freeze(credential.guest) } : credential), iat, exp })
}

async function checkToken(token: string, secret: string): Promise<Credential> {
  let claims: Record<string, unknown>
  try {
    claims = await verify(token, secret, { alg: ALGORITHM })
  } catch (error) {
    if (!(error instanceof JwtTokenExpired)) throw unauthenticated()
    // Already verified up to its expiry: the type only picks the message.
    const expired = decode(token).payload as Record<string, unknown>
    throw expired.typ === 'guest' ? guestTokenExpired() : tokenExpired()
  }
  const { sub, typ, iat, exp } = claims
  // hono/jwt only checks `exp` and `iat` when present; a token without them is not ours.
  if (typeof sub !== 'string' || !UUID.test(sub) || !isTime(iat) || !isTime(exp) || exp <= iat) throw unauthenticated()
  if (typ === 'access') {
    if (typeof claims.sid !== 'string' || !UUID.test(claims.sid) || exp - iat > ACCESS_TOKEN_TTL_SECONDS) throw unauthenticated()
    return { kind: 'customer', customerId: sub, sessionId: claims.sid }
  }
  if (typ === 'guest') {
    if (typeof claims.phone !== 'string' || !E164.test(claims.phone) || exp - iat > GUEST_TOKEN_TTL_SECONDS) throw unauthenticated()
    return { kind: 'guest', guest: { id: sub, phone: claims.phone } }
  }
  throw unauthenticated()
}

/** The customer and sign-in of a well-formed access token (signature and lifetime only); anything else throws a 401. */
export async function verifyAccessToken(token: string, secret: string): Promise<{ customerId: string; sessionId: string }> {
  const credential = await readToken(token, secret)
  if (credential.kind !== 'customer') throw unauthenticated()
  return { customerId: credential.customerId, sessionId: credential.sessionId }
}

/**
 * The caller of a request: a bearer token is read and, for an access token, its sign-in must still
 * be live (one indexed read of refresh_tokens, so a sign-out or a password reset ends it on every
 * instance at once). No header is undefined; a bad token throws a 401.
 */
export function createAuthenticator(secret: string, db: Database) {
  return async function authenticate(header: string | undefined): Promise<Credential | undefined> {
    if (header === undefined) return undefined
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
    if (!match) throw unauthenticated()
    const credential = await readToken(match[1]!, secret)
    if (credential.kind === 'customer' && !(await isFamilyLive(db, credential.sessionId, credential.customerId))) {
      throw signInEnded()
    }
    return credential
  }
}

export type CustomerVariables = { customerId: string }
/** A request's caller: a signed-in customer, a guest with a proven phone, or neither. */
export type CallerVariables = { customerId?: string; guest?: GuestSession }

/** The signed-in customer of a request that passed `requireCustomer`. */
export const signedInCustomer = (c: Context<{ Variables: CustomerVariables }>) => c.get('customerId')

const refusal = (c: Context, error: ApiError) =>
  c.json(error.toBody(), error.status, { 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' })

/** Refuses a request without a live customer access token with 401 (a guest token is not one). */
export function requireCustomer(secret: string, db: Database) {
  const authenticate = createAuthenticator(secret, db)
  return createMiddleware<{ Variables: CustomerVariables }>(async (c, next) => {
    try {
      const credential = await authenticate(c.req.header('Authorization') ?? '')
      if (credential?.kind !== 'customer') throw unauthenticated()
      c.set('customerId', credential.customerId)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      return refusal(c, error)
    }
    await next()
  })
}

/**
 * Lets a request through with or without a customer: a live access token sets `customerId`, a
 * guest token sets `guest` (never `customerId`), no Authorization header is a plain guest, and a
 * bad token is still a 401 (never silently a guest).
 */
export function optionalCustomer(secret: string, db: Database) {
  const authenticate = createAuthenticator(secret, db)
  return createMiddleware<{ Variables: CallerVariables }>(async (c, next) => {
    try {
      const credential = await authenticate(c.req.header('Authorization'))
      if (credential?.kind === 'customer') c.set('customerId', credential.customerId)
      else if (credential?.kind === 'guest') c.set('guest', credential.guest)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      return refusal(c, error)
    }
    await next()
  })
}
