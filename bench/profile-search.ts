// Where a restaurant search's server CPU goes: the seeded demo on either engine (the same request
// as bench/api.ts: San Francisco, a point, a page of 20), 10 concurrent callers, then
//   * the server process's CPU (user + sys, /proc/<pid>/stat) per search, with no profiler on;
//   * a CPU profile of a second run, summarised by module and function.
// `node scripts/with-postgres.mjs npx tsx bench/profile-search.ts`; without DATABASE_URL, PGlite
// only. BENCH_ENGINES picks engines; PROFILE_SEARCHES (2000), PROFILE_WARMUP (500),
// PROFILE_CONNECTIONS (10), PROFILE_ROWS (25), PROFILE_OUT as in bench/profile-placement.ts;
// PROFILE_POINTS=1 searches from a new point each time.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { report, summarise } from './lib/cpuprofile'
import { type Engine, preparedDatabase } from './lib/orders'
import { callsOf, cpuMs, profileOf } from './lib/profile'
import { freePort, startServer } from './lib/server'
import { encryptedBody } from './lib/wire'

const SEARCHES = Number(process.env.PROFILE_SEARCHES ?? 2000)
const WARMUP = Number(process.env.PROFILE_WARMUP ?? 500)
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 10)
const ROWS = Number(process.env.PROFILE_ROWS ?? 25)

const clusterUrl = process.env.DATABASE_URL
delete process.env.DATABASE_URL
const engines = (process.env.BENCH_ENGINES ?? (clusterUrl ? 'pglite,postgres' : 'pglite')).split(',') as Engine[]
const work = mkdtempSync(join(tmpdir(), 'tf-profile-search-'))
const out = process.env.PROFILE_OUT ?? mkdtempSync(join(tmpdir(), 'tf-profiles-'))
mkdirSync(out, { recursive: true })
const request = { cityName: 'san-francisco', lat: 37.7817, lng: -122.4012, page: 0, size: 20 }
// PROFILE_POINTS=1: a different point each time (20,000 in turn), so that no kept answer is reused.
let seed = 16
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
const bodies =
  process.env.PROFILE_POINTS === '1'
    ? Array.from({ length: 20_000 }, () => encryptedBody({ ...request, lat: 37.7 + random() * 0.12, lng: -122.5 + random() * 0.12 }))
    : [encryptedBody(request)]
let next = 0

try {
  for (const engine of engines) {
    const { env } = await preparedDatabase(engine, { work, clusterUrl, name: 'tf_profile_search' }, async () => undefined)
    const inspectPort = await freePort()
    const server = await startServer(env, '/api/health', 180_000, [`--inspect=127.0.0.1:${inspectPort}`])
    try {
      const pid = server.process.pid!
      const search = (count: number) =>
        callsOf(count, CONNECTIONS, async () => {
          const response = await fetch(`${server.origin}/api/customer/findMerchant/v2`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'identity' },
            body: bodies[next++ % bodies.length],
          })
          const text = await response.text()
          if (response.status !== 200) throw new Error(`A search answered ${response.status}: ${text.slice(0, 300)}`)
        })
      await search(WARMUP)
      const before = cpuMs(pid)
      const started = performance.now()
      await search(SEARCHES)
      const cpu = (cpuMs(pid) - before) / SEARCHES
      const wall = (performance.now() - started) / 1000
      const profile = await profileOf(inspectPort, () => search(SEARCHES))
      const file = join(out, `search-${engine}.cpuprofile`)
      writeFileSync(file, JSON.stringify(profile))
      console.log(`\n== ${engine}: ${SEARCHES} searches, ${CONNECTIONS} connections (load average ${loadavg().map((n) => n.toFixed(1)).join(' ')})`)
      console.log(`server CPU (user + sys): ${cpu.toFixed(3)} ms a search; ${(SEARCHES / wall).toFixed(0)} searches/s wall`)
      console.log(`profile: ${file}\n`)
      console.log(report(summarise(profile, SEARCHES), ROWS))
    } finally {
      await server.stop()
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
