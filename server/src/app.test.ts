import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEnv } from './env'
import { createTestApp, type TestApp } from './test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ seed: false })
})
afterAll(() => t.close())

describe('GET /api/health', () => {
  it('answers 200 when the database answers', async () => {
    const response = await t.get('/health')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ status: 'ok' })
  })
})

describe('GET /api/config', () => {
  it('tells the browser the configured tile server', async () => {
    const response = await t.get('/config')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ tileUrl: expect.stringContaining('{z}'), siteUrl: 'http://localhost:4321' })
  })
})

describe('routing of the one process', () => {
  it('answers an unknown API path with the JSON error body, not the app', async () => {
    const response = await t.get('/no/such/endpoint')
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ status: 404, message: 'No API endpoint GET /api/no/such/endpoint.', code: 'no_such_endpoint' })
  })

  it('answers any other path with the app shell, so deep links and reloads work', async () => {
    for (const path of ['/restaurant/olive-tree-soma/menu/pickup', '/notFound', '/olive7', '/account/MyOrders/123']) {
      const response = await t.app.request(path)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('app-shell')
    }
  })

  it('sends the security headers on every response', async () => {
    const response = await t.app.request('/api/health')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('strict-transport-security')).toBeNull()
    const behindTls = await t.app.request('/api/health', { headers: { 'x-forwarded-proto': 'https' } })
    expect(behindTls.headers.get('strict-transport-security')).toContain('max-age=')
  })
})

describe('configuration', () => {
  it('has working defaults for the demo (SANDBOX=1)', () => {
    expect(loadEnv({ SANDBOX: '1' })).toMatchObject({ PORT: 4321, DATA_DIR: './data', PUBLIC_API_BASE: '/api', SANDBOX: true })
  })

  it('takes a geocoder URL template with {query} (unset: the sandbox geocoder)', () => {
    const template = 'https://nominatim.openstreetmap.org/search?format=jsonv2&addressdetails=1&limit={limit}&q={query}'
    expect(loadEnv({ SANDBOX: '1', GEOCODER_URL: template }).GEOCODER_URL).toBe(template)
    expect(loadEnv({ SANDBOX: '1' }).GEOCODER_URL).toBeUndefined()
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SANDBOX: 'yes' }, 'SANDBOX'],
    [{ PAYLOAD_KEY: 'short' }, 'PAYLOAD_KEY'],
    [{ PUBLIC_API_BASE: 'api' }, 'PUBLIC_API_BASE'],
    [{ TOKEN_SECRET: 'too-short' }, 'TOKEN_SECRET'],
    [{ SITE_URL: 'not a url' }, 'SITE_URL'],
    [{ GEOCODER_URL: 'nominatim' }, 'GEOCODER_URL'],
    [{ GEOCODER_URL: 'https://geo.example/search?format=jsonv2' }, 'GEOCODER_URL: must contain \\{query\\}'],
  ])('stops on %o with a message naming %s', (source, name) => {
    expect(() => loadEnv(source)).toThrow(new RegExp(`^Invalid configuration:[\\s\\S]*${name}`))
  })
})
