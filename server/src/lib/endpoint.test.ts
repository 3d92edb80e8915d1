import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AppDeps } from '../deps'
import { CHECK_RESPONSES_VARIABLE, endpointRouter, reply } from './endpoint'
import { refuse } from './errors'

const deps = { db: undefined, env: { PAYLOAD_KEY: 'test-key', TOKEN_SECRET: 'x'.repeat(32) } } as unknown as Pick<AppDeps, 'db' | 'env'>

afterEach(() => vi.restoreAllMocks())

describe('routes mounted from the endpoint map, under the tests', () => {
  it('runs with the response check on (vitest.config.ts sets the flag)', () => {
    expect(process.env[CHECK_RESPONSES_VARIABLE]).toBe('1')
  })

  it('an answer its response schema refuses fails loudly instead of reaching the caller', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    // A body the map does not describe, as a drifted handler would send it.
    const { router } = endpointRouter(deps).mount('GET /health/site', () => reply({ status: 'gone' } as never, 200))
    const response = await router.request('/health/site')
    expect(response.status).toBe(500)
    expect(String(log.mock.calls[0]?.[0])).toMatch(/GET \/health\/site answered 200 with a body its response schema refuses: status/)
  })

  it('a status the entry does not list fails loudly', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { router } = endpointRouter(deps).mount('GET /health/site', () => reply({ status: 'ready' }, 201))
    expect((await router.request('/health/site')).status).toBe(500)
    expect(String(log.mock.calls[0]?.[0])).toMatch(/answered 201, which its map entry does not list/)
  })

  it('a refusal with a code the entry does not list fails loudly', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { router } = endpointRouter(deps).mount('GET /health/site', () => {
      throw refuse(409, 'not_in_the_map', 'Refused.')
    })
    expect((await router.request('/health/site')).status).toBe(500)
    expect(String(log.mock.calls[0]?.[0])).toMatch(/refused with code not_in_the_map, which its map entry does not list/)
  })

  it('an answer that matches passes untouched, with the status the handler chose', async () => {
    const { router } = endpointRouter(deps).mount('GET /health/site', () => reply({ status: 'building' }, 503))
    const response = await router.request('/health/site')
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ status: 'building' })
  })

  it('a file route (wire binary) must answer a file: an image passes untouched, JSON in its place fails loudly', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const path = '/media/LOGO/00000000-0000-4000-8000-000000000001'
    const image = endpointRouter(deps).mount('GET /media/:entityType/:id', (c) => c.body('<svg/>', 200, { 'Content-Type': 'image/svg+xml' })).router
    const answer = await image.request(path)
    expect([answer.status, await answer.text()]).toEqual([200, '<svg/>'])
    const json = endpointRouter(deps).mount('GET /media/:entityType/:id', (c) => c.json({ not: 'a file' }) as Response).router
    expect((await json.request(path)).status).toBe(500)
    expect(String(log.mock.calls[0]?.[0])).toMatch(/GET \/media\/:entityType\/:id answered 200 without a file's Content-Type/)
  })
})
