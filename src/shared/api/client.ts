import wretch, { type WretchError, type WretchOptions } from 'wretch'
import AbortAddon from 'wretch/addons/abort'
import { retry } from 'wretch/middlewares/retry'
import { API_BASE, API_TIMEOUT_MS, PAYLOAD_KEY } from '../config'
import { decryptPayloadAsync, encryptPayloadAsync } from '../lib/crypto/payload'
import type { ErrorBody } from './contracts/error-body'

export type { ErrorBody }

/** For these statuses the caller gets the body instead of an exception (docs/api.md, "Errors"). */
export const PASSTHROUGH_STATUSES = [400, 401, 403, 409, 500]

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).status === 'number' &&
    typeof (value as ErrorBody).message === 'string' &&
    typeof (value as ErrorBody).code === 'string'
  )
}

/**
 * The error body of a failure the client re-threw (404, 410, 422, 429 …), when the server sent
 * one: callers that show the server's message for those statuses read it here.
 */
export function thrownErrorBody(error: unknown): ErrorBody | undefined {
  const message = (error as { message?: unknown } | null)?.message
  if (typeof message !== 'string' || !message.startsWith('{')) return undefined
  try {
    const body: unknown = JSON.parse(message)
    return isErrorBody(body) ? body : undefined
  } catch {
    return undefined
  }
}

async function decode(text: string, contentType: string | null): Promise<unknown> {
  if (!text) return null
  if (contentType?.includes('application/json')) return JSON.parse(text)
  if (text.startsWith('U2FsdGVkX1')) return decryptPayloadAsync(text, PAYLOAD_KEY)
  return text
}

/** Who signs calls made with `auth: true`: the session entity registers itself at start. */
export type AuthProvider = {
  headers: () => Record<string, string>
  /** Gets a new access token; resolves false when the diner must sign in again. */
  refresh: () => Promise<boolean>
}

let authProvider: AuthProvider | undefined

export function configureAuth(provider: AuthProvider | undefined): void {
  authProvider = provider
}

/** The signed-in customer's authorization header, for calls made outside this client (event streams). */
export const authHeaders = (): Record<string, string> => authProvider?.headers() ?? {}

/** The server's code for an access token past its 15 minutes: refresh and try once more. */
export const TOKEN_EXPIRED = 'token_expired'

type CallOptions = {
  /** Send the signed-in customer's access token; refresh it once if it has expired. */
  auth?: boolean
  body?: unknown
  query?: Record<string, string | number | undefined>
  /** Merchant, feedback and order calls: `{data: ciphertext}` out, ciphertext back. */
  encrypted?: boolean
  headers?: Record<string, string>
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Public merchant and menu reads: the server tags them with an ETag and answers 304 when unchanged. */
const REVALIDATED_READS = /^\/(customer\/findMerchant\/v2|merchants\/(locations\/(slug|id)|details\/v2|menu\/v2|locations\/[^/?]+\/menu))$/
const REVALIDATED_ENTRIES = 50
const NOT_MODIFIED = Symbol('not modified')

/** A call the server may receive twice: a read, or a change that carries an Idempotency-Key. */
function repeatable(options: WretchOptions): boolean {
  if ((options.method ?? 'GET').toUpperCase() === 'GET') return true
  const headers = options.headers
  if (!headers) return false
  if (headers instanceof Headers) return headers.has('Idempotency-Key')
  return Object.keys(headers as Record<string, string>).some((name) => name.toLowerCase() === 'idempotency-key')
}

/**
 * The server answers 503 with Retry-After when its transaction lost a deadlock or a serialization
 * check (nothing was saved): a repeatable call is sent again, twice at most, after 0.5 s and 1 s.
 */
const retryBusy = (delayMs: number) =>
  retry({
    delayTimer: delayMs,
    maxAttempts: 2,
    until: (response) => !(response?.status === 503 && response.headers.has('Retry-After')),
    skip: (_url, options) => !repeatable(options),
    resolveWithLatestResponse: true,
  })

export function createApiClient(base = API_BASE, fetchImpl?: typeof fetch, { retryDelayMs = 500 }: { retryDelayMs?: number } = {}) {
  let root = wretch(base).addon(AbortAddon()).middlewares([retryBusy(retryDelayMs)])
  if (fetchImpl) root = root.fetchPolyfill(fetchImpl)
  const client = root
    .catcher(PASSTHROUGH_STATUSES, (error: WretchError) => decode(error.message, error.response.headers.get('content-type')))
    .catcherFallback((error: unknown) => {
      console.error(`API call failed: ${(error as Error)?.message || (error as Error)?.name}`, error)
      throw error
    })

  async function call<T>(method: Method, path: string, options: CallOptions = {}): Promise<T | ErrorBody> {
    const result = await send<T>(method, path, options)
    if (options.auth && authProvider && isErrorBody(result) && result.status === 401 && result.code === TOKEN_EXPIRED) {
      if (await authProvider.refresh()) return send<T>(method, path, options)
    }
    return result
  }

  // Keyed by the plaintext request: an encrypted body differs on every call.
  const revalidated = new Map<string, { etag: string; body: unknown }>()

  function remember(key: string, entry: { etag: string; body: unknown }) {
    revalidated.delete(key)
    revalidated.set(key, entry)
    if (revalidated.size > REVALIDATED_ENTRIES) revalidated.delete(revalidated.keys().next().value!)
  }

  async function send<T>(method: Method, path: string, options: CallOptions) {
    const search = options.query
      ? new URLSearchParams(
          Object.entries(options.query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
        ).toString()
      : ''
    let request = client.url(search ? `${path}?${search}` : path)
    const cacheKey = !options.auth && REVALIDATED_READS.test(path) ? `${method} ${path}?${search} ${JSON.stringify(options.body)}` : undefined
    const cached = cacheKey ? revalidated.get(cacheKey) : undefined
    const headers = { ...(options.auth ? authProvider?.headers() : undefined), ...(cached && { 'If-None-Match': cached.etag }), ...options.headers }
    if (Object.keys(headers).length > 0) request = request.headers(headers)
    if (cached) request = request.catcher(304, () => NOT_MODIFIED)
    if (options.body !== undefined) {
      request = request.json(options.encrypted ? { data: await encryptPayloadAsync(options.body, PAYLOAD_KEY) } : (options.body as object))
    }
    const pending =
      method === 'GET'
        ? request.get()
        : method === 'POST'
          ? request.post()
          : method === 'PUT'
            ? request.put()
            : method === 'PATCH'
              ? request.patch()
              : request.delete()
    const result: unknown = await pending.setTimeout(API_TIMEOUT_MS).res(async (response) => {
      const body = await decode(await response.text(), response.headers.get('content-type'))
      const etag = response.headers.get('etag')
      if (cacheKey && etag) remember(cacheKey, { etag, body })
      return body
    })
    if (result === NOT_MODIFIED && cached) return cached.body as T
    return result as T | ErrorBody
  }

  return {
    /** The endpoint map's `call` goes through here (src/shared/api/call.ts). */
    request: <T>(method: Method, path: string, options?: CallOptions) => call<T>(method, path, options),
    get: <T>(path: string, options?: CallOptions) => call<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('PUT', path, { ...options, body }),
    patch: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('PATCH', path, { ...options, body }),
    delete: <T>(path: string, options?: CallOptions) => call<T>('DELETE', path, options),
  }
}

export type ApiClient = ReturnType<typeof createApiClient>

export const api = createApiClient()
