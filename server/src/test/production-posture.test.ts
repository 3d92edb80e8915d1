import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sign } from 'hono/jwt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PAYLOAD_KEY } from '@/shared/config'
import { createApp } from '../app'
import { DEVELOPMENT_TOKEN_SECRET, loadEnv } from '../env'
import { fixedSite } from '../site/site-builder'
import { createTestApp, openTestDatabase, type TestApp } from './harness'
import { callServer, createScratchDatabase, freePort, runServerToExit, startServer, type ServerProcess } from './server-process'

const OWN = { TOKEN_SECRET: 'an-operator-chosen-token-secret-of-48-characters', PAYLOAD_KEY: 'an-operator-payload-key' }
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

describe('production is safe by default: SANDBOX=0 refuses to start on a built-in secret', () => {
  it('names TOKEN_SECRET and PAYLOAD_KEY when either is left at its built-in value', () => {
    expect(() => loadEnv({ SANDBOX: '0' })).toThrow(/^Invalid configuration:\n {2}TOKEN_SECRET: is the built-in development value[^\n]*\n {2}PAYLOAD_KEY: is the built-in value/)
    expect(() => loadEnv({ SANDBOX: '0', PAYLOAD_KEY: OWN.PAYLOAD_KEY })).toThrow(/TOKEN_SECRET: is the built-in development value/)
    expect(() => loadEnv({ SANDBOX: '0', TOKEN_SECRET: OWN.TOKEN_SECRET })).toThrow(/^Invalid configuration:\n {2}PAYLOAD_KEY: is the built-in value[^\n]*$/)
    // Set explicitly to the built-in values is the same as not set.
    expect(() => loadEnv({ SANDBOX: 'false', TOKEN_SECRET: DEVELOPMENT_TOKEN_SECRET, PAYLOAD_KEY: DEFAULT_PAYLOAD_KEY })).toThrow(/TOKEN_SECRET[\s\S]*PAYLOAD_KEY/)
    expect(loadEnv({ SANDBOX: '0', ...OWN })).toMatchObject({ SANDBOX: false, ...OWN })
  })

  it('keeps the one-command demo: SANDBOX=1 runs on the built-in values', () => {
    expect(loadEnv({ SANDBOX: '1' })).toMatchObject({ SANDBOX: true, TOKEN_SECRET: DEVELOPMENT_TOKEN_SECRET, PAYLOAD_KEY: DEFAULT_PAYLOAD_KEY })
  })

  it('refuses a PUBLIC_PAYLOAD_KEY (the web app’s build-time copy) that is not PAYLOAD_KEY, in either mode', () => {
    expect(() => loadEnv({ SANDBOX: '1', PUBLIC_PAYLOAD_KEY: 'another-key' })).toThrow(/PUBLIC_PAYLOAD_KEY: differs from PAYLOAD_KEY/)
    expect(() => loadEnv({ SANDBOX: '0', ...OWN, PUBLIC_PAYLOAD_KEY: DEFAULT_PAYLOAD_KEY })).toThrow(/PUBLIC_PAYLOAD_KEY: differs from PAYLOAD_KEY/)
    expect(loadEnv({ SANDBOX: '0', ...OWN, PUBLIC_PAYLOAD_KEY: OWN.PAYLOAD_KEY }).PUBLIC_PAYLOAD_KEY).toBe(OWN.PAYLOAD_KEY)
  })

  it('the real server process with SANDBOX=0 and the built-in secrets exits 1 with the message naming them, before opening a database', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tf-refused-'))
    try {
      const base = { SANDBOX: '0', PORT: String(await freePort()), HOST: '127.0.0.1', DATABASE_URL: '', DATA_DIR: join(dataDir, 'never'), PUBLIC_PAYLOAD_KEY: '' }
      const both = await runServerToExit({ ...base, TOKEN_SECRET: '', PAYLOAD_KEY: '' })
      expect(both.code).toBe(1)
      expect(both.output).toMatch(/Invalid configuration:\n {2}TOKEN_SECRET: is the built-in development value; set a secret of your own \(32\+ characters\) when SANDBOX=0\n {2}PAYLOAD_KEY: is the built-in value/)
      const one = await runServerToExit({ ...base, TOKEN_SECRET: OWN.TOKEN_SECRET, PAYLOAD_KEY: DEFAULT_PAYLOAD_KEY })
      expect(one.code).toBe(1)
      expect(one.output).toMatch(/PAYLOAD_KEY: is the built-in value/)
      expect(one.output).not.toMatch(/TOKEN_SECRET/)
      // It stopped at the configuration: no database was created.
      expect(() => rmSync(join(dataDir, 'never'))).toThrow()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('with SANDBOX=0 there is no /api/dev route (nor the sandbox card provider)', () => {
  let sandbox: TestApp
  let production: ReturnType<typeof createApp>
  let dispose: () => Promise<void>
  let staticDir: string
  beforeAll(async () => {
    sandbox = await createTestApp({ seed: false })
    const database = await openTestDatabase()
    dispose = database.dispose
    await database.handle.migrate()
    staticDir = mkdtempSync(join(tmpdir(), 'tf-static-'))
    const env = loadEnv({ SEED: '0', LOG_LEVEL: 'silent', SANDBOX: '0', STATIC_DIR: staticDir, ...OWN })
    const { handle } = database
    production = createApp({ db: handle.db, env, kind: handle.kind, ping: handle.ping, listen: handle.listen, log: { info: () => {}, error: () => {} }, site: fixedSite(staticDir) })
  })
  afterAll(async () => {
    await sandbox.close()
    await dispose()
    rmSync(staticDir, { recursive: true, force: true })
  })

  it('every dev and sandbox-provider path of the demo server answers 404 no_such_endpoint for every method', async () => {
    const devPaths = [...new Set(sandbox.app.routes.map((route) => route.path).filter((path) => /^\/api\/(dev|provider\/sandbox)\//.test(path)))]
    expect(devPaths).toEqual(expect.arrayContaining(['/api/dev/session', '/api/dev/outbox', '/api/dev/locations', '/api/dev/echo-size', '/api/provider/sandbox/tokenize']))
    expect(production.routes.filter((route) => /^\/api\/(dev|provider\/sandbox)\//.test(route.path))).toEqual([])
    for (const path of devPaths) {
      for (const method of METHODS) {
        const concrete = path.replace(/:[A-Za-z]+/g, 'x')
        const response = await production.request(`${concrete}?phone=%2B14155550100&bytes=10`, {
          method,
          headers: { 'Content-Type': 'application/json' },
          body: method === 'GET' ? undefined : JSON.stringify({ firstName: 'Mallory', mobilePhone: '+14155550100', walletAmount: 100_000 }),
        })
        expect(response.status, `${method} ${concrete}`).toBe(404)
        expect(await response.json()).toMatchObject({ status: 404, code: 'no_such_endpoint' })
      }
    }
  })

  it('tells the web app it is not a demo', async () => {
    expect(await (await production.request('/api/config')).json()).toMatchObject({ sandbox: false })
    expect(await (await sandbox.app.request('/api/config')).json()).toMatchObject({ sandbox: true })
  })
})

describe('the real server process with SANDBOX=0 and its own secrets', () => {
  let server: ServerProcess
  let cleanup: () => Promise<void>
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tf-production-'))
    const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined
    server = await startServer(scratch ? { databaseUrl: scratch.url } : { dataDir }, undefined, { SANDBOX: '0', ...OWN })
    cleanup = async () => {
      await server?.stop()
      await scratch?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
  afterAll(() => cleanup?.())

  it('starts, refuses a one-year token signed with the built-in secret, and has no /api/dev', async () => {
    const someone = '00000000-0000-4000-8000-000000000001'
    const iat = Math.floor(Date.now() / 1000)
    const oneYear = { sub: someone, typ: 'access', iat, exp: iat + 365 * 24 * 3600 }
    const forged = await sign(oneYear, DEVELOPMENT_TOKEN_SECRET, 'HS256')
    const profile = await callServer(server.origin, 'POST', '/customer/profile/v2', { token: forged, body: { id: someone } })
    expect(profile.status).toBe(401)
    expect(profile.body).toMatchObject({ code: 'unauthenticated' })
    // Signed with the server's own secret it is refused too: no access token lives longer than 15 minutes.
    const ownSecret = await callServer(server.origin, 'POST', '/customer/profile/v2', { token: await sign(oneYear, OWN.TOKEN_SECRET, 'HS256'), body: { id: someone } })
    expect(ownSecret.status).toBe(401)
    expect(ownSecret.body).toMatchObject({ code: 'unauthenticated' })
    const session = await callServer(server.origin, 'POST', '/dev/session', { body: { firstName: 'Mallory', mobilePhone: '+14155550100' } })
    expect(session.status).toBe(404)
    expect(session.body).toMatchObject({ code: 'no_such_endpoint' })
    const outbox = await callServer(server.origin, 'GET', '/dev/outbox?phone=%2B14155550100')
    expect(outbox.status).toBe(404)
    expect(await (await fetch(`${server.origin}/api/config`)).json()).toMatchObject({ sandbox: false })
  })
})
