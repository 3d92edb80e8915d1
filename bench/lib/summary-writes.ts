// The write path and the data's growth in bench/results/summary.md: pgbench, placement, the mixed
// run and the 1,000,000-order history, each figure as a ratio with its target (issue 16).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Load } from './load'
import type { PgbenchFigures } from './pgbench'

/** Targets, in one run (README "Performance"). */
export const TARGETS = {
  /** Placement on PostgreSQL, share of pgbench's TPC-B-like transaction (prepared). */
  placementOne: 0.15,
  placementSpread: 0.25,
  /** PGlite placement: 3× the 71 req/s measured before issue 16. */
  pgliteBefore: 71,
  pgliteFactor: 3,
  mixedMenuShare: 0.5,
  mixedHitRatio: 0.95,
  historyFactor: 2,
}

type Placement = {
  measuredAt: string
  loadAverage: number[]
  connections: number
  seconds: number
  rounds: number
  pgbench: PgbenchFigures | null
  rows: { engine: string; case: string; restaurants: number; load: Load; shareOfSimple?: number; shareOfPrepared?: number }[]
  checks: string[]
}
type Mixed = {
  measuredAt: string
  loadAverage: number[]
  connections: number
  placers: number
  streams: number
  pgbench: PgbenchFigures | null
  rows: { engine: string; menuBytes: number; menu: Load; ceiling: Load; share: number; placements: Load; placementShareOfPrepared?: number; hitRatio: number; hits: number; misses: number }[]
}
type Timing = { medianMs: number; p90Ms: number; cpuMsPerCall: number }
type History = {
  measuredAt: string
  engine: string
  repeats: number
  emptyLoad: number[]
  grownLoad: number[]
  grownRows: Record<string, number>
  totalSeedSeconds: number
  seedSeconds: Record<string, number>
  rows: { name: string; empty: Timing; grown: Timing; ratio: number; withinTarget: boolean; seqScans: string[]; indexes: string[] }[]
}

const day = (iso: string) => iso.slice(0, 16).replace('T', ' ')
const pct = (share: number | undefined) => (share === undefined ? '—' : `${Math.round(share * 1000) / 10} %`)
const met = (ok: boolean) => (ok ? 'met' : '**missed**')
const pgbenchLine = (p: PgbenchFigures) =>
  `pgbench TPC-B-like on the same cluster (scale ${p.scale}, ${p.clients} clients, ${p.seconds} s, load average ${p.loadAverage[0]}): ${p.simpleTps} tps simple, ${p.preparedTps} tps prepared.`

export function writeSections(results: string): string[] {
  const read = <T>(name: string): T | undefined => (existsSync(join(results, name)) ? (JSON.parse(readFileSync(join(results, name), 'utf8')) as T) : undefined)
  const parts: string[] = []

  const placement = read<Placement>('placement.json')
  if (placement) {
    parts.push('', `## Order placement against pgbench (${day(placement.measuredAt)} UTC, load average ${placement.loadAverage.join(' ')})`, '')
    parts.push(placement.pgbench ? pgbenchLine(placement.pgbench) : 'pgbench was not found: no ratio (bench/lib/pgbench.ts says how to install it).', '')
    parts.push(`${placement.connections} connections, ten signed-in diners, two stocked dishes per order, best of ${placement.rounds} runs of ${placement.seconds} s.`, '')
    parts.push('| database | where | placements | share of pgbench (prepared / simple) | target |', '| --- | --- | --- | --- | --- |')
    for (const row of placement.rows) {
      let target = '—'
      if (row.engine === 'postgres' && row.shareOfPrepared !== undefined) {
        const goal = row.restaurants === 1 ? TARGETS.placementOne : TARGETS.placementSpread
        target = `≥ ${pct(goal)}: ${met(row.shareOfPrepared >= goal)}`
      }
      if (row.engine === 'pglite') {
        const goal = TARGETS.pgliteBefore * TARGETS.pgliteFactor
        target = `≥ ${goal} req/s (3× ${TARGETS.pgliteBefore}): ${met(row.load.rps >= goal)}`
      }
      parts.push(`| ${row.engine} | ${row.restaurants === 1 ? 'one restaurant' : `${row.restaurants} restaurants`} | ${row.load.rps} req/s, p50 ${row.load.p50Ms} ms, p99 ${row.load.p99Ms} ms | ${pct(row.shareOfPrepared)} / ${pct(row.shareOfSimple)} | ${target} |`)
    }
    parts.push('', ...placement.checks.map((line) => `* ${line}`))
  }

  const mixed = read<Mixed>('mixed.json')
  if (mixed) {
    parts.push('', `## Mixed run at one busy restaurant (${day(mixed.measuredAt)} UTC, load average ${mixed.loadAverage.join(' ')})`, '')
    parts.push(`Menu reads on ${mixed.connections} connections, placements on ${mixed.placers}, ${mixed.streams} diners on the waitlist holding their live queue open; the menu cache's hit ratio counted over the run.`, '')
    parts.push('| database | menu read | ceiling (same bytes) | share (target ≥ 50 %) | hit ratio (target ≥ 95 %) | placements meanwhile |', '| --- | --- | --- | --- | --- | --- |')
    for (const row of mixed.rows) {
      parts.push(
        `| ${row.engine} | ${row.menu.rps} req/s, p50 ${row.menu.p50Ms} ms, p99 ${row.menu.p99Ms} ms | ${row.ceiling.rps} req/s | ${pct(row.share)}: ${met(row.share >= TARGETS.mixedMenuShare)} | ${pct(row.hitRatio)} (${row.hits} hits, ${row.misses} misses): ${met(row.hitRatio >= TARGETS.mixedHitRatio)} | ${row.placements.rps} req/s, p99 ${row.placements.p99Ms} ms${row.placementShareOfPrepared !== undefined ? ` (${pct(row.placementShareOfPrepared)} of pgbench)` : ''} |`,
      )
    }
  }

  const history = read<History>('history.json')
  if (history) {
    const rows = history.grownRows
    parts.push('', `## Growth of the data (${history.engine}, ${day(history.measuredAt)} UTC, load average ${history.emptyLoad[0]} empty, ${history.grownLoad[0]} grown)`, '')
    parts.push(
      `${rows.orders} orders, ${rows.order_items} lines, ${rows.payments} payments, ${rows.customers} customers, ${rows.feedbacks} feedbacks, ${rows.reservations} reservations and check-ins, ${rows.table_holds} table holds, ${rows.restaurants} restaurants, seeded in ${history.totalSeedSeconds} s (${Object.entries(history.seedSeconds)
        .map(([part, s]) => `${part} ${s} s`)
        .join(', ')}). Each read called ${history.repeats} times in turn; target: the grown median within ${TARGETS.historyFactor}× the empty one, and no sequential scan of a large table in the real plan.`,
      '',
    )
    parts.push('| read | demo database (median / p90) | grown (median / p90) | ratio | sequential scans | target |', '| --- | --- | --- | --- | --- | --- |')
    for (const row of history.rows) {
      parts.push(`| ${row.name} | ${row.empty.medianMs} / ${row.empty.p90Ms} ms | ${row.grown.medianMs} / ${row.grown.p90Ms} ms | ×${row.ratio} | ${row.seqScans.join(', ') || 'none'} | ${met(row.withinTarget && row.seqScans.length === 0)} |`)
    }
  }
  return parts
}
