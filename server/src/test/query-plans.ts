// The SQL a use case really issues, and the plan PostgreSQL (or PGlite) makes of each statement:
// used by the plan tests (query-plans.test.ts) and by the 1,000,000-order run (bench/history.ts).
// docs/scaling.md, "Queries that stay flat".
import type { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import type postgres from 'postgres'
import { isPgliteClient, type Database } from '../db/client'
import * as schema from '../db/schema'

export type IssuedQuery = { sql: string; params: unknown[] }

/**
 * Tables that grow with every order, diner and booking: a sequential scan of one of them costs
 * time in proportion to the whole history, so no per-request query may plan one.
 */
export const LARGE_TABLES = new Set([
  'orders',
  'order_items',
  'order_item_options',
  'order_status_history',
  'order_splits',
  'order_texts',
  'payments',
  'payment_events',
  'wallet_movements',
  'customers',
  'feedbacks',
  'reservations',
  'table_holds',
  'deliveries',
])

/** A second drizzle over the same connection that records every statement it runs. */
export function recordingDatabase(db: Database): { db: Database; issued: IssuedQuery[] } {
  const issued: IssuedQuery[] = []
  const logger = { logQuery: (sql: string, params: unknown[]) => void issued.push({ sql, params }) }
  const client = db.$client
  const recording = isPgliteClient(client) ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePostgres(client as postgres.Sql, { schema, logger })
  return { db: recording as Database, issued }
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] }

/**
 * EXPLAIN (FORMAT JSON) of one issued statement with its parameters, in a transaction that is
 * rolled back. `seqscanOff` sets `enable_seqscan = off` for it: on a small test database the
 * planner rightly prefers reading a few pages whole, so only with sequential scans priced out does
 * the plan prove that a usable index exists (a table with none is still scanned, whatever the
 * setting).
 */
export async function planOf(db: Database, query: IssuedQuery, { seqscanOff }: { seqscanOff: boolean }): Promise<PlanNode> {
  const client = db.$client
  const explain = `explain (format json) ${query.sql}`
  let value: unknown
  if (isPgliteClient(client)) {
    value = await client.transaction(async (tx) => {
      if (seqscanOff) await tx.query('set local enable_seqscan = off')
      const { rows } = await tx.query<Record<string, unknown>>(explain, query.params)
      await tx.rollback()
      return rows[0]?.['QUERY PLAN']
    })
  } else {
    const sql = client as postgres.Sql
    value = await sql
      .begin(async (tx) => {
        if (seqscanOff) await tx.unsafe('set local enable_seqscan = off')
        const rows = await tx.unsafe(explain, query.params as postgres.ParameterOrJSON<never>[])
        throw Object.assign(new Error('rollback'), { plan: rows[0]?.['QUERY PLAN'] })
      })
      .catch((error: { plan?: unknown }) => {
        if (error.plan === undefined) throw error
        return error.plan
      })
  }
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[]
  return parsed[0]!.Plan
}

/** Every node of a plan, depth first. */
function* nodesOf(node: PlanNode): Generator<PlanNode> {
  yield node
  for (const child of node.Plans ?? []) yield* nodesOf(child)
}

/**
 * The large tables a plan reads whole: a sequential scan, or an index walked end to end with no
 * condition on it (priced out of a sequential scan, the planner may read a table through an index
 * that only gives its order, filtering every row).
 */
export const seqScannedLargeTables = (plan: PlanNode): string[] =>
  [...nodesOf(plan)]
    .filter((node) => LARGE_TABLES.has(node['Relation Name'] ?? ''))
    .filter((node) => node['Node Type'] === 'Seq Scan' || (/^Index (Only )?Scan$/.test(node['Node Type']) && !node['Index Cond']))
    .map((node) => node['Relation Name']!)

/** The indexes a plan uses, for the report. */
export const indexesOf = (plan: PlanNode): string[] => [...nodesOf(plan)].flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []))

export type PlanFinding = { sql: string; seqScans: string[]; indexes: string[] }

/** The plan of every statement issued, with the large tables any of them scans whole. */
export async function checkPlans(db: Database, issued: IssuedQuery[], options: { seqscanOff: boolean }): Promise<PlanFinding[]> {
  const findings: PlanFinding[] = []
  for (const query of issued) {
    // Only reads are explained: a write's plan is its target row, and EXPLAIN of it would be a no-op anyway.
    if (!/^\s*(select|with)\b/i.test(query.sql)) continue
    const plan = await planOf(db, query, options)
    findings.push({ sql: query.sql, seqScans: seqScannedLargeTables(plan), indexes: indexesOf(plan) })
  }
  return findings
}
