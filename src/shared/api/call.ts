import type { z } from 'zod'
import type { ErrorBody } from './contracts/error-body'
import type { EndpointName, Endpoints } from './contracts/endpoints'
import { api, isErrorBody, thrownErrorBody, type ApiClient } from './client'

/**
 * The server refused a call with its error body (docs/api.md, "Errors"): the one error class of
 * every entity's API calls. `message` is for the person, `code` for the program.
 */
export class ApiRefusal extends Error {
  readonly status: number
  readonly code: string

  constructor(readonly body: ErrorBody) {
    super(body.message)
    this.name = 'ApiRefusal'
    this.status = body.status
    this.code = body.code
  }
}

/** The answer, or ApiRefusal when it is an error body: for the calls not yet in the endpoint map. */
export function unwrap<T>(result: T | ErrorBody): T {
  if (isErrorBody(result)) throw new ApiRefusal(result)
  return result
}

/**
 * `call(…)` for the screens that show the server's reason for any refusal: an error body of any
 * status (404, 422, 429 included, which the client otherwise throws as they come) rejects with
 * ApiRefusal.
 */
export async function everyRefusal<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer
  } catch (error) {
    const body = thrownErrorBody(error)
    throw body ? new ApiRefusal(body) : error
  }
}

type Field<E, F extends string> = E extends { readonly [P in F]: infer S } ? S : undefined
type Part<E, F extends 'params' | 'query' | 'body'> =
  Field<E, F> extends z.ZodType ? { [P in F]: z.input<Field<E, F>> } : { [P in F]?: never }

/** What `call(name, …)` takes: the entry's params, query and body, and how to sign the call. */
export type CallOptions<K extends EndpointName> = Part<Endpoints[K], 'params'> &
  Part<Endpoints[K], 'query'> &
  Part<Endpoints[K], 'body'> & {
    /** Send the signed-in customer's access token; refresh it once if it has expired. */
    auth?: boolean
    headers?: Record<string, string>
  } & (Endpoints[K]['wire'] extends 'encrypted' ? { encrypted: true } : { encrypted?: never })

export type ResponseOf<K extends EndpointName> = z.output<Endpoints[K]['response']>

/**
 * Calls one route of the endpoint map, typed from it (a type-only import: no zod reaches the
 * browser). Resolves with the answer; an error body (400, 401, 403, 409, 500) rejects with
 * ApiRefusal; other failures reject as the client throws them (docs/api.md, "Errors").
 */
export function createCall(client: ApiClient = api) {
  return async function call<K extends EndpointName>(name: K, options: CallOptions<K>): Promise<ResponseOf<K>> {
    const space = name.indexOf(' ')
    const params = (options.params ?? {}) as Record<string, string>
    const path = name.slice(space + 1).replace(/:(\w+)/g, (_, param: string) => encodeURIComponent(params[param] ?? ''))
    const { query, body, auth, headers, encrypted } = options as {
      query?: Record<string, string | number | undefined>
      body?: unknown
      auth?: boolean
      headers?: Record<string, string>
      encrypted?: boolean
    }
    const method = name.slice(0, space) as Parameters<ApiClient['request']>[0]
    return unwrap(await client.request<ResponseOf<K>>(method, path, { query, body, auth, headers, encrypted }))
  }
}

export const call = createCall()
