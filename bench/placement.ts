// Order placement against the database's own limit: 10 connections placing at ONE restaurant and
// spread over 100 restaurants (bench/lib/grow.ts, open all day), on PGlite and on the throwaway
// PostgreSQL, next to pgbench's TPC-B-like transaction measured on that same cluster first. Every
// placement is valid: one of ten signed-in diners, a cart of two stocked dishes, a new
// Idempotency-Key; afterwards the orders are counted and the stock taken is checked against them.
// Run under scripts/with-postgres.mjs (`npm run bench -- placement`); without DATABASE_URL, PGlite
// only. BENCH_ENGINES=pglite or postgres picks one. PLACEMENT_SERVERS=2 (PostgreSQL only) runs the
// same placements through that many server processes on the same database, the connections split
// between them (docs/scaling.md; docs/decisions.md "Issue 16 — placement CPU, second pass").
// Writes bench/results/placement.json (not with PLACEMENT_UNLIMITED or PLACEMENT_SERVERS).
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../server/src/db/client'
import { growCatalogue } from './lib/grow'
import { bestOf, CONNECTIONS, LOAD_SECONDS, load, ROUNDS, type Load } from './lib/load'
import { postmasterPid, treeCpuMs } from './lib/profile'
import { demoDiners, type Engine, placementBody, preparedDatabase, stockedDishes, stockLeft } from './lib/orders'
import { measurePgbench, type PgbenchFigures } from './lib/pgbench'
import { root, startServer } from './lib/server'

const RESTAURANTS = Number(process.env.PLACEMENT_RESTAURANTS ?? 100)
const DINERS = 10
const STOCK = 10_000_000
/** PLACEMENT_UNLIMITED=1: the same dishes without a stock count (no stock taken), to tell the stock's cost from the rest. */
const UNLIMITED = process.env.PLACEMENT_UNLIMITED === '1'
/** Server processes sharing the database (PostgreSQL); the CONNECTIONS are split between them. */
const SERVERS = Number(process.env.PLACEMENT_SERVERS ?? 1)

const clusterUrl = process.env.DATABASE_URL
// The PGlite server must not inherit the cluster's URL; the PostgreSQL one is given it explicitly.
delete process.env.DATABASE_URL
const engines = (process.env.BENCH_ENGINES ?? (clusterUrl ? 'pglite,postgres' : 'pglite')).split(',') as Engine[]
const work = mkdtempSync(join(tmpdir(), 'tf-bench-placement-'))
const json = { 'Content-Type': 'application/json' }

type Row = {
  engine: Engine
  case: 'one restaurant' | 'spread'
  restaurants: number
  servers: number
  load: Load
  /** CPU of that round in cores (1 = one core busy throughout): the server processes together, and PostgreSQL. */
  cpu?: { servers: number; postgres: number | null }
  shareOfSimple?: number
  shareOfPrepared?: number
}
const rows: Row[] = []
let pgbench: PgbenchFigures | undefined
const checks: string[] = []

try {
  if (clusterUrl && engines.includes('postgres')) pgbench = await measurePgbench(clusterUrl)
  for (const engine of engines) {
    const { env, prepared } = await preparedDatabase(engine, { work, clusterUrl, name: 'tf_bench_placement' }, async (db) => {
      const { locationIds } = await growCatalogue(db, RESTAURANTS, 25)
      // Open all day, every day: the figure must not depend on the hour the bench runs.
      await db.execute(sql`delete from working_hours where location_id in (select id from locations where location_slug like 'bench-kitchen-%')`)
      await db.execute(sql`insert into working_hours (location_id, day_of_week, session_name, opens_at, closes_at)
        select l.id, d, 'All day', '00:00', '00:00' from locations l cross join generate_series(0, 6) d where l.location_slug like 'bench-kitchen-%'`)
      return { locationIds, dishes: await stockedDishes(db, locationIds, UNLIMITED ? null : STOCK) }
    })
    const { locationIds, dishes } = prepared
    const servers = engine === 'postgres' ? await Promise.all(Array.from({ length: SERVERS }, () => startServer(env))) : [await startServer(env)]
    const [server] = servers as [(typeof servers)[number]]
    const postmaster = engine === 'postgres' && clusterUrl ? await postmasterPid(clusterUrl) : undefined
    type Measured = Load & { cpu?: Row['cpu'] }
    let placed = 0
    try {
      const diners = await demoDiners(server.origin, DINERS)
      const bodies = locationIds.map((id) => placementBody(id, dishes.get(id)!))
      let n = 0
      const request = (body: (k: number) => string) => () => {
        const k = n++
        return { headers: { Authorization: `Bearer ${diners[k % DINERS]!.token}`, 'Idempotency-Key': randomUUID() }, body: body(k) }
      }
      const run = async (body: (k: number) => string): Promise<Measured> => {
        const started = { at: performance.now(), servers: servers.map((s) => treeCpuMs(s.process.pid!)), postgres: postmaster ? treeCpuMs(postmaster) : 0 }
        // The connections split between the servers, each its own autocannon run at the same time; the figures add up.
        const results = await Promise.all(
          servers.map((s, i) =>
            load(`${s.origin}/api/order/customer/createOrder`, { method: 'POST', headers: json, perRequest: request(body), connections: Math.floor(CONNECTIONS / servers.length) + (i < CONNECTIONS % servers.length ? 1 : 0) }, 201),
          ),
        )
        const elapsed = performance.now() - started.at
        const result: Measured = results.reduce((sum, r) => ({
          rps: sum.rps + r.rps,
          p50Ms: Math.max(sum.p50Ms, r.p50Ms),
          p99Ms: Math.max(sum.p99Ms, r.p99Ms),
          requests: sum.requests + r.requests,
          failures: sum.failures + r.failures,
          statuses: Object.fromEntries([...new Set([...Object.keys(sum.statuses), ...Object.keys(r.statuses)])].map((k) => [k, (sum.statuses[k] ?? 0) + (r.statuses[k] ?? 0)])),
        }))
        // Kept on the result, which bestOf copies.
        result.cpu = {
          servers: servers.reduce((sum, s, i) => sum + treeCpuMs(s.process.pid!) - started.servers[i]!, 0) / elapsed,
          postgres: postmaster ? (treeCpuMs(postmaster) - started.postgres) / elapsed : null,
        }
        placed += result.statuses['201'] ?? 0
        return result
      }
      const best = await bestOf({ one: () => run(() => bodies[0]!), spread: () => run((k) => bodies[k % bodies.length]!) })
      for (const [name, { cpu, ...result }] of Object.entries(best) as [string, Measured][]) {
        if (result.failures > 0) throw new Error(`${engine} placement (${name}): ${result.failures} answers were not 201: ${JSON.stringify(result.statuses)}`)
        const row: Row = {
          engine,
          case: name === 'one' ? 'one restaurant' : 'spread',
          restaurants: name === 'one' ? 1 : locationIds.length,
          servers: servers.length,
          load: result,
          cpu,
          ...(pgbench && { shareOfSimple: result.rps / pgbench.simpleTps, shareOfPrepared: result.rps / pgbench.preparedTps }),
        }
        rows.push(row)
        const share = pgbench ? ` = ${Math.round(row.shareOfPrepared! * 1000) / 10} % of pgbench prepared (${Math.round(row.shareOfSimple! * 1000) / 10} % of simple)` : ''
        const cpuLine = row.cpu ? `; CPU in cores: server${servers.length > 1 ? `s (${servers.length})` : ''} ${row.cpu.servers.toFixed(2)}, PostgreSQL ${row.cpu.postgres?.toFixed(2) ?? 'n/a'}` : ''
        console.log(`${engine} placement, ${row.restaurants} restaurant(s): ${result.rps} req/s (p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms)${share}${cpuLine}`)
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()))
    }
    // Valid placements: an order for every 201 (and for those still in flight when a run ended),
    // two portions taken per order, none twice.
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! })
    try {
      const result = await handle.db.execute(sql`select count(*)::int as n from orders o join locations l on l.id = o.location_id where l.location_slug like 'bench-kitchen-%'`)
      const orders = Number((Array.isArray(result) ? result : result.rows)[0]!.n)
      const ids = [...dishes.values()].flat()
      const taken = UNLIMITED ? 0 : ids.length * STOCK - (await stockLeft(handle.db, ids))
      const line = `${engine}: ${placed} answers 201 counted, ${orders} orders written (the rest answered after a run's end), ${taken} portions taken (2 per order)`
      console.log(line)
      checks.push(line)
      if (orders < placed || (!UNLIMITED && taken !== 2 * orders)) throw new Error(`Placements do not add up: ${line}`)
    } finally {
      await handle.close()
    }
  }
  const loadAverage = loadavg().map((n) => Math.round(n * 10) / 10)
  const report = { measuredAt: new Date().toISOString(), loadAverage, seconds: LOAD_SECONDS, rounds: ROUNDS, connections: CONNECTIONS, pgbench: pgbench ?? null, rows, checks }
  if (!UNLIMITED && SERVERS === 1) writeFileSync(join(root, 'bench/results/placement.json'), JSON.stringify(report, null, 2) + '\n')
} finally {
  rmSync(work, { recursive: true, force: true })
}
