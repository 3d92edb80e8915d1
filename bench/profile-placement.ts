// Where a placement's server CPU goes: starts the real server (one Node process, inspector on),
// places valid orders at one restaurant from 10 concurrent callers (the placement bench's diners,
// dishes and bodies; no Accept-Encoding, as autocannon sends none), and reports
//   * the server process's CPU (user + sys, /proc/<pid>/stat) per placement, with no profiler on;
//   * a CPU profile of a second run (the inspector's Profiler), summarised by module and function.
// Run under scripts/with-postgres.mjs for PostgreSQL (`node scripts/with-postgres.mjs npx tsx
// bench/profile-placement.ts`); without DATABASE_URL, PGlite only. BENCH_ENGINES=pglite or postgres
// picks one; PROFILE_PLACEMENTS (300), PROFILE_WARMUP (150), PROFILE_CONNECTIONS (10), PROFILE_ROWS
// (25) size it; the .cpuprofile files are kept in PROFILE_OUT (default: a temporary directory);
// PROFILE_STRACE=1 also counts the server's socket calls per placement (strace); PROFILE_CPU_ONLY=1
// stops after the CPU figure (before/after comparisons in turn).
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { report, summarise } from './lib/cpuprofile'
import { growCatalogue } from './lib/grow'
import { demoDiners, type Engine, placementBody, preparedDatabase, stockedDishes } from './lib/orders'
import { cpuMs, profileOf } from './lib/profile'
import { freePort, startServer } from './lib/server'

const PLACEMENTS = Number(process.env.PROFILE_PLACEMENTS ?? 300)
const WARMUP = Number(process.env.PROFILE_WARMUP ?? 150)
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 10)
const ROWS = Number(process.env.PROFILE_ROWS ?? 25)
const DINERS = 10

const clusterUrl = process.env.DATABASE_URL
delete process.env.DATABASE_URL
const engines = (process.env.BENCH_ENGINES ?? (clusterUrl ? 'pglite,postgres' : 'pglite')).split(',') as Engine[]
const work = mkdtempSync(join(tmpdir(), 'tf-profile-placement-'))
const out = process.env.PROFILE_OUT ?? mkdtempSync(join(tmpdir(), 'tf-profiles-'))
mkdirSync(out, { recursive: true })

try {
  for (const engine of engines) {
    const { env, prepared } = await preparedDatabase(engine, { work, clusterUrl, name: 'tf_profile_placement' }, async (db) => {
      const { locationIds } = await growCatalogue(db, 1, 25)
      await db.execute(sql`delete from working_hours where location_id = ${locationIds[0]!}`)
      await db.execute(sql`insert into working_hours (location_id, day_of_week, session_name, opens_at, closes_at)
        select ${locationIds[0]!}, d, 'All day', '00:00', '00:00' from generate_series(0, 6) d`)
      return { locationId: locationIds[0]!, dishes: await stockedDishes(db, locationIds, 10_000_000) }
    })
    const inspectPort = await freePort()
    const server = await startServer(env, '/api/health', 180_000, [`--inspect=127.0.0.1:${inspectPort}`])
    try {
      const pid = server.process.pid!
      const diners = await demoDiners(server.origin, DINERS)
      const body = placementBody(prepared.locationId, prepared.dishes.get(prepared.locationId)!)
      const url = `${server.origin}/api/order/customer/createOrder`
      let k = 0
      const place = async (count: number) => {
        let left = count
        const worker = async () => {
          while (left-- > 0) {
            const diner = diners[k++ % DINERS]!
            const response = await fetch(url, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'identity', Authorization: `Bearer ${diner.token}`, 'Idempotency-Key': randomUUID() },
              body,
            })
            const text = await response.text()
            if (response.status !== 201) throw new Error(`A placement answered ${response.status}: ${text.slice(0, 300)}`)
          }
        }
        await Promise.all(Array.from({ length: CONNECTIONS }, worker))
      }
      await place(WARMUP)
      const before = cpuMs(pid)
      const started = performance.now()
      await place(PLACEMENTS)
      const cpu = (cpuMs(pid) - before) / PLACEMENTS
      const wall = (performance.now() - started) / 1000
      // PROFILE_STRACE=1: the server's socket calls per placement (each round trip to PostgreSQL is one write and one read or more).
      let calls = ''
      if (process.env.PROFILE_STRACE === '1') {
        const strace = spawn('strace', ['-c', '-f', '-e', 'trace=write,writev,sendto,read,recvfrom', '-p', String(pid)], { stdio: ['ignore', 'ignore', 'pipe'] })
        let summary = ''
        strace.stderr.on('data', (chunk) => (summary += chunk))
        await new Promise((resolve) => setTimeout(resolve, 1000))
        await place(PLACEMENTS)
        strace.kill('SIGINT')
        await new Promise((resolve) => strace.once('exit', resolve))
        calls = summary
          .split('\n')
          .map((line) => line.trim().split(/\s+/))
          .filter((cells) => ['write', 'writev', 'sendto', 'read', 'recvfrom'].includes(cells.at(-1)!))
          .map((cells) => `${cells.at(-1)} ${(Number(cells[3]) / PLACEMENTS).toFixed(1)}`)
          .join(', ')
      }
      const load = loadavg().map((n) => n.toFixed(1)).join(' ')
      if (process.env.PROFILE_CPU_ONLY === '1') {
        console.log(`${engine}: server CPU (user + sys) ${cpu.toFixed(2)} ms a placement; ${(PLACEMENTS / wall).toFixed(0)} placements/s wall (load average ${load})`)
        continue
      }
      const profile = await profileOf(inspectPort, () => place(PLACEMENTS))
      const file = join(out, `placement-${engine}.cpuprofile`)
      writeFileSync(file, JSON.stringify(profile))
      console.log(`\n== ${engine}: ${PLACEMENTS} placements, ${CONNECTIONS} connections, one restaurant (load average ${load})`)
      console.log(`server CPU (user + sys): ${cpu.toFixed(2)} ms a placement; ${(PLACEMENTS / wall).toFixed(0)} placements/s wall`)
      if (calls) console.log(`system calls a placement (strace, a third run): ${calls}`)
      console.log(`profile: ${file}\n`)
      console.log(report(summarise(profile, PLACEMENTS), ROWS))
    } finally {
      await server.stop()
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
