import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { inject } from 'vitest'
// The type of the dump path vitest's global setup provides.
import type {} from './seeded-dump'
import { decryptPayload, encryptPayload } from '@/shared/lib/crypto/payload'
import { createApp, SHELL_PATH } from '../app'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { seedDemoData } from '../db/seed'
import { loadEnv } from '../env'
import type { StreamGate } from '../lib/stream-gate'
import { fixedSite } from '../site/site-builder'

/**
 * A database of its own for one test file: in-memory PGlite by default, or a fresh database
 * on the PostgreSQL server of DATABASE_URL, dropped afterwards.
 */
export async function openTestDatabase({ thread }: { thread?: 'own' | 'main' } = {}): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    // `thread: 'main'` for the tests of the layers under the PGlite thread (db/client.test.ts).
    const handle = await openDatabase({ dataDir: 'memory://', thread })
    return { handle, dispose: () => handle.close() }
  }
  return openServerTestDatabase(serverUrl)
}

/**
 * The demo data, migrated and seeded: on PGlite a copy of the dump that server/src/test/seeded-dump.ts
 * made once for the whole run (each file then skips ~3 s of migrating and seeding), else a fresh one.
 */
async function openSeededTestDatabase(): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }> {
  const dump = !process.env.DATABASE_URL ? seededDumpPath() : undefined
  if (dump) {
    const handle = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(dump)]) })
    return { handle, dispose: () => handle.close() }
  }
  const opened = await openTestDatabase()
  await opened.handle.migrate()
  await seedDemoData(opened.handle.db)
  return opened
}

/** The run's seeded dump, when vitest's global setup provided one (not in the stress suite or outside vitest). */
function seededDumpPath(): string | undefined {
  try {
    const path = inject('seededPgliteDump')
    return path && existsSync(path) ? path : undefined
  } catch {
    return undefined
  }
}

async function openServerTestDatabase(serverUrl: string): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }> {
  const name = `tf_test_${randomBytes(6).toString('hex')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' })
  return {
    handle,
    dispose: async () => {
      await handle.close()
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

export type TestResponse = { status: number; contentType: string; body: unknown; text: string }

export async function createTestApp({
  seed = true,
  wrapDb = (db) => db,
  streamGate,
  now,
  env: overrides = {},
}: {
  seed?: boolean
  /** What the app gets instead of the database: a test can make it fail the way PostgreSQL can. */
  wrapDb?: (db: DatabaseHandle['db']) => DatabaseHandle['db']
  /** The live-stream limits, with the test's own clock. */
  streamGate?: StreamGate
  /** The clock of routes that take one (AppDeps.now). */
  now?: () => Date
  /** Configuration beyond the tests' defaults, such as TRUST_PROXY. */
  env?: Record<string, string>
} = {}) {
  const staticDir = mkdtempSync(join(tmpdir(), 'tf-static-'))
  mkdirSync(join(staticDir, 'app-shell'), { recursive: true })
  writeFileSync(join(staticDir, SHELL_PATH), '<!doctype html><title>shell</title><div id="app-shell"></div>')
  const env = loadEnv({ SEED: '0', LOG_LEVEL: 'silent', STATIC_DIR: staticDir, SANDBOX: '1', ...overrides })
  const { handle, dispose } = seed ? await openSeededTestDatabase() : await openTestDatabase()
  if (!seed) await handle.migrate()
  const errors: unknown[] = []
  const rebuilds: string[] = []
  const site = { ...fixedSite(staticDir), requestRebuild: (reason: string) => void rebuilds.push(reason) }
  const db = wrapDb(handle.db)
  const app = createApp({
    db,
    env,
    kind: handle.kind,
    // Through the wrapped database, so a test that takes the database away sees the probe say so.
    ping: db === handle.db ? handle.ping : () => db.execute(sql`select 1`).then(() => true, () => false),
    listen: handle.listen,
    log: { info: () => {}, error: (...args: unknown[]) => errors.push(args) },
    site,
    streamGate,
    now,
  })
  const key = env.PAYLOAD_KEY

  async function send(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}): Promise<TestResponse> {
    const response = await app.request(`/api${path}`, { method, body: init.body, headers: init.headers })
    const contentType = response.headers.get('content-type') ?? ''
    const text = await response.text()
    let body: unknown = text
    if (contentType.includes('application/json')) body = JSON.parse(text)
    else if (text.startsWith('U2FsdGVkX1')) body = decryptPayload(text, key)
    return { status: response.status, contentType, body, text }
  }

  const json = { 'Content-Type': 'application/json' }
  return {
    app,
    db: handle.db,
    kind: handle.kind,
    listen: handle.listen,
    env,
    /** Errors the app logged: a test of bad input expects none. */
    errors,
    /** Why the app asked for the static pages to be rebuilt, in order. */
    rebuilds,
    /** The static site the app serves: a test can point its state at folders of its own. */
    site,
    get: (path: string) => send('GET', path),
    postJson: (path: string, payload: unknown) => send('POST', path, { body: JSON.stringify(payload), headers: json }),
    postEncrypted: (path: string, payload: unknown) =>
      send('POST', path, { body: JSON.stringify({ data: encryptPayload(payload, key) }), headers: json }),
    postRaw: (path: string, body: string) => send('POST', path, { body, headers: json }),
    close: async () => {
      await dispose()
      rmSync(staticDir, { recursive: true, force: true })
    },
  }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>
