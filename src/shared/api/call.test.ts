import { describe, expect, it, vi } from 'vitest'
import { PAYLOAD_KEY } from '../config'
import { decryptPayload, encryptPayload } from '../lib/crypto/payload'
import { ApiRefusal, createCall } from './call'
import { configureAuth, createApiClient } from './client'

function fakeFetch(status: number, body: string, type = 'application/json') {
  const calls: { url: string; init: RequestInit }[] = []
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} })
    return new Response(body, { status, headers: { 'Content-Type': type } })
  })
  return { call: createCall(createApiClient('/api', fetchImpl as unknown as typeof fetch)), calls }
}

const ID = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f'

describe('call(): one request helper typed from the endpoint map', () => {
  it('fills the path parameters, encoded, and sends the method and body of the entry', async () => {
    const { call, calls } = fakeFetch(200, JSON.stringify({ removed: true, selectedAddressId: null }))
    const answer = await call('DELETE /addresses/:id', { params: { id: 'a/b' } })
    expect(answer).toEqual({ removed: true, selectedAddressId: null })
    expect(calls[0]).toMatchObject({ url: '/api/addresses/a%2Fb', init: { method: 'DELETE' } })
  })

  it('sends the query, leaving out fields that are undefined', async () => {
    const { call, calls } = fakeFetch(200, JSON.stringify({ restaurants: [], items: [] }))
    await call('GET /favourites', { query: { customerId: ID, locationId: undefined }, headers: { Authorization: 'Bearer t' } })
    expect(calls[0]!.url).toBe(`/api/favourites?customerId=${ID}`)
    expect(new Headers(calls[0]!.init.headers).get('Authorization')).toBe('Bearer t')
  })

  it('rejects with ApiRefusal carrying the server’s status, code and message for an error body', async () => {
    const { call } = fakeFetch(409, JSON.stringify({ status: 409, code: 'taken', message: 'Already there.' }))
    const refusal = call('POST /favourites', { body: { customerId: ID, locationId: ID } })
    await expect(refusal).rejects.toBeInstanceOf(ApiRefusal)
    await expect(refusal).rejects.toMatchObject({ status: 409, code: 'taken', message: 'Already there.', body: { status: 409 } })
  })

  it('an encrypted entry sends {"data": ciphertext} and reads the ciphertext answer', async () => {
    const list = { content: [], totalElements: 0, page: 0, size: 1000 }
    const { call, calls } = fakeFetch(200, encryptPayload(list, PAYLOAD_KEY), 'text/plain; charset=utf-8')
    const answer = await call('POST /order/filter/orders/v2', { body: { search: `customerId:${ID}` }, encrypted: true })
    expect(answer).toEqual(list)
    const sent = JSON.parse(String(calls[0]!.init.body)) as { data: string }
    expect(decryptPayload(sent.data, PAYLOAD_KEY)).toEqual({ search: `customerId:${ID}` })
  })

  it.each([
    [400, 'invalid_request'],
    [401, 'unauthenticated'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'taken'],
    [410, 'link_expired'],
    [422, 'idempotency_key_reused'],
    [429, 'rate_limited'],
    [500, 'internal_error'],
    [503, 'try_again'],
  ])('an error body with status %i rejects as ApiRefusal with its code %s, whether the client passes the status through or throws it', async (status, code) => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { call } = fakeFetch(status, JSON.stringify({ status, code, message: `Refused with ${status}.` }))
    const failure = await call('DELETE /addresses/:id', { params: { id: ID } }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiRefusal)
    expect(failure).toMatchObject({ status, code, message: `Refused with ${status}.` })
  })

  it('a 429 refusal carries its Retry-After seconds, for the notice that says when to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const fetchImpl = vi.fn(async () =>
      new Response(JSON.stringify({ status: 429, code: 'rate_limited', message: 'Too many codes requested. Try again in 7 minutes.' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '361' },
      }),
    )
    const call = createCall(createApiClient('/api', fetchImpl as unknown as typeof fetch))
    await expect(call('POST /v2/customers/auth/request-otp', { body: { mobilePhone: '+14155550100' } })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfterSeconds: 361,
    })
  })

  it('a failure without an error body (the network, a proxy’s page) rejects as the client throws it, not as ApiRefusal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const offline = new TypeError('Failed to fetch')
    const down = createCall(createApiClient('/api', vi.fn(async () => Promise.reject(offline)) as unknown as typeof fetch))
    await expect(down('DELETE /addresses/:id', { params: { id: ID } })).rejects.toBe(offline)
    const { call } = fakeFetch(502, '<html>Bad Gateway</html>', 'text/html')
    const failure = await call('DELETE /addresses/:id', { params: { id: ID } }).catch((error: unknown) => error)
    expect(failure).not.toBeInstanceOf(ApiRefusal)
    expect(failure).toMatchObject({ status: 502 })
  })

  it('an expired token (401 token_expired) is refreshed once and the call sent again; a second refusal is an ApiRefusal', async () => {
    const expired = JSON.stringify({ status: 401, code: 'token_expired', message: 'The access token has expired.' })
    const answers = [new Response(expired, { status: 401, headers: { 'Content-Type': 'application/json' } }), Response.json({ removed: true, selectedAddressId: null })]
    const fetchImpl = vi.fn(async () => answers.shift()!)
    const refresh = vi.fn(async () => true)
    configureAuth({ headers: () => ({ Authorization: 'Bearer t' }), refresh })
    try {
      const call = createCall(createApiClient('/api', fetchImpl as unknown as typeof fetch))
      expect(await call('DELETE /addresses/:id', { params: { id: ID }, auth: true })).toEqual({ removed: true, selectedAddressId: null })
      expect(refresh).toHaveBeenCalledTimes(1)
      expect(fetchImpl).toHaveBeenCalledTimes(2)
      answers.push(new Response(expired, { status: 401, headers: { 'Content-Type': 'application/json' } }), new Response(expired, { status: 401, headers: { 'Content-Type': 'application/json' } }))
      await expect(call('DELETE /addresses/:id', { params: { id: ID }, auth: true })).rejects.toMatchObject({ status: 401, code: 'token_expired' })
      expect(refresh).toHaveBeenCalledTimes(2)
    } finally {
      configureAuth(undefined)
    }
  })
})
