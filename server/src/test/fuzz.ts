import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import type { z } from 'zod'
import { afterAll, describe, expect, it } from 'vitest'
import type { EndpointSpec } from '@/shared/api/contracts/endpoint'
import { endpoints as endpointMap } from '@/shared/api/contracts/endpoints'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { customers, diningTables, locations, menuItems, modifierOptions } from '../db/schema'
import { staffHeaders } from './staff-auth'
import { startSession } from '../modules/auth/sessions'
import { createTestApp, type TestApp } from './harness'
import { arbitraryOf, objectSchemasOf } from './zod-arbitrary'

export type Endpoint = { method: string; path: string }

/**
 * Readiness probes answer 503 by design (a load balancer reads the status, not a body):
 * they are the only API paths left out of the "never a 5xx" property.
 */
const PROBES = new Set(['GET /api/health', 'GET /api/health/site'])

/** Every endpoint the app serves, read from its router so a new one is fuzzed without a list to keep. */
export function endpointsOf(app: TestApp['app']): Endpoint[] {
  const seen = new Map<string, Endpoint>()
  for (const route of app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/') || route.path.includes('*')) continue
    const name = `${route.method} ${route.path}`
    if (!PROBES.has(name)) seen.set(name, { method: route.method, path: route.path })
  }
  return [...seen.values()]
}

/** Real ids and tokens of the seeded database, so generated requests also reach past the lookups. */
export async function valuePool(t: TestApp) {
  const rows = <T>(promise: Promise<T[]>) => promise
  const locationRows = await rows(t.db.select({ id: locations.id, slug: locations.locationSlug }).from(locations))
  const items = await rows(t.db.select({ id: menuItems.id }).from(menuItems).limit(20))
  const options = await rows(t.db.select({ id: modifierOptions.id }).from(modifierOptions).limit(20))
  const tables = await rows(t.db.select({ id: diningTables.id }).from(diningTables).limit(10))
  const [customer] = await t.db.insert(customers).values({ firstName: 'Fuzz', mobilePhone: '+14155550999' }).returning()
  await t.db.update(customers).set({ mobileVerifiedAt: new Date() }).where(eq(customers.id, customer!.id))
  return {
    ids: [...locationRows.map((row) => row.id), ...items.map((row) => row.id), ...options.map((row) => row.id), ...tables.map((row) => row.id), customer!.id],
    slugs: locationRows.map((row) => row.slug),
    tokens: [(await startSession(t.db, t.env.TOKEN_SECRET, customer!.id)).accessToken, ...(await Promise.all(locationRows.slice(0, 3).map(async (row) => (await staffHeaders(t, row.slug, 'manager')).Authorization.slice('Bearer '.length))))],
  }
}

/** Field names the contracts use, so generated objects look like requests and reach validation's far side. */
const FIELDS = [
  'locationId', 'locationSlug', 'slug', 'id', 'orderId', 'reservationId', 'itemId', 'modifierOptionId', 'tableId', 'callId', 'eventSlug',
  'menuType', 'orderType', 'orderTypeCode', 'visibleTo', 'items', 'options', 'quantity', 'comment', 'tip', 'tipType', 'value',
  'guestCount', 'kidzSize', 'highChair', 'fullName', 'firstName', 'lastName', 'mobile', 'mobilePhone', 'phone', 'email', 'guest',
  'reservationDate', 'reservationSlot', 'date', 'status', 'cancelReason', 'notes', 'couponCode', 'code', 'otp', 'password',
  'refreshToken', 'lat', 'lng', 'latitude', 'longitude', 'query', 'q', 'city', 'amount', 'cardId', 'paymentMethod', 'walletAmount',
  'rating', 'message', 'subject', 'type', 'entityType', 'splits', 'orderInstruction', 'scheduledFor', 'addressId', 'url', 'page', 'limit',
] as const

/** The request schemas: the shared contracts and the server modules' own. */
export async function requestSchemas() {
  const folders = [fileURLToPath(new URL('../../../src/shared/api/contracts/', import.meta.url))]
  const moduleRoot = fileURLToPath(new URL('../modules/', import.meta.url))
  for (const module of readdirSync(moduleRoot)) folders.push(join(moduleRoot, module))
  const files = folders.flatMap((folder) =>
    readdirSync(folder)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && (folder.includes('contracts') || file.includes('schema')))
      .map((file) => join(folder, file)),
  )
  return objectSchemasOf(await Promise.all(files.map((file) => import(file) as Promise<Record<string, unknown>>)))
}

/** Refusals of a request's shape: any other answer means the payload got past validation. */
export const SHAPE_REFUSALS = new Set(['invalid_request', 'missing_payload', 'undecryptable_payload', 'empty_body', 'malformed_json'])

export type Pool = Awaited<ReturnType<typeof valuePool>>

export function idArbitrary(pool: Pool) {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...pool.ids) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom('', '0', '-1', 'null', '00000000-0000-0000-0000-000000000000', '../..', '%00') },
  )
}

/** Object values as query-string values. */
export const stringValues = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value)
          .filter(([, entry]) => entry !== undefined)
          .map(([name, entry]) => [name, typeof entry === 'string' ? entry : JSON.stringify(entry)]),
      )
    : {}

type Shape = { encrypted: boolean; schemas: z.ZodType[] }

/**
 * A mapped endpoint's input, read from the endpoint map (src/shared/api/contracts/endpoints.ts): the
 * schema the route validates its body (or a GET's query) with, and whether the body is encrypted.
 * Undefined for a route not in the map yet, whose shape is still found by trying every schema.
 */
export function mappedInput(endpoint: Endpoint): { encrypted: boolean; schema: z.ZodType | undefined } | undefined {
  const spec = (endpointMap as Record<string, EndpointSpec>)[`${endpoint.method} ${endpoint.path.replace(/^\/api/, '')}`]
  if (!spec) return undefined
  const schema = endpoint.method === 'GET' ? spec.query : (spec.body ?? spec.query)
  return { encrypted: endpoint.method !== 'GET' && spec.wire === 'encrypted' && spec.body !== undefined, schema }
}

/**
 * Which request schemas an endpoint takes, found by trying a valid sample of each (as its body, in
 * the endpoint's encoding, and as its query string): a schema fits when the answer is not a refusal
 * of the shape. Derived, not listed, so a new endpoint or contract needs no change here.
 */
async function discoverShape(t: TestApp, endpoint: Endpoint, schemas: z.ZodType[], pool: Pool, samplesPerSchema: number): Promise<Shape> {
  // A mapped route says what it reads: its schema, or (reading nothing) any contract's shape, as the
  // discovery below concludes for such a route. Trying ~100 schemas on each of ~100 routes was most
  // of this file's time (docs/decisions.md, "Issue 15 — npm test under 15 minutes").
  const mapped = mappedInput(endpoint)
  if (mapped) return { encrypted: mapped.encrypted, schemas: mapped.schema ? [mapped.schema] : schemas }
  const send = async (payload: unknown, encrypted: boolean) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${pool.tokens[0]}` }
    const init: RequestInit = { method: endpoint.method, headers }
    if (endpoint.method !== 'GET') {
      headers['Content-Type'] = 'application/json'
      init.body = JSON.stringify(encrypted ? { data: encryptPayload(payload, t.env.PAYLOAD_KEY) } : payload)
    }
    const search = new URLSearchParams(stringValues(payload)).toString()
    const path = endpoint.path.replace(/:[A-Za-z]+/g, pool.ids[0]!)
    const response = await t.app.request(`${path}${search ? `?${search}` : ''}`, init)
    if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      await response.body?.cancel()
      return 'stream'
    }
    const text = await response.text()
    if (response.status < 400) return 'ok'
    try {
      return String((JSON.parse(text) as { code?: unknown }).code)
    } catch {
      return 'not-json'
    }
  }
  const encrypted = endpoint.method !== 'GET' && (await send({}, false)) === 'missing_payload'
  const ids = idArbitrary(pool)
  const fitting: z.ZodType[] = []
  for (const [index, schema] of schemas.entries()) {
    const samples = fc.sample(arbitraryOf(schema, ids, { strict: true }), { numRuns: samplesPerSchema, seed: index })
    for (const sample of samples) {
      if (!SHAPE_REFUSALS.has(await send(sample, encrypted))) {
        fitting.push(schema)
        break
      }
    }
  }
  return { encrypted, schemas: fitting.length > 0 && fitting.length < schemas.length ? fitting : schemas }
}

function arbitraries(pool: Pool, allSchemas: z.ZodType[], shape: Shape, passphrase: string) {
  const id = idArbitrary(pool)
  const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(...pool.slugs), fc.constantFrom('pickup', 'delivery', 'dine-in', 'event', 'C', 'ONLINE', 'Active', 'Seated', '+14155550999', '2026-11-27', '19:00', 'WELCOME10'))
  const scalar = fc.oneof(id, text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.integer({ min: 0, max: 25 }))
  const field = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) })
  const loose: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown; object: Record<string, unknown> }>((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('object'), fc.array(tie('value'), { maxLength: 3 })),
    object: fc.dictionary(field, tie('value'), { maxKeys: 8 }),
  })).object
  const fitting = fc.oneof(...shape.schemas.map((schema) => arbitraryOf(schema, id)))
  const anyContract = fc.oneof(...allSchemas.map((schema) => arbitraryOf(schema, id)))
  // Shaped like this endpoint's requests most of the time: that is where the handlers' own code runs.
  const payload = fc.oneof(
    { weight: 8, arbitrary: fitting },
    { weight: 1, arbitrary: anyContract },
    { weight: 1, arbitrary: loose },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  )
  const encrypt = (value: unknown) => JSON.stringify({ data: encryptPayload(value, passphrase) })
  const plain = (value: unknown) => JSON.stringify(value)
  const request = fc.oneof(
    { weight: 8, arbitrary: payload.map((value) => ({ value, body: (shape.encrypted ? encrypt : plain)(value) })) },
    { weight: 1, arbitrary: payload.map((value) => ({ value, body: (shape.encrypted ? plain : encrypt)(value) })) },
    { weight: 1, arbitrary: fc.constant({ value: undefined as unknown, body: undefined as string | undefined }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 80 }).map((body) => ({ value: undefined as unknown, body })) },
    { weight: 1, arbitrary: payload.map((value) => ({ value, body: JSON.stringify({ data: encryptPayload(value, 'not-the-key') }) })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((data) => ({ value: undefined as unknown, body: JSON.stringify({ data }) })) },
  )
  const extraQuery = fc.dictionary(field, fc.oneof(id, text, fc.integer().map(String)), { maxKeys: 4 })
  const header = fc.string({ unit: 'grapheme-ascii', maxLength: 40 })
  const authorization = fc.oneof(
    { weight: 5, arbitrary: fc.constant(`Bearer ${pool.tokens[0]}`) },
    { weight: 2, arbitrary: fc.constantFrom(...pool.tokens.slice(1)).map((token) => `Bearer ${token}`) },
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: header },
  )
  return fc.record({
    params: fc.array(fc.oneof({ weight: 4, arbitrary: id }, { weight: 1, arbitrary: text }), { minLength: 4, maxLength: 4 }),
    request,
    // The payload's fields also as the query (some endpoints read their parameters there), or other fields.
    query: fc.oneof(fc.constant(null), extraQuery),
    authorization,
    idempotencyKey: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: fc.uuid() }, { weight: 1, arbitrary: header }),
    contentType: fc.constantFrom('application/json', 'application/json', 'text/plain'),
  })
}

/**
 * The error body (docs/api.md "Error bodies under any input") for any input: no 5xx, and every refusal is `{status, message, code}` with the HTTP status.
 * One test per endpoint of the app's router, `runs` generated requests each. Call it with top-level
 * await: the router is read while the tests are collected.
 */
export async function fuzzEveryEndpoint(runs: number, timeoutMs: number) {
  const t = await createTestApp()
  const endpoints = endpointsOf(t.app)
  const pool = await valuePool(t)
  const schemas = await requestSchemas()
  afterAll(() => t.close())

  it('finds the endpoints in the app’s router', () => {
    expect(endpoints.length).toBeGreaterThan(80)
    expect(endpoints).toContainEqual({ method: 'POST', path: '/api/order/customer/createOrder' })
  })

  describe(`${runs} generated requests per endpoint: never a 5xx, every refusal {status, message, code}`, () => {
    it.each(endpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))('%s', { timeout: timeoutMs }, async (_, endpoint) => {
      t.errors.length = 0
      const shape = await discoverShape(t, endpoint, schemas, pool, runs >= 100 ? 3 : 1)
      const requests = arbitraries(pool, schemas, shape, t.env.PAYLOAD_KEY)
      await fc.assert(
        fc.asyncProperty(requests, async ({ params, request, query, authorization, idempotencyKey, contentType }) => {
          let index = 0
          const path = endpoint.path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(params[index++] ?? 'x') || 'x')
          const search = new URLSearchParams(query ?? stringValues(request.value)).toString()
          const init: RequestInit & { headers: Record<string, string> } = { method: endpoint.method, headers: {} }
          if (authorization !== undefined) init.headers.Authorization = authorization
          if (idempotencyKey !== undefined) init.headers['Idempotency-Key'] = idempotencyKey
          if (request.body !== undefined && endpoint.method !== 'GET') {
            init.body = request.body
            init.headers['Content-Type'] = contentType
          }
          const response = await t.app.request(`${path}${search ? `?${search}` : ''}`, init)
          const responseType = response.headers.get('content-type') ?? ''
          if (responseType.startsWith('text/event-stream')) {
            await response.body?.cancel()
            return
          }
          const text = await response.text()
          const where = `${response.status} ${text.slice(0, 300)}`
          if (response.status >= 500) throw new Error(`5xx: ${where}`)
          if (response.status < 400) return
          if (!responseType.includes('application/json')) throw new Error(`refusal without a JSON error body: ${where}`)
          const refusal = JSON.parse(text) as Record<string, unknown>
          const wellFormed =
            refusal.status === response.status &&
            typeof refusal.message === 'string' &&
            refusal.message.length > 0 &&
            typeof refusal.code === 'string' &&
            refusal.code.length > 0
          if (!wellFormed) throw new Error(`malformed error body: ${where}`)
        }),
        { numRuns: runs },
      )
      expect(t.errors, 'the app logged errors').toEqual([])
    })
  })
}
