import type { z } from 'zod'
import type { ErrorBody } from './contracts/error-body'
import type { EndpointName, Endpoints } from './contracts/endpoints'
import { api, isErrorBody, thrownErrorBody, type ApiClient } from './client'

/**
 * The server refused a call with its error body (docs/api.md, "Errors"): the one error class of
 * every entity's API calls, whatever the status. `message` is for the person, `code` for the
 * program; `retryAfterSeconds` is the answer's Retry-After (a 429 or 503), when it sent one.
 */
export class ApiRefusal extends Error {
  readonly status: number
  readonly code: string
  readonly retryAfterSeconds: number | undefined

  constructor(
    readonly body: ErrorBody,
    headers?: Headers,
  ) {
    super(body.message)
    this.name = 'ApiRefusal'
    this.status = body.status
    this.code = body.code
    const seconds = Number(headers?.get('Retry-After') ?? Number.NaN)
    this.retryAfterSeconds = Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined
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
 * browser). Resolves with the answer; an error body of any status (the ones the client passes
 * through and the ones it throws: 404, 422, 429 …) rejects with ApiRefusal; a failure without one
 * (the network, a timeout, a proxy's page) rejects as the client throws it (docs/api.md, "Errors").
 * A 401 token_expired has already been refreshed and sent once more by the client.
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
    let answer: ResponseOf<K> | ErrorBody
    try {
      answer = await client.request<ResponseOf<K>>(method, path, { query, body, auth, headers, encrypted })
    } catch (error) {
      const refused = thrownErrorBody(error)
      throw refused ? new ApiRefusal(refused, (error as { response?: Response }).response?.headers) : error
    }
    if (isErrorBody(answer)) throw new ApiRefusal(answer)
    return answer
  }
}

export const call = createCall()
