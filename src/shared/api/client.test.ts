import { afterEach, describe, expect, it, vi } from 'vitest'
import { decryptPayload, encryptPayload } from '../lib/crypto/payload'
import { PAYLOAD_KEY } from '../config'
import { configureAuth, createApiClient, isErrorBody, thrownErrorBody } from './client'

type Reply = { status: number; body: string; type?: string }

function fakeFetch(reply: Reply | (() => Promise<Response>)) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} })
    if (typeof reply === 'function') return reply()
    return new Response(reply.body, { status: reply.status, headers: { 'Content-Type': reply.type ?? 'application/json' } })
  })
  return { fetchImpl: fetchImpl as unknown as typeof fetch, calls }
}

const errorBody = (status: number) => JSON.stringify({ status, message: `failed with ${status}`, code: 'x' })

describe('api client', () => {
  afterEach(() => vi.restoreAllMocks())

  it.each([400, 401, 403, 409, 500])('returns the error body for HTTP %i instead of throwing', async (status) => {
    const { fetchImpl } = fakeFetch({ status, body: errorBody(status) })
    const result = await createApiClient('/api', fetchImpl).post('/anything', { a: 1 })
    expect(isErrorBody(result)).toBe(true)
    expect(result).toEqual({ status, message: `failed with ${status}`, code: 'x' })
  })

  it.each([404, 422, 502, 503])('logs and re-throws HTTP %i', async (status) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { fetchImpl } = fakeFetch({ status, body: errorBody(status) })
    await expect(createApiClient('/api', fetchImpl).get('/anything')).rejects.toMatchObject({ status })
    expect(log).toHaveBeenCalledOnce()
  })

  describe('a 503 with Retry-After (the server lost a deadlock; nothing was saved)', () => {
    const busyThen = (final: Reply) => {
      let calls = 0
      return fakeFetch(async () => {
        calls += 1
        if (calls <= 2) return new Response(errorBody(503), { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': '1' } })
        return new Response(final.body, { status: final.status, headers: { 'Content-Type': final.type ?? 'application/json' } })
      })
    }

    it('sends a change with an Idempotency-Key again, the same request each time', async () => {
      const { fetchImpl, calls } = busyThen({ status: 201, body: JSON.stringify({ orderId: 'o-1' }) })
      const result = await createApiClient('/api', fetchImpl, { retryDelayMs: 1 }).post('/order/customer/createOrder', { a: 1 }, { headers: { 'Idempotency-Key': 'k-1' } })
      expect(result).toEqual({ orderId: 'o-1' })
      expect(calls).toHaveLength(3)
      expect(new Set(calls.map((call) => `${call.init.method} ${call.url} ${String(call.init.body)}`)).size).toBe(1)
      expect(calls.every((call) => new Headers(call.init.headers).get('Idempotency-Key') === 'k-1')).toBe(true)
    })

    it('reads again', async () => {
      const { fetchImpl, calls } = busyThen({ status: 200, body: JSON.stringify({ ok: true }) })
      expect(await createApiClient('/api', fetchImpl, { retryDelayMs: 1 }).get('/anything')).toEqual({ ok: true })
      expect(calls).toHaveLength(3)
    })

    it('never sends a change without an Idempotency-Key twice, and gives up after two more tries', async () => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {})
      const once = busyThen({ status: 201, body: '{}' })
      await expect(createApiClient('/api', once.fetchImpl, { retryDelayMs: 1 }).post('/anything', { a: 1 })).rejects.toMatchObject({ status: 503 })
      expect(once.calls).toHaveLength(1)
      const always = fakeFetch(async () => new Response(errorBody(503), { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': '1' } }))
      await expect(
        createApiClient('/api', always.fetchImpl, { retryDelayMs: 1 }).post('/anything', { a: 1 }, { headers: { 'Idempotency-Key': 'k-2' } }),
      ).rejects.toMatchObject({ status: 503 })
      expect(always.calls).toHaveLength(3)
      expect(log).toHaveBeenCalledTimes(2)
    })
  })

  it('logs and re-throws a network failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { fetchImpl } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    await expect(createApiClient('/api', fetchImpl).get('/anything')).rejects.toThrow('Failed to fetch')
    expect(log).toHaveBeenCalledOnce()
  })

  it('wraps an encrypted call as {data: ciphertext} and decrypts the text/plain reply', async () => {
    const { fetchImpl, calls } = fakeFetch({ status: 200, body: encryptPayload({ id: 'loc-1' }, PAYLOAD_KEY), type: 'text/plain' })
    const result = await createApiClient('/api', fetchImpl).post('/merchants/locations/slug', { slug: 'olive' }, { encrypted: true })
    expect(result).toEqual({ id: 'loc-1' })
    const sent = JSON.parse(String(calls[0]?.init.body)) as { data: string }
    expect(Object.keys(sent)).toEqual(['data'])
    expect(decryptPayload(sent.data, PAYLOAD_KEY)).toEqual({ slug: 'olive' })
  })

  it('sends plain JSON for other calls, under the base path, with a query string', async () => {
    const { fetchImpl, calls } = fakeFetch({ status: 200, body: '{"ok":true}' })
    const result = await createApiClient('/api', fetchImpl).get('/cards', { query: { customerId: 'c 1', skip: undefined } })
    expect(result).toEqual({ ok: true })
    expect(calls[0]?.url).toBe('/api/cards?customerId=c+1')
  })

  it('aborts a call after the 60 s timeout', async () => {
    vi.useFakeTimers()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { fetchImpl } = fakeFetch(
      () =>
        new Promise<Response>((_, reject) => {
          const signal = (fetchImpl as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]?.[1]?.signal
          signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))
        }),
    )
    const pending = createApiClient('/api', fetchImpl).get('/slow')
    const assertion = expect(pending).rejects.toThrow()
    await vi.advanceTimersByTimeAsync(59_999)
    expect(fetchImpl).toHaveBeenCalledOnce()
    await vi.advanceTimersByTimeAsync(1)
    await assertion
    vi.useRealTimers()
  })
})

describe('signed calls', () => {
  afterEach(() => configureAuth(undefined))

  it('sends the access token only on calls made with auth', async () => {
    configureAuth({ headers: () => ({ Authorization: 'Bearer a1' }), refresh: async () => false })
    const { fetchImpl, calls } = fakeFetch({ status: 200, body: '{}' })
    const client = createApiClient('/api', fetchImpl)
    await client.get('/addresses', { auth: true })
    await client.get('/cities')
    expect(new Headers(calls[0]?.init.headers).get('authorization')).toBe('Bearer a1')
    expect(new Headers(calls[1]?.init.headers).get('authorization')).toBeNull()
  })

  it('refreshes an expired access token once and repeats the call', async () => {
    let token = 'old'
    configureAuth({ headers: () => ({ Authorization: `Bearer ${token}` }), refresh: async () => ((token = 'new'), true) })
    const replies = [
      new Response(JSON.stringify({ status: 401, message: 'Your session has expired.', code: 'token_expired' }), { status: 401, headers: { 'Content-Type': 'application/json' } }),
      new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ]
    const { fetchImpl, calls } = fakeFetch(async () => replies.shift()!)
    expect(await createApiClient('/api', fetchImpl).get('/addresses', { auth: true })).toEqual({ ok: true })
    expect(calls.map((c) => new Headers(c.init.headers).get('authorization'))).toEqual(['Bearer old', 'Bearer new'])
  })

  it('hands the 401 back when the refresh fails', async () => {
    configureAuth({ headers: () => ({ Authorization: 'Bearer x' }), refresh: async () => false })
    const { fetchImpl, calls } = fakeFetch({ status: 401, body: JSON.stringify({ status: 401, message: 'Please sign in to continue.', code: 'token_expired' }) })
    expect(await createApiClient('/api', fetchImpl).get('/addresses', { auth: true })).toMatchObject({ status: 401 })
    expect(calls).toHaveLength(1)
  })
})

describe('thrownErrorBody', () => {
  it('reads the error body of a re-thrown failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { fetchImpl } = fakeFetch({ status: 404, body: JSON.stringify({ status: 404, message: 'NOPE is not a valid coupon code.', code: 'offer_not_found' }) })
    const error = await createApiClient('/api', fetchImpl).get('/coupon').catch((thrown: unknown) => thrown)
    expect(thrownErrorBody(error)).toEqual({ status: 404, message: 'NOPE is not a valid coupon code.', code: 'offer_not_found' })
    expect(thrownErrorBody(new TypeError('Failed to fetch'))).toBeUndefined()
  })
})
