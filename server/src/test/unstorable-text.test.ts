import { and, eq } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import type { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_TOKENIZE_AUTHORIZATION } from '@/shared/api/contracts/card-provider'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import type { DatabaseHandle } from '../db/client'
import { locations, menuItems, orders } from '../db/schema'
import { callAs, createTestCustomer } from './signed-in-client'
import { unstorableTextIn } from '../lib/wire'
import { endpointsOf, idArbitrary, mappedInput, requestSchemas, SHAPE_REFUSALS, stringValues, valuePool, type Endpoint, type Pool } from './fuzz'
import { createTestApp, type TestApp } from './harness'
import { arbitraryOf } from './zod-arbitrary'

/** The two kinds of text PostgreSQL cannot store. */
const TAINTS = { NUL: '\u0000', 'a lone surrogate': '\uD83D' } as const

/** Every string in a value, by its path: where a tainted copy of the request puts its bad character. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path]
  if (Array.isArray(value)) return value.flatMap((entry, index) => stringPaths(entry, [...path, index]))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, entry]) => stringPaths(entry, [...path, key]))
  return []
}

function taint(value: unknown, path: (string | number)[], bad: string): unknown {
  if (path.length === 0) return `${(value as string).slice(0, 3)}${bad}${(value as string).slice(3)}`
  const [head, ...rest] = path
  if (Array.isArray(value)) return value.map((entry, index) => (index === head ? taint(entry, rest, bad) : entry))
  return { ...(value as Record<string, unknown>), [head!]: taint((value as Record<string, unknown>)[head!], rest, bad) }
}

type Answer = { status: number; code: string }

let t: TestApp
let pool: Pool
let schemas: z.ZodType[]
let endpoints: Endpoint[]
beforeAll(async () => {
  t = await createTestApp()
  pool = await valuePool(t)
  schemas = await requestSchemas()
  endpoints = endpointsOf(t.app)
})
afterAll(() => t.close())

type Where = 'body' | 'query'

/** One request with the payload as its body or as its query string (some endpoints read their parameters there). */
async function send(
  endpoint: Endpoint,
  {
    payload,
    encrypted,
    authorization,
    params,
    where = endpoint.method === 'GET' ? 'query' : 'body',
    raw,
  }: { payload?: unknown; encrypted: boolean; authorization?: string; params?: string; where?: Where; raw?: string },
): Promise<Answer> {
  const headers: Record<string, string> = authorization ? { Authorization: authorization } : {}
  const init: RequestInit = { method: endpoint.method, headers }
  if (where === 'body') {
    headers['Content-Type'] = 'application/json'
    init.body = raw ?? JSON.stringify(encrypted ? { data: encryptPayload(payload, t.env.PAYLOAD_KEY) } : payload)
  }
  const search = where === 'query' ? new URLSearchParams(stringValues(payload)).toString() : ''
  const path = endpoint.path.replace(/:[A-Za-z]+/g, params ?? pool.ids[0]!)
  const response = await t.app.request(`${path}${search ? `?${search}` : ''}`, init)
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    await response.body?.cancel()
    return { status: response.status, code: 'stream' }
  }
  const text = await response.text()
  let code = ''
  try {
    code = String((JSON.parse(text) as { code?: unknown }).code)
  } catch {
    code = 'not-json'
  }
  return { status: response.status, code }
}

describe('text PostgreSQL cannot store (NUL, a lone surrogate) is refused as 400 invalid_text, never a 500', () => {
  it('the shared validation names the field: strings, keys and nesting, and a valid surrogate pair passes', () => {
    expect(unstorableTextIn({ a: [{ b: 'ok' }, { c: 'x\u0000y' }] })).toBe('a.1.c')
    expect(unstorableTextIn({ name: 'caf\uDC00' })).toBe('name')
    expect(unstorableTextIn({ ['k\u0000']: 1 })).toBe('k\u0000')
    expect(unstorableTextIn({ emoji: 'table for 2 😀', accents: 'Crème brûlée' })).toBeNull()
    let deep: unknown = 'x\u0000'
    for (let level = 0; level < 100_000; level++) deep = [deep]
    expect(unstorableTextIn(deep)).toMatch(/^0(\.0)*$/)
  })

  it('a NUL in a path parameter or in the query of every endpoint is refused before routing', async () => {
    t.errors.length = 0
    const refused: string[] = []
    for (const endpoint of endpoints) {
      if (endpoint.path.includes(':')) {
        const inPath = await send(endpoint, { payload: {}, encrypted: false, authorization: `Bearer ${pool.tokens[0]}`, params: `slug%00` })
        if (inPath.status !== 400 || inPath.code !== 'invalid_text') refused.push(`${endpoint.method} ${endpoint.path} (path): ${inPath.status} ${inPath.code}`)
      }
      const path = endpoint.path.replace(/:[A-Za-z]+/g, pool.ids[0]!)
      const inQuery = await t.app.request(`${path}?q=a%00b`, { method: endpoint.method, headers: { Authorization: `Bearer ${pool.tokens[0]}` } })
      const body = (await inQuery.json()) as Answer
      if (inQuery.status !== 400 || body.code !== 'invalid_text') refused.push(`${endpoint.method} ${endpoint.path} (query): ${inQuery.status} ${body.code}`)
    }
    expect(refused).toEqual([])
    // A slug with %00 among the app's own pages, too.
    const page = await t.app.request('/restaurant/empire%00burger')
    expect(page.status).toBe(400)
    expect(t.errors).toEqual([])
  })

  it(
    'every endpoint of the app’s router that reads a body, with NUL and with a lone surrogate in each string field of its requests: 400 invalid_text, nothing logged',
    { timeout: 300_000 },
    async () => {
      const ids = idArbitrary(pool)
      const callers = [...pool.tokens.map((token) => `Bearer ${token}`), SANDBOX_TOKENIZE_AUTHORIZATION, undefined]
      const wrong: string[] = []
      const bodiless: string[] = []
      let checks = 0
      let reading = 0
      // A query string cannot carry a lone surrogate (it is written as UTF-8), and a NUL there is refused before routing (above).
      for (const endpoint of endpoints.filter(({ method }) => method !== 'GET')) {
        const name = `${endpoint.method} ${endpoint.path}`
        // The caller that gets past authentication: a customer, a staff member of the first location, the card provider's key, or none.
        let authorization: string | undefined
        let answer: Answer = { status: 0, code: '' }
        for (const candidate of callers) {
          authorization = candidate
          answer = await send(endpoint, { encrypted: false, authorization, raw: 'not json' })
          if (answer.status !== 401 && answer.status !== 403) break
        }
        // Whether it reads its body at all: a body that is not JSON is refused as such.
        const readsBody = ['malformed_json', 'missing_payload', 'empty_body'].includes(answer.code)
        if (!readsBody) bodiless.push(`${name} (${answer.status} ${answer.code})`)
        else reading += 1
        const encrypted = (await send(endpoint, { payload: {}, encrypted: false, authorization })).code === 'missing_payload'
        // Its request schemas: a valid sample gets past validation; without any, every schema's sample.
        const samplesOf = (schema: z.ZodType, index: number, runs: number) => fc.sample(arbitraryOf(schema, ids, { strict: true }), { numRuns: runs, seed: 1300 + index })
        const fits = async (sample: unknown) => !SHAPE_REFUSALS.has((await send(endpoint, { payload: sample, encrypted, authorization })).code)
        const fitting: unknown[] = []
        // `npm test`: a mapped route names its body schema (src/shared/api/contracts/endpoints.ts), so two samples of it rather than
        // two of every contract schema, which was most of this file's time; a route not in the map yet, one whose samples all miss,
        // and `npm run test:stress` try every schema.
        const input = process.env.STRESS === '1' ? undefined : mappedInput(endpoint)
        const mapped = input?.schema
        if (mapped) {
          for (const sample of samplesOf(mapped, schemas.indexOf(mapped), 6)) if (await fits(sample)) fitting.push(sample)
          // The samples with the most text first: the two taken below then reach as many fields as the old discovery's did.
          fitting.sort((a, b) => stringPaths(b).length - stringPaths(a).length)
        }
        // A mapped route that reads no body takes any shape: every schema would fit, which the line after this loop handles.
        if (fitting.length === 0 && !(input && !mapped)) {
          for (const [index, schema] of schemas.entries()) {
            for (const sample of samplesOf(schema, index, 2)) if (await fits(sample)) fitting.push(sample)
          }
        }
        const requests = fitting.length > 0 && fitting.length < schemas.length * 2 ? fitting : schemas.map((schema, index) => samplesOf(schema, index, 1)[0])
        for (const sample of process.env.STRESS === '1' ? requests : requests.slice(0, 2)) {
          // `npm test`: two requests per endpoint, their first three string fields, one kind of bad text each, taking turns across fields
          // and endpoints (the refusal is the shared schemas', not each field's); `npm run test:stress`: both kinds on every field.
          const paths = stringPaths(sample)
          for (const [field, path] of (process.env.STRESS === '1' ? paths : paths.slice(0, 3)).entries()) {
            const kinds = Object.entries(TAINTS).filter((_, kind) => process.env.STRESS === '1' || kind === (field + reading) % 2)
            for (const [what, bad] of kinds) {
              checks += 1
              const logged = t.errors.length
              const tainted = await send(endpoint, { payload: taint(sample, path, bad), encrypted, authorization })
              const where = `${name} ${path.join('.')} with ${what}`
              if (readsBody && (tainted.status !== 400 || tainted.code !== 'invalid_text')) wrong.push(`${where}: ${tainted.status} ${tainted.code}`)
              if (tainted.status >= 500) wrong.push(`${where}: ${tainted.status} ${tainted.code}`)
              if (t.errors.length > logged) wrong.push(`${where}: logged ${String((t.errors.at(-1) as unknown[])[0])}`)
            }
          }
        }
      }
      console.info(`unstorable text: ${checks} tainted bodies on ${reading} endpoints that read a body; reading none: ${bodiless.join(', ')}`)
      expect(wrong).toEqual([])
      expect(reading).toBeGreaterThan(50)
    },
  )
})

describe('the database’s own refusal of such text is the last line', () => {
  it('SQLSTATE 22021 from the database answers 400 invalid_text (and is logged, as validation missed it), not 500', async () => {
    // What PostgreSQL and PGlite raise for a NUL in text, taken from the database itself.
    let refusal: unknown
    try {
      await t.db.execute(sql`select ${'a\u0000b'}::text`)
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeDefined()
    let failNext = false
    const failing = (db: DatabaseHandle['db']) =>
      new Proxy(db, {
        get(target, property, receiver) {
          if (property !== 'transaction') return Reflect.get(target, property, receiver)
          return (work: (tx: unknown) => Promise<unknown>, config?: unknown) =>
            (target.transaction as (work: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown>)(async (tx) => {
              if (failNext) {
                failNext = false
                throw refusal
              }
              return work(tx)
            }, config)
        },
      })
    const app = await createTestApp({ wrapDb: failing })
    try {
      const asha = await createTestCustomer(app, 'Asha', '+14155550378')
      const [empire] = await app.db.select().from(locations).where(eq(locations.locationSlug, 'empire-burger'))
      const [fries] = await app.db.select().from(menuItems).where(and(eq(menuItems.locationId, empire!.id), eq(menuItems.name, 'French Fries')))
      const cart = { locationId: empire!.id, orderTypeCode: 'pickup', items: [{ itemId: fries!.id, quantity: 1 }], tip: { tipType: 'NONE', value: 0 } }
      failNext = true
      const answer = await callAs(app, asha, 'POST', '/order/customer/createOrder', { data: encryptPayload(cart, app.env.PAYLOAD_KEY) }, { 'Idempotency-Key': 'text-last-line' })
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ status: 400, code: 'invalid_text' })
      expect(await app.db.select().from(orders).where(eq(orders.customerId, asha.id))).toHaveLength(0)
      expect(app.errors).toHaveLength(1)
      expect(String((app.errors[0] as unknown[])[0])).toMatch(/text it cannot store/)
    } finally {
      await app.close()
    }
  })
})
