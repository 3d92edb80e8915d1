import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decryptPayload, encryptPayload } from '@/shared/lib/crypto/payload'
import { createApp, SHELL_PATH } from '../app'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { locations } from '../db/schema'
import { seedDemoData } from '../db/seed'
import { loadEnv } from '../env'
import { fixedSite } from '../site/site-builder'
import { isDatabaseUnavailable, noteListenFailure } from '../lib/errors'
import { createTestCustomer } from './signed-in-client'
import { switchableDatabase } from './failing-database'
import { createTestApp, type TestApp } from './harness'
import { startOwnCluster, type OwnCluster } from './own-postgres'
import { runningClockFrom } from './running-clock'

const serverUrl = process.env.DATABASE_URL

type Running = {
  app: ReturnType<typeof createApp>
  key: string
  errors: unknown[][]
  db: DatabaseHandle['db']
  token: string
  customerId: string
}

async function call(
  running: Running,
  method: string,
  path: string,
  { payload, json, headers = {} }: { payload?: unknown; json?: unknown; headers?: Record<string, string> } = {},
) {
  const init: RequestInit = { method, headers: { ...headers } }
  if (payload !== undefined || json !== undefined) {
    ;(init.headers as Record<string, string>)['Content-Type'] = 'application/json'
    init.body = JSON.stringify(payload !== undefined ? { data: encryptPayload(payload, running.key) } : json)
  }
  const response = await running.app.request(`/api${path}`, init)
  const text = await response.text()
  const body: any = (response.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(text) : text.startsWith('U2FsdGVkX1') ? decryptPayload(text, running.key) : text
  return { status: response.status, headers: response.headers, text, body }
}

/**
 * The apps' clock (AppDeps.now): a fixed Monday, 12:20 in San Francisco, running on with real time —
 * so no restaurant opens or closes between two searches the test compares, whatever the hour it runs
 * at — plus a skew, so that the search's periodic sweep falls due during the outage.
 */
const noonMonday = runningClockFrom('2026-11-23T20:20:00Z')
let skew = 0
const skewedNow = () => new Date(noonMonday().getTime() + skew)

/** The database routes a diner uses most, and what each sends. */
function databaseRoutes(running: Running, locationId: string) {
  const auth = { Authorization: `Bearer ${running.token}` }
  return [
    // With words: the candidates' query (a search without words answers from memory, below).
    ['POST /customer/findMerchant/v2', () => call(running, 'POST', '/customer/findMerchant/v2', { payload: { cityName: 'San Francisco', query: 'pizza' } })],
    ['POST /merchants/locations/slug', () => call(running, 'POST', '/merchants/locations/slug', { payload: { slug: 'empire-burger' } })],
    ['GET /cities', () => call(running, 'GET', '/cities')],
    ['POST /customer/profile/v2', () => call(running, 'POST', '/customer/profile/v2', { json: { id: running.customerId }, headers: auth })],
    ['GET /addresses', () => call(running, 'GET', `/addresses?customerId=${running.customerId}`, { headers: auth })],
    [
      'POST /order/customer/totals',
      () => call(running, 'POST', '/order/customer/totals', { payload: { locationId, orderTypeCode: 'pickup', items: [{ itemId: locationId, quantity: 1 }] } }),
    ],
  ] as const
}

/**
 * What every test of a database that goes away proves, on either engine: database routes answer
 * 503 try_again with Retry-After (no 500, one log line for the outage, no stack), a menu read
 * before keeps being served (and revalidated), one never read cannot be, the health probe says
 * unavailable; and all of it comes back with the database.
 */
async function provesOutage(running: Running, { stop, start }: { stop: () => Promise<void>; start: () => Promise<void> }) {
  const [empire] = await running.db.select().from(locations).where(eq(locations.locationSlug, 'empire-burger'))
  const [other] = await running.db.select().from(locations).where(eq(locations.locationSlug, 'olive-tree-soma'))
  const menuPath = `/merchants/locations/${empire!.id}/menu?orderType=pickup`
  const menuRequest = { locationId: empire!.id, menuType: 'pickup', visibleTo: ['C'] }
  const warm = await call(running, 'GET', menuPath)
  expect(warm.status).toBe(200)
  const etag = warm.headers.get('etag')!
  expect((await call(running, 'POST', '/merchants/menu/v2', { payload: menuRequest })).status).toBe(200)
  const search = (payload: object) => call(running, 'POST', '/customer/findMerchant/v2', { payload })
  const city = { cityName: 'San Francisco' }
  const warmSearch = await search(city)
  expect(warmSearch.status).toBe(200)
  expect(warmSearch.body.content.length).toBeGreaterThan(0)
  for (const [name, send] of databaseRoutes(running, empire!.id)) expect((await send()).status, name).toBeLessThan(500)
  running.errors.length = 0

  const mark = (what: string) => console.info(`${what}: ${Date.now() - begun} ms`)
  const begun = Date.now()
  await stop()
  mark('stopped')
  // Past the second a menu version is trusted unasked: these reads ask the database and fall back.
  await new Promise((resolve) => setTimeout(resolve, 1100))

  const cached = await call(running, 'GET', menuPath)
  expect(cached.status).toBe(200)
  expect(cached.body).toEqual(warm.body)
  expect(cached.headers.get('etag')).toBe(etag)
  expect((await call(running, 'GET', menuPath, { headers: { 'If-None-Match': etag } })).status).toBe(304)
  expect((await call(running, 'POST', '/merchants/menu/v2', { payload: menuRequest })).body).toEqual(warm.body)

  // Search without words answers from the list of restaurants it holds, the same one, from a new
  // point too — past its sweep of every version, which the database cannot answer now.
  skew += 6_000
  const duringOutage = await search(city)
  expect(duringOutage.status).toBe(200)
  expect(duringOutage.body).toEqual(warmSearch.body)
  const fromAPoint = await search({ ...city, lat: 37.7817, lng: -122.4012 })
  expect(fromAPoint.status).toBe(200)
  expect(fromAPoint.body.content.map((card: { id: string }) => card.id).sort()).toEqual(warmSearch.body.content.map((card: { id: string }) => card.id).sort())

  const neverRead = await call(running, 'GET', `/merchants/locations/${other!.id}/menu?orderType=pickup`)
  expect(neverRead.status).toBe(503)
  expect(neverRead.body).toMatchObject({ status: 503, code: 'try_again' })

  let slowest = 0
  for (const [name, send] of databaseRoutes(running, empire!.id)) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const sent = Date.now()
      const answer = await send()
      slowest = Math.max(slowest, Date.now() - sent)
      expect(answer.status, `${name}: ${answer.text.slice(0, 200)}`).toBe(503)
      expect(answer.body, name).toMatchObject({ status: 503, code: 'try_again', message: expect.stringMatching(/try again/i) })
      expect(answer.headers.get('retry-after'), name).toBe('5')
    }
  }
  mark(`routes refused (slowest ${slowest} ms)`)
  // Refused quickly, not after a connect timeout: the client is told to come back instead of waiting.
  expect(slowest).toBeLessThan(2500)
  const health = await call(running, 'GET', '/health')
  mark('health')
  expect(health.status).toBe(503)
  expect(health.body).toMatchObject({ status: 'unavailable' })

  // One line for the whole outage, and no stack trace in it: not one per request.
  expect(running.errors).toHaveLength(1)
  expect(running.errors[0]).toHaveLength(1)
  console.info(running.errors[0]![0])
  expect(running.errors[0]![0]).toEqual(expect.stringMatching(/^The database is unavailable \(.+\): database requests answer 503 try_again until it is back\.$/))

  await start()
  mark('started')
  await expect.poll(async () => (await call(running, 'GET', '/health')).status, { timeout: 20_000, interval: 200 }).toBe(200)
  for (const [name, send] of databaseRoutes(running, empire!.id)) expect((await send()).status, name).toBeLessThan(500)
  expect((await call(running, 'GET', `/merchants/locations/${other!.id}/menu?orderType=pickup`)).status).toBe(200)
  mark('recovered')
}

describe.skipIf(Boolean(serverUrl))('a database that is down, on PGlite (a database that fails every query as a closed PGlite does)', () => {
  const database = switchableDatabase()
  let t: TestApp
  let running: Running
  beforeAll(async () => {
    t = await createTestApp({ wrapDb: database.wrap, now: skewedNow })
    const customer = await createTestCustomer(t, 'Dana', '+14155550711')
    running = { app: t.app, key: t.env.PAYLOAD_KEY, errors: t.errors as unknown[][], db: t.db, token: customer.token, customerId: customer.id }
  })
  afterAll(() => t.close())

  it('answers 503 try_again with Retry-After on every database route, keeps serving the menus it read and search from its list, says unavailable on /api/health, logs the outage once, and recovers', async () => {
    await provesOutage(running, {
      stop: async () => database.stop(),
      start: async () => database.start(),
    })
    expect(database.refused()).toBeGreaterThan(0)
  })
})

describe.skipIf(!serverUrl)('a database that is down, on PostgreSQL (a cluster of the test’s own, really stopped under the running app)', () => {
  let cluster: OwnCluster
  let handle: DatabaseHandle
  let running: Running
  let staticDir: string
  let env: ReturnType<typeof loadEnv>
  let customer: { token: string; id: string }
  beforeAll(async () => {
    cluster = await startOwnCluster()
    handle = await openDatabase({ databaseUrl: cluster.url, dataDir: 'unused' })
    await handle.migrate()
    await seedDemoData(handle.db)
    staticDir = mkdtempSync(join(tmpdir(), 'tf-static-'))
    mkdirSync(join(staticDir, 'app-shell'), { recursive: true })
    writeFileSync(join(staticDir, SHELL_PATH), '<!doctype html><title>shell</title>')
    env = loadEnv({ SEED: '0', LOG_LEVEL: 'silent', STATIC_DIR: staticDir, SANDBOX: '1' })
    customer = await createTestCustomer({ db: handle.db, env } as unknown as TestApp, 'Dana', '+14155550711')
    running = appOn()
  }, 120_000)
  /**
   * An app on the cluster, with its own log. Each test has its own: the outage is logged once a
   * minute per app, so an outage another test's app noted (a dropped connection can answer 503)
   * must not silence this one's first line.
   */
  function appOn(): Running {
    const errors: unknown[][] = []
    const app = createApp({
      db: handle.db,
      env,
      kind: handle.kind,
      ping: handle.ping,
      listen: handle.listen,
      log: { info: () => {}, error: (...args: unknown[]) => void errors.push(args) },
      site: fixedSite(staticDir),
      now: skewedNow,
    })
    return { app, key: env.PAYLOAD_KEY, errors, db: handle.db, token: customer.token, customerId: customer.id }
  }
  afterAll(async () => {
    await handle?.close().catch(() => {})
    cluster?.dispose()
    if (staticDir) rmSync(staticDir, { recursive: true, force: true })
  })

  it('a dropped connection (the sessions terminated) answers 503 or serves, never 500, and the pool comes back by itself', async () => {
    // A new app: its LISTENs may still be starting when the sessions are terminated (a line each, no stack).
    const running = appOn()
    const admin = postgres(cluster.url, { max: 1, onnotice: () => {} })
    await admin`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and backend_type = 'client backend'`
    await admin.end()
    running.errors.length = 0
    const [empire] = await running.db.select().from(locations).where(eq(locations.locationSlug, 'empire-burger')).catch(() => [undefined])
    for (const [name, send] of databaseRoutes(running, empire?.id ?? '00000000-0000-0000-0000-000000000000')) {
      const answer = await send()
      expect(answer.status, `${name}: ${answer.text.slice(0, 200)}`).not.toBe(500)
    }
    await expect.poll(async () => (await call(running, 'GET', '/health')).status, { timeout: 20_000 }).toBe(200)
    expect(running.errors.filter((entry) => typeof entry[0] !== 'string' || entry.length !== 1)).toEqual([])
  }, 60_000)

  it('PostgreSQL stopped: 503 try_again with Retry-After on every database route, the menus it read and search without words still served, /api/health unavailable, the outage logged once; started again, everything answers', async () => {
    await provesOutage(running, {
      stop: async () => cluster.stop('fast'),
      start: async () => cluster.start(),
    })
  }, 90_000)
})

describe('which errors mean the database is away (answered 503 try_again)', () => {
  const wrapped = (cause: object) => new Error('Failed query: select 1', { cause })
  it.each([
    ['connection refused', { code: 'ECONNREFUSED', errno: -111 }],
    ['connection reset', { code: 'ECONNRESET' }],
    ['postgres.js CONNECTION_CLOSED', { code: 'CONNECTION_CLOSED', errno: 'CONNECTION_CLOSED' }],
    ['postgres.js CONNECTION_ENDED', { code: 'CONNECTION_ENDED' }],
    ['postgres.js CONNECT_TIMEOUT', { code: 'CONNECT_TIMEOUT' }],
    ['SQLSTATE 08006 connection_failure', { code: '08006' }],
    ['SQLSTATE 08001 unable to connect', { code: '08001' }],
    ['SQLSTATE 57P01 admin_shutdown', { code: '57P01' }],
    ['SQLSTATE 57P02 crash_shutdown', { code: '57P02' }],
    ['SQLSTATE 57P03 cannot_connect_now', { code: '57P03' }],
    ['a closed PGlite', new Error('PGlite is closed')],
  ])('%s, as drizzle wraps it', (_, cause) => {
    expect(isDatabaseUnavailable(wrapped(cause))).toBe(true)
  })
  it('a LISTEN that cannot start because of it is logged in one line, without a stack; any other failure with its error', () => {
    const lines: unknown[][] = []
    const log = { error: (...args: unknown[]) => void lines.push(args) }
    noteListenFailure(log, 'Menu reads could not LISTEN', Object.assign(new Error('terminating connection due to administrator command\nmore'), { code: '57P01' }))
    expect(lines).toEqual([['Menu reads could not LISTEN (the database is unavailable: 57P01: terminating connection due to administrator command).']])
    const bug = new TypeError('listen is not a function')
    noteListenFailure(log, 'Search could not LISTEN', bug)
    expect(lines[1]).toEqual(['Search could not LISTEN:', bug])
  })
  it.each([
    ['a unique violation', { code: '23505' }],
    ['a serialization failure (its own 503, to retry at once)', { code: '40001' }],
    ['a query_canceled', { code: '57014' }],
    ['a plain bug', new TypeError('x is undefined')],
  ])('not %s', (_, cause) => {
    expect(isDatabaseUnavailable(wrapped(cause))).toBe(false)
  })
})
