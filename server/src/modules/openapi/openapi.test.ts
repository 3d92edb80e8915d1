import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '@/shared/api/contracts/endpoints'
import { createTestApp, type TestApp } from '../../test/harness'

/**
 * Routes mounted by hand, not yet in the endpoint map: each module's conversion removes its lines
 * (docs/decisions.md, "Issue 15 — one endpoint map"). A new route must be added to the map, not here.
 */
/** The reference page and its files: documentation of the API, not part of it. */
const REFERENCE_PAGE = new Set(['GET /reference', 'GET /reference/initializer.js', 'GET /reference/:asset'])

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
type Operation = { operationId?: string; summary?: string; tags?: string[]; responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>; 'x-encrypted'?: boolean }
type Document = { openapi: string; info: { title: string; version: string }; servers: { url: string }[]; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } }

let t: TestApp
let document: Document
beforeAll(async () => {
  t = await createTestApp()
  document = (await t.get('/openapi.json')).body as Document
})
afterAll(() => t.close())

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ key: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operation: item[method]! })),
  )

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document: info, the API base as its server, and every operation with a summary, a tag and its answers', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(document.info).toMatchObject({ title: 'Tablefront API', version: expect.any(String) })
    expect(document.servers).toEqual([{ url: t.env.PUBLIC_API_BASE }])
    for (const { key, operation } of operations()) {
      expect(operation.operationId, key).toBe(key)
      expect(operation.summary, key).toBeTruthy()
      expect(operation.tags, key).toHaveLength(1)
      const statuses = Object.keys(operation.responses ?? {})
      expect(statuses, key).toContain('default')
      expect(statuses.filter((status) => /^[1-5]\d\d$/.test(status)).length, key).toBeGreaterThan(0)
    }
    // Every $ref points at a schema the document holds.
    for (const [, id] of JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) expect(document.components.schemas, id).toHaveProperty(id!)
  })

  it('lists exactly the routes of the endpoint map, refusals described by the one error body', () => {
    expect(operations().map(({ key }) => key).sort()).toEqual(Object.keys(endpoints).sort())
    const getFavourites = document.paths['/favourites']!.get!
    expect(getFavourites.responses!['default']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ErrorBody' })
    expect(document.components.schemas['ErrorBody']).toMatchObject({ required: ['status', 'message', 'code'] })
  })

  it('marks the encrypted routes and documents their plaintext', () => {
    const history = document.paths['/order/customer/getOrders']!.get!
    expect(history['x-encrypted']).toBe(true)
    expect(history.responses!['200']!.content!['text/plain']!.schema).toEqual({ $ref: '#/components/schemas/OrderHistoryResponse' })
    expect(document.paths['/favourites']!.get!['x-encrypted']).toBe(false)
  })

  it('every route mounted under the API base is in the document: a route outside the endpoint map fails', () => {
    const base = t.env.PUBLIC_API_BASE
    const mounted = new Set(
      t.app.routes.filter((route) => route.method !== 'ALL' && route.path.startsWith(`${base}/`)).map((route) => `${route.method} ${route.path.slice(base.length)}`),
    )
    const documented = new Set(operations().map(({ key }) => key))
    const unmapped = [...mounted].filter((key) => !documented.has(key) && !REFERENCE_PAGE.has(key))
    expect(unmapped, 'new routes go into the endpoint map (src/shared/api/contracts/endpoints.ts)').toEqual([])
  })

  it('is a public read with an ETag: the same tag answers 304 without a body', async () => {
    const first = await t.app.request(`${t.env.PUBLIC_API_BASE}/openapi.json`)
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate')
    const etag = first.headers.get('ETag')!
    const again = await t.app.request(`${t.env.PUBLIC_API_BASE}/openapi.json`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })
})

describe('GET /api/reference', () => {
  it('is a page of Swagger UI whose scripts are files of this origin, so the CSP needs no inline script', async () => {
    const page = await t.app.request(`${t.env.PUBLIC_API_BASE}/reference`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).not.toMatch(/<script>(?!<\/script>)/)
    expect(page.headers.get('Content-Security-Policy')).not.toMatch(/script-src[^;]*unsafe-inline/)
    for (const [, src] of html.matchAll(/(?:src|href)="(reference\/[^"]+)"/g)) {
      const asset = await t.app.request(`${t.env.PUBLIC_API_BASE}/${src}`)
      expect(asset.status, src).toBe(200)
    }
    expect((await t.app.request(`${t.env.PUBLIC_API_BASE}/reference/index.html`)).status).toBe(404)
  })
})
