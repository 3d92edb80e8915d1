import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** The one error body of DESIGN §4. */
export type ErrorBody = { status: number; message: string; code: string }

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

/** The SQLSTATE of a database error anywhere in its cause chain, and the constraint it names. */
export function databaseErrorOf(error: unknown): { code: string; constraint: string } | null {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, constraint, constraint_name: constraintName } = cause as { code?: unknown; constraint?: unknown; constraint_name?: unknown }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint: String(constraint ?? constraintName ?? '') }
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
