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
