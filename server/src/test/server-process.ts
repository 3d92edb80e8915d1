import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import postgres from 'postgres'
import { decryptPayload, encryptPayload } from '@/shared/lib/crypto/payload'
import { DEFAULT_PAYLOAD_KEY } from '@/shared/config'

const root = fileURLToPath(new URL('../../../', import.meta.url))

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

export type ServerProcess = {
  origin: string
  child: ChildProcess
  /** What the server printed, for a failing test's message. */
  output: () => string
  /** SIGKILL: no shutdown hook runs, as in a crash or an OOM kill. */
  kill: () => Promise<void>
  /** SIGTERM, the graceful stop. */
  stop: () => Promise<void>
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())))

/**
 * The real server (server/src/main.ts) in a process of its own on a free port, in sandbox mode,
 * against `DATABASE_URL` or PGlite in `DATA_DIR`; resolves once /api/health answers 200.
 */
export async function startServer(
  database: { databaseUrl: string } | { dataDir: string },
  port?: number,
  /** Configuration over the sandbox defaults (SANDBOX=0 with its secrets, TRUST_PROXY …). */
  overrides: Record<string, string> = {},
): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort())
  const staticDir = mkdtempSync(join(tmpdir(), 'tf-static-'))
  mkdirSync(join(staticDir, 'app-shell'), { recursive: true })
  writeFileSync(join(staticDir, 'app-shell', 'index.html'), '<!doctype html><title>shell</title>')
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(listenPort),
    HOST: '127.0.0.1',
    SANDBOX: '1',
    SEED: '1',
    KITCHEN: '0',
    BUILD_SITE: '0',
    LOG_LEVEL: 'error',
    STATIC_DIR: staticDir,
    DATABASE_URL: 'databaseUrl' in database ? database.databaseUrl : '',
    DATA_DIR: 'dataDir' in database ? database.dataDir : join(staticDir, 'unused-data'),
    ...overrides,
  }
  // node --import tsx, not the tsx CLI: the CLI runs the server in a child, which a SIGKILL would orphan.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const origin = `http://127.0.0.1:${listenPort}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output}`)
    try {
      if ((await fetch(`${origin}/api/health`)).status === 200) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`The server did not answer /api/health within 90 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    origin,
    child,
    output: () => output,
    kill: async () => {
      child.kill('SIGKILL')
      await exited(child)
      rmSync(staticDir, { recursive: true, force: true })
    },
    stop: async () => {
      child.kill('SIGTERM')
      await exited(child)
      rmSync(staticDir, { recursive: true, force: true })
    },
  }
}

/** The real server started with `env` over the given environment, which must exit by itself: its exit code and what it printed. */
export async function runServerToExit(env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: root, env: { ...(process.env as Record<string, string>), ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  await exited(child)
  clearTimeout(timer)
  return { code: child.exitCode, output }
}

/** A fresh database on the PostgreSQL server of `serverUrl`, dropped by `drop`. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tf_proc_${randomBytes(6).toString('hex')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

export type WireResponse = { status: number; headers: Headers; body: any; text: string }

/** One API call over HTTP; a plain object body is sent as is, `encrypted` wraps it as {"data": ciphertext}. */
export async function callServer(
  origin: string,
  method: string,
  path: string,
  { body, encrypted = false, token, headers = {} }: { body?: unknown; encrypted?: boolean; token?: string; headers?: Record<string, string> } = {},
): Promise<WireResponse> {
  const all: Record<string, string> = { ...headers }
  if (token) all.Authorization = `Bearer ${token}`
  if (body !== undefined) all['Content-Type'] = 'application/json'
  const payload = body === undefined ? undefined : JSON.stringify(encrypted ? { data: encryptPayload(body, DEFAULT_PAYLOAD_KEY) } : body)
  const response = await fetch(`${origin}/api${path}`, { method, headers: all, body: payload })
  const text = await response.text()
  const contentType = response.headers.get('content-type') ?? ''
  let parsed: unknown = text
  if (contentType.includes('application/json')) parsed = JSON.parse(text)
  else if (text.startsWith('U2FsdGVkX1')) parsed = decryptPayload(text, DEFAULT_PAYLOAD_KEY)
  return { status: response.status, headers: response.headers, body: parsed, text }
}

/** A signed-in sandbox customer (POST /dev/session). */
export async function sandboxCustomer(origin: string, firstName: string, mobilePhone: string): Promise<{ id: string; token: string; refreshToken: string }> {
  const response = await callServer(origin, 'POST', '/dev/session', { body: { firstName, mobilePhone } })
  if (response.status !== 201) throw new Error(`/dev/session answered ${response.status}: ${response.text}`)
  return { id: response.body.userId, token: response.body.accessToken, refreshToken: response.body.refreshToken }
}
