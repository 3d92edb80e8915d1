import { writeFileSync } from 'node:fs'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { serve } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decryptPayload, encryptPayload } from '@/shared/lib/crypto/payload'
import { SHELL_PATH } from '../app'
import { locations, orders } from '../db/schema'
import { staffHeaders } from './staff-auth'
import type { TestCustomer } from './signed-in-client'
import { buildContentSecurityPolicy, inlineScriptHashes } from '../site/csp'
import { createCustomerObjects, CUSTOMER_ENDPOINTS, STAFF_ENDPOINTS, type Endpoint, type Ids } from './customer-objects'
import { createTestApp, type TestApp } from './harness'

let t: TestApp
let asha: TestCustomer
let ids: Ids
const ISLAND_RUNTIME = '(()=>{var e=async t=>{await(await t())()};(self.Astro||(self.Astro={})).only=e;})();'
const JSON_LD = '{"@context":"https://schema.org","@type":"Restaurant","name":"Hanami"}'

beforeAll(async () => {
  t = await createTestApp()
  // Before the first answer: a shell changed in place is seen within a second (docs/api.md "Caching").
  writeFileSync(
    join(t.env.STATIC_DIR, SHELL_PATH),
    `<!doctype html><title>shell</title><script>${ISLAND_RUNTIME}</script><script type="application/ld+json">${JSON_LD}</script><script type="module" src="/_astro/app.js"></script><div id="app-shell"></div>`,
  )
  ;({ asha, ids } = await createCustomerObjects(t))
})
afterAll(() => t.close())

type Sent = { label: string; response: Response; authenticated: boolean }

async function send(label: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Sent> {
  const response = await t.app.request(path, init)
  if (response.headers.get('content-type')?.includes('text/event-stream')) await response.body?.cancel()
  else await response.arrayBuffer()
  return { label, response, authenticated: Boolean(init.headers?.Authorization) }
}

function request(endpoint: Endpoint, headers: Record<string, string>) {
  const path = endpoint.path(ids)
  const payload = endpoint.body?.(ids)
  const encrypted = /^\/(order|kot|payment|merchants|coupon)\/|^\/customer\/feedback\//.test(path)
  const body = payload === undefined ? undefined : JSON.stringify(encrypted ? { data: encryptPayload(payload, t.env.PAYLOAD_KEY) } : payload)
  return { method: endpoint.method, headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body }
}

/** A walk over the API and the site: every customer endpoint as its owner and as a guest, staff calls, public reads, errors, pages. */
async function walk(): Promise<Sent[]> {
  const sent: Sent[] = []
  const owner = { Authorization: `Bearer ${asha.token}` }
  for (const [name, endpoint] of Object.entries(CUSTOMER_ENDPOINTS).filter(([, endpoint]) => endpoint.read)) {
    sent.push(await send(`${name} (owner)`, `/api${endpoint.path(ids)}`, request(endpoint, owner)))
    sent.push(await send(`${name} (guest)`, `/api${endpoint.path(ids)}`, request(endpoint, {})))
  }
  const staff = await staffHeaders(t, 'empire-burger', 'server')
  sent.push(await send('waiter calls (staff)', `/api${STAFF_ENDPOINTS['waiter calls']!.path(ids)}`, request(STAFF_ENDPOINTS['waiter calls']!, staff)))
  sent.push(await send('health', '/api/health'))
  sent.push(await send('cities', '/api/cities'))
  sent.push(await send('config', '/api/config'))
  sent.push(await send('place search', '/api/places/search?q=san'))
  sent.push(await send('restaurant by slug', '/api/merchants/locations/slug', request({ method: 'POST', path: () => '/merchants/locations/slug', body: () => ({ slug: 'empire-burger' }) }, {})))
  sent.push(await send('malformed JSON', '/api/customer/login/v2', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' }))
  sent.push(await send('bad sign-in', '/api/customer/login/v2', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mobilePhone: '+14155550000', password: 'wrong-password' }) }))
  sent.push(await send('no such endpoint', '/api/nowhere'))
  // Public reads that routes let caches keep: with a token they are no-store all the same.
  sent.push(await send('cities (signed in)', '/api/cities', { headers: owner }))
  sent.push(await send('map settings (signed in)', '/api/config', { headers: owner }))
  sent.push(await send('menu (signed in)', `/api/merchants/locations/${ids.empireId}/menu?orderType=pickup`, { headers: owner }))
  sent.push(await send('no such endpoint (signed in)', '/api/nowhere', { headers: owner }))
  sent.push(await send('the app shell', '/o/some-order'))
  sent.push(await send('a static file', '/app-shell/index.html'))
  return sent
}

describe('security headers on every response', () => {
  it('sends a CSP without unsafe-inline or unsafe-eval for scripts, with the shell’s inline script hashed and data scripts left out', async () => {
    const sent = await walk()
    expect(sent.length).toBeGreaterThan(50)
    const [islandHash] = inlineScriptHashes(`<script>${ISLAND_RUNTIME}</script>`)
    for (const { label, response } of sent) {
      const policy = response.headers.get('content-security-policy') ?? ''
      const directives = new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]))
      expect(directives.get('script-src'), label).toEqual(["'self'", islandHash])
      expect(directives.get('connect-src'), label).toEqual(["'self'"])
      expect(directives.get('img-src'), label).toEqual(["'self'", 'data:', 'https://tile.openstreetmap.org'])
      expect(directives.get('frame-ancestors'), label).toEqual(["'none'"])
      expect(directives.get('object-src'), label).toEqual(["'none'"])
      expect(directives.get('base-uri'), label).toEqual(["'self'"])
    }
  })

  it('sends nosniff, a Referrer-Policy and no framing on every response, and HSTS only behind TLS', async () => {
    for (const { label, response } of await walk()) {
      expect(response.headers.get('x-content-type-options'), label).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('x-frame-options'), label).toBe('DENY')
      expect(response.headers.get('strict-transport-security'), label).toBeNull()
    }
    for (const path of ['/api/health', '/', '/o/some-order']) {
      const behindTls = await t.app.request(path, { headers: { 'x-forwarded-proto': 'https' } })
      expect(behindTls.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains')
    }
  })

  it('answers no-store to every request with a token and to every answer with a customer’s objects', async () => {
    const sent = await walk()
    const authenticated = sent.filter((request) => request.authenticated)
    expect(authenticated.length).toBeGreaterThan(20)
    for (const { label, response } of authenticated) expect(response.headers.get('cache-control'), label).toBe('no-store')
    const [guestOrder] = await t.db
      .insert(orders)
      .values({ customerId: null, locationId: ids.empireId, orderTypeCode: 'pickup', status: '6', subtotalMinor: 1200, totalMinor: 1200, currency: 'USD', guestName: 'Guest Diner', guestPhone: '+14155550879' })
      .returning()
    const guestRead = await send('a guest’s order', `/api/order/v2/getOrder?orderId=${guestOrder!.id}`)
    expect(guestRead.response.status).toBe(200)
    expect(guestRead.response.headers.get('cache-control')).toBe('no-store')
    const card = await send('tokenisation', '/api/provider/sandbox/tokenize', { method: 'POST', headers: { Authorization: 'Basic x', 'Content-Type': 'application/json' }, body: '{}' })
    expect(card.response.headers.get('cache-control')).toBe('no-store')
  })
})

describe('the policy', () => {
  it('hashes executable inline scripts only: not JSON-LD, not scripts with a src', () => {
    const html = `<script>a()</script><script type="module">b()</script><script type="application/ld+json">{}</script><script src="/x.js"></script>`
    expect(inlineScriptHashes(html)).toEqual(["'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='", inlineScriptHashes('<script>b()</script>')[0]])
  })

  it('allows the tile server’s origin for images, and nothing for a relative tile template', () => {
    expect(buildContentSecurityPolicy({ scriptHashes: [], tileUrl: 'https://tiles.example.net/{z}/{x}/{y}.png' })).toContain("img-src 'self' data: https://tiles.example.net;")
    expect(buildContentSecurityPolicy({ scriptHashes: [], tileUrl: '/tiles/{z}/{x}/{y}.png' })).toContain("img-src 'self' data:;")
  })
})

// The real HTTP server hands the app light requests and answers (@hono/node-server); the headers set
// after an answer is made must reach the client without rebuilding it (docs/decisions.md "Issue 16 —
// light requests and answers").
describe('through the Node HTTP server', () => {
  it('a public menu read carries the security headers and Vary, plain without Accept-Encoding and gzipped with it; a signed-in call is no-store', async () => {
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started))
    })
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const [place] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.locationSlug, 'empire-burger'))
      const body = JSON.stringify({ data: encryptPayload({ locationId: place!.id, menuType: 'pickup', visibleTo: ['C'] }, t.env.PAYLOAD_KEY) })
      // node:http, not fetch: fetch would undo the gzip the test looks at.
      const read = (encoding: string) =>
        new Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
          const sent = httpRequest(`${origin}/api/merchants/menu/v2`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Accept-Encoding': encoding } }, (answer) => {
            const chunks: Buffer[] = []
            answer.on('data', (chunk: Buffer) => chunks.push(chunk))
            answer.on('end', () => resolve({ status: answer.statusCode!, headers: answer.headers, bytes: Buffer.concat(chunks) }))
          })
          sent.on('error', reject)
          sent.end(body)
        })
      const plain = await read('identity')
      const plainText = plain.bytes.toString('utf8')
      const gzipped = await read('gzip')
      for (const answer of [plain, gzipped]) {
        expect(answer.status).toBe(200)
        expect(answer.headers['content-security-policy']).toContain("default-src 'self'")
        expect(answer.headers['x-content-type-options']).toBe('nosniff')
        expect(answer.headers.vary).toBe('Accept-Encoding')
        expect(answer.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
      }
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(gzipped.headers['content-encoding']).toBe('gzip')
      expect(gzipped.headers.etag).toBe(`W/${plain.headers.etag}`)
      expect(gunzipSync(gzipped.bytes).toString('utf8')).toBe(plainText)
      expect((decryptPayload(plainText, t.env.PAYLOAD_KEY) as { items: unknown[] }).items.length).toBeGreaterThan(0)

      const signedIn = await fetch(`${origin}/api/customer/profile`, { headers: { Authorization: `Bearer ${asha.token}` } })
      await signedIn.arrayBuffer()
      expect(signedIn.headers.get('cache-control')).toBe('no-store')
      expect(signedIn.headers.get('content-security-policy')).toContain("default-src 'self'")
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('reads a JSON body sent in packets: UTF-8 split inside a character, a leading BOM; the Idempotency-Key fingerprint and the route read the same text', async () => {
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started))
    })
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      // The body in three packets, the first cut inside a multi-byte character, with its declared length (the light request's path).
      const send = (path: string, bytes: Buffer, headers: Record<string, string> = {}) =>
        new Promise<{ status: number; headers: IncomingHttpHeaders; text: string }>((resolve, reject) => {
          const sent = httpRequest(
            `${origin}/api${path}`,
            { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(bytes.length), Authorization: `Bearer ${asha.token}`, ...headers } },
            (answer) => {
              const chunks: Buffer[] = []
              answer.on('data', (chunk: Buffer) => chunks.push(chunk))
              answer.on('end', () => resolve({ status: answer.statusCode!, headers: answer.headers, text: Buffer.concat(chunks).toString('utf8') }))
            },
          )
          sent.on('error', reject)
          const cut = bytes.indexOf(Buffer.from('é')) + 1
          sent.write(bytes.subarray(0, cut))
          setTimeout(() => {
            sent.write(bytes.subarray(cut, cut + 7))
            setTimeout(() => sent.end(bytes.subarray(cut + 7)), 20)
          }, 20)
        })
      const street = 'Crème brûlée Straße 🍮 7'
      const json = Buffer.from(JSON.stringify({ tag: 'Custom', customTag: 'Café', addressLine1: street, lat: 37.79, lng: -122.39 }))
      const added = await send('/addresses', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json]))
      expect(added.status, added.text).toBe(201)
      expect(JSON.parse(added.text)).toMatchObject({ addressLine1: street, customTag: 'Café' })

      const payload = { locationId: ids.empireId, orderTypeCode: 'pickup', items: [{ itemId: ids.itemId, quantity: 1 }], orderInstruction: 'No onions — merci, café' }
      const placement = Buffer.from(JSON.stringify({ data: encryptPayload(payload, t.env.PAYLOAD_KEY), note: 'é' }))
      const key = { 'Idempotency-Key': `socket-body-${Date.now()}` }
      const first = await send('/order/customer/createOrder', placement, key)
      expect(first.status, first.text).toBe(201)
      // The same key and payload, encrypted anew: the fingerprint is of the decrypted text, so a replay.
      const again = await send('/order/customer/createOrder', Buffer.from(JSON.stringify({ data: encryptPayload(payload, t.env.PAYLOAD_KEY), note: 'é' })), key)
      expect(again.status).toBe(201)
      expect(again.headers['idempotent-replayed']).toBe('true')
      const placed = decryptPayload(first.text, t.env.PAYLOAD_KEY) as { orderId: string; orderInstruction: string | null }
      expect((decryptPayload(again.text, t.env.PAYLOAD_KEY) as { orderId: string }).orderId).toBe(placed.orderId)
      expect(placed.orderInstruction).toBe(payload.orderInstruction)
      // Another payload under that key is refused: the fingerprint read this body, not the first one's.
      const other = await send('/order/customer/createOrder', Buffer.from(JSON.stringify({ data: encryptPayload({ ...payload, orderInstruction: 'Extra onions' }, t.env.PAYLOAD_KEY) })), key)
      expect(other.status).toBe(422)
      expect(JSON.parse(other.text)).toMatchObject({ code: 'idempotency_key_reused' })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
