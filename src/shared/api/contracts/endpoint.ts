import { z } from 'zod'
import type { ErrorBody } from './error-body'
import type { StaffRole } from './staff-roles'

/**
 * One entry of the endpoint map (docs/api.md, "The endpoint map"): what a route takes and what it
 * answers, read by the server to mount and validate it, by the web client (types only) to call
 * it, and by the OpenAPI document.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Who may call: nobody in particular, a signed-in customer, anyone (a token, when sent, must be
 * valid), a guest with a proven phone or a customer, restaurant staff of the path's location
 * (`roles` narrows it), any signed-in staff member (their own profile).
 */
export type Auth = 'none' | 'customer' | 'optional' | 'guest-or-customer' | 'staff' | 'staff-self'

/**
 * `json`: plain JSON both ways. `encrypted`: `{"data": ciphertext}` in, ciphertext (text/plain) out.
 * `binary`: a file out, with its own Content-Type (an image); the handler makes the Response.
 * `text`: a text/plain body out (the sandbox's benchmark body); the handler returns the string.
 */
export type Wire = 'json' | 'encrypted' | 'binary' | 'text'

export type EndpointSpec = {
  auth: Auth
  /**
   * With auth 'staff': the roles that may call it besides a manager, who may call everything at
   * their location (docs/staff.md "Roles"). Left out, any role of the location may.
   */
  roles?: readonly StaffRole[]
  wire: Wire
  /** The module that serves it (server/src/modules/<tag>). */
  tag: string
  summary: string
  description?: string
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /** The body of every status in `statuses`. */
  response: z.ZodType
  /** A live stream: text/event-stream, each event named `event` with `response` as its data. */
  stream?: { event: string }
  /** Statuses answered with `response`; the first is the usual one. Default [200]. */
  statuses?: readonly number[]
  /** Error codes of this route beyond the ones `errorCodesOf` adds from its auth, wire and inputs. */
  errors: readonly string[]
  /** `no-store` is the default of every route with auth; `revalidate` is a public ETag read. */
  cache?: 'no-store' | 'revalidate' | 'default'
}

export type EndpointKey = `${Method} /${string}`

/** Keeps each entry's literal types (auth, wire, schemas) so the client can be typed from them. */
export const defineEndpoints = <const T extends Record<EndpointKey, EndpointSpec>>(endpoints: T): T => endpoints

/** The one error body of every refusal (docs/api.md, "Errors"). */
export const errorBody = z
  .strictObject({
    status: z.number().int().meta({ description: 'The HTTP status, repeated.' }),
    message: z.string().meta({ description: 'For the person: shown as it is.' }),
    code: z.string().meta({ description: 'For the program: stable, snake_case.' }),
  })
  .meta({ id: 'ErrorBody', description: 'Every refusal: {status, message, code}.' }) satisfies z.ZodType<ErrorBody>

export type { ErrorBody }

/** Codes any route can answer, whatever it does (docs/api.md, "Errors"). */
export const PROTOCOL_ERRORS = ['invalid_text', 'payload_too_large', 'try_again', 'internal_error', 'http_error'] as const

export function methodAndPath(key: string): { method: Method; path: string } {
  const space = key.indexOf(' ')
  return { method: key.slice(0, space) as Method, path: key.slice(space + 1) }
}

export const statusesOf = (spec: EndpointSpec): readonly number[] => spec.statuses ?? [200]

/** Every error code the route can answer: its own, and those its auth, wire and inputs bring. */
export function errorCodesOf(spec: EndpointSpec): string[] {
  const codes = new Set<string>([...PROTOCOL_ERRORS, ...spec.errors])
  if (spec.params || spec.query || spec.body) codes.add('invalid_request')
  if (spec.body) for (const code of ['empty_body', 'malformed_json']) codes.add(code)
  if (spec.body && spec.wire === 'encrypted') for (const code of ['missing_payload', 'undecryptable_payload']) codes.add(code)
  if (spec.auth !== 'none') for (const code of ['unauthenticated', 'token_expired']) codes.add(code)
  if (spec.auth === 'staff') for (const code of ['forbidden', 'role_not_allowed']) codes.add(code)
  return [...codes].sort()
}

export const cacheOf = (spec: EndpointSpec) => spec.cache ?? (spec.auth === 'none' ? 'default' : 'no-store')
