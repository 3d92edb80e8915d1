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
