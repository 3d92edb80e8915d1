import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorBody } from '@/shared/api/contracts/error-body'

/** The one error body, shared with the web app (docs/api.md, "Wire protocol"). */
export type { ErrorBody }

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }

  toBody(): ErrorBody {
    return { status: this.status, message: this.message, code: this.code }
  }
}

/** A refusal the caller can act on: thrown by services, answered as `{status, message, code}`. */
export const refuse = (status: ContentfulStatusCode, code: string, message: string) => new ApiError(status, code, message)

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} was not found.`)

/**
 * PostgreSQL's "try the transaction again" errors: serialization_failure and deadlock_detected.
 * The transaction was rolled back whole, so the same request (same Idempotency-Key) is safe to
 * send again; the caller gets a 503 with Retry-After instead of a 500.
 */
const TRANSIENT_CODES = new Set(['40001', '40P01'])

export function isTransientDatabaseError(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    if (TRANSIENT_CODES.has(String((cause as { code?: unknown }).code))) return true
  }
  return false
}

export const tryAgain = () =>
  new ApiError(503, 'try_again', 'Many people are doing the same thing at this moment. Please try again; nothing was saved.')

/** The SQLSTATE of a database error anywhere in its cause chain, the constraint it names and its DETAIL. */
export function databaseErrorOf(error: unknown): { code: string; constraint: string; detail: string } | null {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, constraint, constraint_name: constraintName, detail } = cause as { code?: unknown; constraint?: unknown; constraint_name?: unknown; detail?: unknown }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint: String(constraint ?? constraintName ?? ''), detail: String(detail ?? '') }
  }
  return null
}

/**
 * The money rules the database holds (migration 0009, docs/payments.md) answered as a refusal
 * when a request runs into one: an endpoint should have refused first, so the app also logs it.
 * Null for every other error.
 */
export function moneyRuleRefusal(error: unknown): ApiError | null {
  const failure = databaseErrorOf(error)
  if (!failure) return null
  if (failure.code === 'TF002') return new ApiError(409, 'payment_already_live', 'This order already has a payment under way.')
  if (failure.code === 'TF003') return new ApiError(409, 'payment_state_changed', 'This payment changed meanwhile. Please review the order and try again.')
  if (failure.code === '23514' && failure.constraint === 'customers_wallet_not_negative') {
    return new ApiError(409, 'wallet_changed', 'Your wallet balance has changed. Please review your order and try again.')
  }
  if (failure.code === '23514' && /^(orders|payments|payment_events|offer_redemptions|wallet_movements|order_splits)_/.test(failure.constraint)) {
    return new ApiError(409, 'amounts_refused', 'This change would break a rule of the order’s amounts, so nothing was saved.')
  }
  return null
}

/** Node's socket errors of a connection that cannot be made or was cut. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
/** postgres.js's own codes for a connection it lost or could not open. */
const DRIVER_CONNECTION_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT'])
/**
 * SQLSTATEs of a server that is not there for us now: connection exceptions (class 08), an
 * administrator's or crash shutdown and a server still starting (57P01–57P03), too many connections.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300)$/

/**
 * Whether the database is down or unreachable (docs/operations.md, "When the database is down"):
 * the request did not happen, or its outcome is unknown, and the caller should try again later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, errno, message } = cause as { code?: unknown; errno?: unknown; message?: unknown }
    const name = typeof code === 'string' ? code : typeof errno === 'string' ? errno : ''
    if (CONNECTION_ERRNOS.has(name) || DRIVER_CONNECTION_CODES.has(name) || UNAVAILABLE_STATES.test(name)) return true
    // PGlite after close() (or a failed start) has no code, only this message.
    if (message === 'PGlite is closed') return true
  }
  return false
}

/** Seconds a client is asked to wait before trying again while the database is down. */
/** What made the database unavailable, in one line ("57P01: terminating connection …"): for logs that carry no stack. */
export function describeConnectionError(error: unknown): string {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    if (isDatabaseUnavailable(cause) && !isDatabaseUnavailable((cause as { cause?: unknown }).cause)) {
      const { code, message } = cause as { code?: unknown; message?: unknown }
      return [code, typeof message === 'string' ? message.split('\n')[0] : ''].filter(Boolean).join(': ')
    }
  }
  return 'unknown cause'
}

/**
 * A LISTEN that could not start (`what` says what that costs): one line without a stack when the
 * database is unavailable, as the outage's own line (a restart or a dropped connection says so
 * once, not with a trace); the error itself otherwise, which is a bug to look at.
 */
export function noteListenFailure(log: { error: (...args: unknown[]) => void }, what: string, error: unknown): void {
  if (isDatabaseUnavailable(error)) log.error(`${what} (the database is unavailable: ${describeConnectionError(error)}).`)
  else log.error(`${what}:`, error)
}

export const DATABASE_RETRY_AFTER_SECONDS = 5

export const databaseUnavailable = () =>
  new ApiError(503, 'try_again', 'We cannot reach our database at this moment. Please try again in a few seconds.')

/**
 * Text PostgreSQL cannot store: NUL (U+0000) in text or JSON, and a UTF-16 surrogate without its
 * pair (no UTF-8 encoding exists for it). Checked on code units, so a valid pair passes.
 */
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const isUnstorableText = (text: string) => UNSTORABLE_TEXT.test(text)

export const invalidText = (where: string) =>
  new ApiError(400, 'invalid_text', `${where.replace(/[\u0000\uD800-\uDFFF]/g, '\uFFFD')} contains a character that cannot be stored (a NUL or an unpaired surrogate); remove it and try again.`)

/** The database refused text it cannot store (22021 character_not_in_repertoire, 22P05 untranslatable_character). */
export function isUnstorableTextError(error: unknown): boolean {
  const code = databaseErrorOf(error)?.code
  return code === '22021' || code === '22P05'
}
