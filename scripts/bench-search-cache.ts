// Restaurant search throughput of one checkout, for a before/after of the search cache on a loaded
// machine: requests/s and, steadier, requests per CPU-second of the server's processes.
//   npx tsx scripts/bench-search-cache.ts [checkout root, default: this one]
// Under scripts/with-postgres.mjs (DATABASE_URL set) on a real PostgreSQL, else PGlite.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import autocannon from 'autocannon'
import { encryptPayload } from '@/shared/lib/crypto/payload'

const root = resolve(process.argv[2] ?? new URL('..', import.meta.url).pathname)
const seconds = Number(process.env.BENCH_SECONDS ?? 6)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const key = 'dev-only-payload-key'

const port = await new Promise<number>((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address()
    probe.close(() => done(typeof address === 'object' && address ? address.port : 0))
  })
})
const work = mkdtempSync(join(tmpdir(), 'tf-bench-search-'))
const child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/src/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', KITCHEN: '0', SANDBOX: '1', SEED: '1', PAYLOAD_KEY: key, DATA_DIR: join(work, 'data'), STATIC_DIR: join(work, 'site') },
})
const origin = `http://127.0.0.1:${port}`

type Proc = { pid: number; ppid: number; cpu: number; args: string[] }
function processes(): Proc[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
        const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
        return [{ pid: Number(pid), ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / 100, args }]
      } catch {
        return []
      }
    })
}

/** user + system CPU seconds of the processes under `root`, itself included. */
function treeCpu(all: Proc[], root: number | undefined): number {
  if (root === undefined) return 0
  const tree = new Set([root])
  for (let grew = true; grew; ) {
    grew = false
    for (const p of all) if (tree.has(p.ppid) && !tree.has(p.pid)) (tree.add(p.pid), (grew = true))
  }
  return all.filter((p) => tree.has(p.pid)).reduce((sum, p) => sum + p.cpu, 0)
}

// PostgreSQL's postmaster (`postgres -D … -p <port>`) and its backends, when there is one.
const databasePort = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).port : undefined
const postmaster = () => processes().find((p) => databasePort && p.args.includes('-p') && p.args[p.args.indexOf('-p') + 1] === databasePort)?.pid
const cpuSeconds = () => {
  const all = processes()
  return { server: treeCpu(all, child.pid), database: treeCpu(all, postmaster()) }
}

try {
  const deadline = Date.now() + 240_000
  while ((await fetch(`${origin}/api/health`).then((r) => r.status).catch(() => 0)) !== 200) {
    if (Date.now() > deadline) throw new Error('the server did not start')
    await new Promise((r) => setTimeout(r, 300))
  }
  const cases: [string, object][] = [
    ['nearby (San Francisco, a point, 20)', { cityName: 'san-francisco', lat: 37.7817, lng: -122.4012, page: 0, size: 20 }],
    ['home list (every restaurant, 100)', { page: 0, size: 100 }],
    ['open now with a point', { openNow: true, lat: 37.7817, lng: -122.4012, page: 0, size: 20 }],
  ]
  for (const [name, request] of cases) {
    const body = JSON.stringify({ data: encryptPayload(request, key) })
    const options = { url: `${origin}/api/customer/findMerchant/v2`, method: 'POST' as const, headers: { 'Content-Type': 'application/json' }, body }
    await autocannon({ ...options, connections, duration: 2 })
    const before = cpuSeconds()
    const result = await autocannon({ ...options, connections, duration: seconds })
    const after = cpuSeconds()
    const server = after.server - before.server
    const database = after.database - before.database
    const cpu = server + database
    const ok = result['2xx']
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
    console.log(
      `${process.env.DATABASE_URL ? 'postgres' : 'pglite'} ${name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${ok} answers (${result.non2xx} not 2xx), CPU ${server.toFixed(2)} s server + ${database.toFixed(2)} s database = ${Math.round(ok / cpu)} requests per CPU-second; load ${load}`,
    )
  }
} finally {
  child.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 1000))
  rmSync(work, { recursive: true, force: true })
}
