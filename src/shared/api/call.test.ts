import { describe, expect, it, vi } from 'vitest'
import { PAYLOAD_KEY } from '../config'
import { decryptPayload, encryptPayload } from '../lib/crypto/payload'
import { ApiRefusal, createCall, everyRefusal } from './call'
import { createApiClient } from './client'

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

  it('a failure outside the passthrough statuses rejects as the client throws it, not as ApiRefusal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { call } = fakeFetch(404, JSON.stringify({ status: 404, code: 'not_found', message: 'The address was not found.' }))
    const failure = await call('DELETE /addresses/:id', { params: { id: ID } }).catch((error: unknown) => error)
    expect(failure).not.toBeInstanceOf(ApiRefusal)
    expect(failure).toMatchObject({ status: 404 })
  })

  it('everyRefusal turns an error body of any status (a 404, a 429) into ApiRefusal, and lets a failure without one through as it is', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { call } = fakeFetch(404, JSON.stringify({ status: 404, code: 'not_found', message: 'The address was not found.' }))
    const refusal = everyRefusal(call('DELETE /addresses/:id', { params: { id: ID } }))
    await expect(refusal).rejects.toBeInstanceOf(ApiRefusal)
    await expect(refusal).rejects.toMatchObject({ status: 404, code: 'not_found', message: 'The address was not found.' })
    const offline = new TypeError('Failed to fetch')
    await expect(everyRefusal(Promise.reject(offline))).rejects.toBe(offline)
  })
})
