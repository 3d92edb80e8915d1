// One busy restaurant (Empire Burger, open all day): menu reads on BENCH_CONNECTIONS connections
// while MIXED_PLACERS connections place orders of two stocked dishes there and MIXED_STREAMS
// diners on its waitlist hold their live queue stream open. Reports the menu reads next to their
// ceiling (the same server answering the same bytes, GET /api/dev/echo-size, with the streams
// still open), their p99, the placements, and the menu cache's hit ratio over the run (GET
// /api/dev/menu-cache). On PGlite and, under scripts/with-postgres.mjs, on PostgreSQL. Each round
// also reports the CPU the server, the bench's own process (autocannon) and PostgreSQL used, as a
// share of one core, and a first run of the placements alone gives their rate without the reads.
// MIXED_MENU_RATE caps the menu reads (requests a second, all connections): with CPU to spare,
// placements show what the reads cost them (docs/decisions.md "Issue 16 — placement CPU, second pass").
// Writes bench/results/mixed.json.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { MenuResponse } from '@/shared/api/contracts/merchants'
import { CONNECTIONS, LOAD_SECONDS, load, ROUNDS, type Load } from './lib/load'
import { demoDiners, type Engine, locationIdOf, placementBody, preparedDatabase, stockedDishes } from './lib/orders'
import { measurePgbench, type PgbenchFigures } from './lib/pgbench'
import { postmasterPid, treeCpuMs } from './lib/profile'
import { root, startServer } from './lib/server'
import { callEncrypted, encryptedBody } from './lib/wire'

const PLACERS = Number(process.env.MIXED_PLACERS ?? 2)
// 20 is what one client address may hold open (docs/operations.md); the bench is one address.
const STREAMS = Number(process.env.MIXED_STREAMS ?? 20)
const MENU_RATE = process.env.MIXED_MENU_RATE ? Number(process.env.MIXED_MENU_RATE) : undefined

const clusterUrl = process.env.DATABASE_URL
delete process.env.DATABASE_URL
const engines = (process.env.BENCH_ENGINES ?? (clusterUrl ? 'pglite,postgres' : 'pglite')).split(',') as Engine[]
const work = mkdtempSync(join(tmpdir(), 'tf-bench-mixed-'))
const json = { 'Content-Type': 'application/json' }

type Row = {
  engine: Engine
  menuBytes: number
  menu: Load
  ceiling: Load
  share: number
  placements: Load
  placementShareOfPrepared?: number
  hits: number
  misses: number
  hitRatio: number
  streams: number
  streamEvents: number
  /** CPU used during the round, in cores (1 = one core busy the whole round). */
  cpu: { server: number; bench: number; postgres: number | null }
  /** The same placements with no menu reads, before the rounds. */
  placementsAlone: Load
  menuRate: number | null
}
const rows: Row[] = []
let pgbench: PgbenchFigures | undefined

type Counts = { hits: number; misses: number }
const counts = async (origin: string) => (await (await fetch(`${origin}/api/dev/menu-cache`)).json()) as Counts

try {
  if (clusterUrl && engines.includes('postgres')) pgbench = await measurePgbench(clusterUrl)
  const postmaster = clusterUrl ? await postmasterPid(clusterUrl) : undefined
  for (const engine of engines) {
    const { env, prepared } = await preparedDatabase(engine, { work, clusterUrl, name: 'tf_bench_mixed' }, async (db) => {
      const empire = await locationIdOf(db, 'empire-burger')
      // Room on the waitlist for every stream: a long queue is what a busy restaurant has.
      await db.execute(sql`update locations set max_online_checkin = ${STREAMS + 10}, max_checkin_wait_threshold = 100000 where id = ${empire}`)
      return { empire, dishes: (await stockedDishes(db, [empire], 10_000_000)).get(empire)! }
    })
    const server = await startServer(env)
    const streams: AbortController[] = []
    let streamEvents = 0
    try {
      const { empire, dishes } = prepared
      const placers = await demoDiners(server.origin, 10)
      // The waitlist: each diner checks in, then listens to the live queue.
      const waiting = await demoDiners(server.origin, STREAMS, 14155552000)
      for (const diner of waiting) {
        const query = new URLSearchParams({ locationId: empire, fullName: 'Bench Diner', mobile: diner.phone, guestCount: '2' })
        const auth = { Authorization: `Bearer ${diner.token}` }
        const checkIn = await fetch(`${server.origin}/api/customer/reservations?${query}`, { method: 'POST', headers: { ...auth, 'Idempotency-Key': randomUUID() } })
        if (checkIn.status !== 201) throw new Error(`Check-in answered ${checkIn.status}: ${await checkIn.text()}`)
        const { reservationId } = (await checkIn.json()) as { reservationId: string }
        const controller = new AbortController()
        streams.push(controller)
        const response = await fetch(`${server.origin}/api/customer/reservations/${reservationId}/events`, { headers: auth, signal: controller.signal })
        if (response.status !== 200) throw new Error(`The live queue answered ${response.status}: ${await response.text()}`)
        void (async () => {
          const decoder = new TextDecoder()
          for await (const chunk of response.body!) streamEvents += (decoder.decode(chunk as Uint8Array).match(/^event: /gm) ?? []).length
        })().catch(() => {})
      }

      const menuRequest = { locationId: empire, menuType: 'pickup', visibleTo: ['C'] }
      const menu = await callEncrypted<MenuResponse>(server.origin, '/merchants/menu/v2', menuRequest)
      const menuBody = encryptedBody(menuRequest)
      const orderBody = placementBody(empire, dishes)
      let n = 0
      const placing = () => {
        const k = n++
        return { headers: { Authorization: `Bearer ${placers[k % placers.length]!.token}`, 'Idempotency-Key': randomUUID() } }
      }
      const place = () => load(`${server.origin}/api/order/customer/createOrder`, { method: 'POST', headers: json, body: orderBody, perRequest: placing, connections: PLACERS }, 201)
      const placementsAlone = await place()
      console.log(`${engine} placements alone (${PLACERS} connections): ${placementsAlone.rps} req/s p50 ${placementsAlone.p50Ms} ms p99 ${placementsAlone.p99Ms} ms`)
      const pgPid = engine === 'postgres' ? postmaster : undefined
      let best: Row | undefined
      for (let round = 0; round < ROUNDS; round++) {
        const before = await counts(server.origin)
        const cpuBefore = { server: treeCpuMs(server.process.pid!), bench: process.cpuUsage(), postgres: pgPid ? treeCpuMs(pgPid) : 0, at: performance.now() }
        const [menuLoad, placements] = await Promise.all([
          load(`${server.origin}/api/merchants/menu/v2`, { method: 'POST', headers: json, body: menuBody, ...(MENU_RATE && { overallRate: MENU_RATE }) }),
          place(),
        ])
        const elapsed = performance.now() - cpuBefore.at
        const benchCpu = process.cpuUsage(cpuBefore.bench)
        const cpu = {
          server: (treeCpuMs(server.process.pid!) - cpuBefore.server) / elapsed,
          bench: (benchCpu.user + benchCpu.system) / 1000 / elapsed,
          postgres: pgPid ? (treeCpuMs(pgPid) - cpuBefore.postgres) / elapsed : null,
        }
        const after = await counts(server.origin)
        const ceiling = await load(`${server.origin}/api/dev/echo-size?bytes=${menu.bytes}`)
        for (const [name, result] of [['menu', menuLoad], ['placement', placements]] as const) {
          if (result.failures > 0) throw new Error(`${engine} mixed ${name}: ${JSON.stringify(result.statuses)}`)
        }
        const hits = after.hits - before.hits
        const misses = after.misses - before.misses
        const row: Row = {
          engine,
          menuBytes: menu.bytes,
          menu: menuLoad,
          ceiling,
          share: menuLoad.rps / ceiling.rps,
          placements,
          ...(engine === 'postgres' && pgbench && { placementShareOfPrepared: placements.rps / pgbench.preparedTps }),
          hits,
          misses,
          hitRatio: hits / Math.max(1, hits + misses),
          streams: STREAMS,
          streamEvents,
          cpu,
          placementsAlone,
          menuRate: MENU_RATE ?? null,
        }
        const cores = (n: number | null) => (n === null ? 'n/a' : n.toFixed(2))
        console.log(
          `${engine} mixed round ${round + 1}: menu ${menuLoad.rps} req/s p99 ${menuLoad.p99Ms} ms = ${Math.round(row.share * 100)} % of ${ceiling.rps}; placements ${placements.rps} req/s p99 ${placements.p99Ms} ms; menu cache ${hits} hits, ${misses} misses (${Math.round(row.hitRatio * 1000) / 10} %); ${STREAMS} streams open; CPU in cores: server ${cores(cpu.server)}, bench ${cores(cpu.bench)}, PostgreSQL ${cores(cpu.postgres)} (load average ${loadavg().map((n) => n.toFixed(1)).join(' ')})`,
        )
        if (!best || row.share > best.share) best = row
      }
      rows.push(best!)
    } finally {
      for (const controller of streams) controller.abort()
      await server.stop()
    }
  }
  const loadAverage = loadavg().map((n) => Math.round(n * 10) / 10)
  const report = { measuredAt: new Date().toISOString(), loadAverage, seconds: LOAD_SECONDS, rounds: ROUNDS, connections: CONNECTIONS, placers: PLACERS, streams: STREAMS, menuRate: MENU_RATE ?? null, pgbench: pgbench ?? null, rows }
  writeFileSync(join(root, 'bench/results/mixed.json'), JSON.stringify(report, null, 2) + '\n')
} finally {
  rmSync(work, { recursive: true, force: true })
}
