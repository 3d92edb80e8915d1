import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite, types, type QueryOptions, type Transaction as PgliteTransaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
// No `schema` for drizzle: nothing uses its relational queries (`db.query.…`), and with one every
// transaction built a query builder per table (docs/decisions.md "Issue 16 — placement CPU").
export type Database = ReturnType<typeof drizzlePglite> | ReturnType<typeof drizzlePostgres>

export type DatabaseHandle = {
  db: Database
  kind: 'pglite' | 'postgres'
  /** Runs the migrations in server/src/db/migrations. */
  migrate: () => Promise<void>
  ping: () => Promise<boolean>
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (live updates fan out through
   * LISTEN/NOTIFY, so they reach every instance: docs/operations.md "Several instances"); resolves
   * to the unsubscribe. `onListen`
   * runs each time the LISTEN is in place — again after PostgreSQL's connection came back, when
   * notifications sent in between are lost.
   */
  listen: (channel: string, onNotify: (payload: string) => void, onListen?: () => void) => Promise<() => Promise<void>>
  close: () => Promise<void>
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
/** The advisory-lock key that serialises migrations across instances. */
const MIGRATION_LOCK = 74_616_276

export type DatabaseOptions = {
  /** A postgres:// URL; without it the embedded PGlite is used. */
  databaseUrl?: string
  /** PGlite's data directory; 'memory://' keeps it in memory. */
  dataDir: string
  /** PGlite only: start from this dump of a data directory (PGlite's dumpDataDir) instead of an empty one. */
  loadDataDir?: Blob
}

export async function openDatabase({ databaseUrl, dataDir, loadDataDir }: DatabaseOptions): Promise<DatabaseHandle> {
  if (databaseUrl) {
    const client = postgres(databaseUrl, {
      max: 10,
      onnotice: () => {},
      // While the server is away a query fails fast and the app answers 503 (docs/operations.md): a
      // connection retries after at most ~1 s (postgres.js grows this to 20 s), and gives up on a
      // connect that hangs after 10 s (30 s by default).
      backoff: (retries: number) => (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, 1),
      connect_timeout: 10,
    })
    const db = drizzlePostgres(preparingRepeats(client, repeatedStatements()))
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        // Instances starting together take turns: one migrates, the others then find nothing to do.
        const lock = await client.reserve()
        try {
          await lock`select pg_advisory_lock(${MIGRATION_LOCK})`
          await migratePostgres(db, { migrationsFolder })
        } finally {
          await lock`select pg_advisory_unlock(${MIGRATION_LOCK})`
          lock.release()
        }
      },
      ping: () => ping(db),
      listen: async (channel, onNotify, onListen) => {
        const { unlisten } = await client.listen(channel, onNotify, onListen)
        return unlisten
      },
      close: () => client.end({ timeout: 5 }),
    }
  }
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
  // pg_trgm: the restaurant search's dish index (migration 0011, docs/discovery.md).
  const client = parsingOnce(await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir }))
  const db = drizzlePglite(client)
  let migrations = Promise.resolve()
  return {
    db,
    kind: 'pglite',
    // One process owns a PGlite directory; calls within it take turns.
    migrate: () => (migrations = migrations.then(() => migratePglite(db, { migrationsFolder }))),
    ping: () => ping(db),
    listen: async (channel, onNotify, onListen) => {
      const unlisten = await client.listen(channel, onNotify)
      onListen?.()
      return unlisten
    },
    close: () => client.close(),
  }
}

/** The types drizzle's PGlite driver asks to get as text, with its own parsers on every query. */
const DRIZZLE_TEXT_TYPES = new Set([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(String))
const asText = (value: string) => value

const onlyDrizzleTextParsers = (options?: QueryOptions) => options?.parsers !== undefined && Object.keys(options.parsers).every((type) => DRIZZLE_TEXT_TYPES.has(type))

/**
 * drizzle hands PGlite the same parsers with every query (the types above as text), and PGlite
 * merges them into its table of ~320 parsers on every result: about 0.1 ms a statement, a tenth
 * of a placement's CPU (docs/decisions.md "Issue 16 — placement CPU, second pass"). Here the
 * instance's own table gets them once, and a query whose parsers are only those is run without
 * them, with the same result. Other callers of the instance (`driverRows`, tests' raw queries)
 * then get these types as text too; none reads them.
 */
export function parsingOnce(client: PGlite): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText
  const strip =
    <R>(query: (text: string, params?: unknown[], options?: QueryOptions) => R) =>
    (text: string, params?: unknown[], options?: QueryOptions) =>
      query(text, params, onlyDrizzleTextParsers(options) ? { ...options, parsers: undefined } : options)
  const query = client.query.bind(client)
  client.query = strip(query) as PGlite['query']
  const transaction = client.transaction.bind(client)
  client.transaction = ((body: (tx: PgliteTransaction) => Promise<unknown>) =>
    transaction((tx) => {
      tx.query = strip(tx.query.bind(tx)) as PgliteTransaction['query']
      return body(tx)
    })) as PGlite['transaction']
  return client
}

/** How many distinct statement texts run prepared (on each connection that sends them). */
export const PREPARED_STATEMENTS = 500

/**
 * Chooses the statements to prepare: a text seen a second time, while fewer than `limit` are
 * chosen. One-off shapes (a search's words, a long IN list) never take a place, and the limit
 * bounds what each PostgreSQL connection keeps (a parsed statement and its plans).
 */
export function repeatedStatements(limit = PREPARED_STATEMENTS): (text: string) => boolean {
  const chosen = new Set<string>()
  const seen = new Set<string>()
  return (text) => {
    if (chosen.has(text)) return true
    if (chosen.size >= limit) return false
    if (!seen.has(text)) {
      if (seen.size >= 20 * limit) seen.clear()
      seen.add(text)
      return false
    }
    chosen.add(text)
    return true
  }
}

type Unsafe = postgres.Sql['unsafe']

/**
 * drizzle sends every statement unprepared, and postgres.js sends an unprepared statement with
 * parameters as two round trips (Parse and Describe, wait for the parameter types, then Bind and
 * Execute). The statements the app repeats run prepared instead: one round trip, parsed and
 * planned once per connection (docs/decisions.md "Issue 16 — placement CPU"). Applied to the
 * client, and to each transaction's and savepoint's client as postgres.js makes them.
 */
export function preparingRepeats<S extends postgres.Sql>(client: S, choose: (text: string) => boolean): S {
  const scoped = client as S & { savepoint?: (...args: unknown[]) => Promise<unknown> }
  const unsafe: Unsafe = client.unsafe
  scoped.unsafe = ((text: string, parameters?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
    options?.prepare === false && parameters && parameters.length > 0 && choose(text)
      ? unsafe(text, parameters, { ...options, prepare: true })
      : unsafe(text, parameters, options)) as Unsafe
  const scope =
    <F extends (...args: never[]) => Promise<unknown>>(open: F) =>
    (...args: unknown[]) => {
      const body = args.pop() as (sql: S) => unknown
      return (open as unknown as (...a: unknown[]) => Promise<unknown>)(...args, (sql: S) => body(preparingRepeats(sql, choose)))
    }
  if (typeof client.begin === 'function') scoped.begin = scope(client.begin) as S['begin']
  if (typeof scoped.savepoint === 'function') scoped.savepoint = scope(scoped.savepoint)
  return client
}

/** The embedded PGlite: one connection, whose transactions take turns, so no statement ever waits for a lock. */
export const isPglite = (db: Database): boolean => db.$client instanceof PGlite

/**
 * A read straight on the driver, without drizzle's query building and row mapping (about 90 µs a
 * query on PGlite): only for the hottest reads, whose SQL is a constant with numbered parameters.
 */
export async function driverRows<T extends Record<string, unknown>>(db: Database, text: string, params: unknown[]): Promise<T[]> {
  const client = db.$client
  if (client instanceof PGlite) return (await client.query<T>(text, params)).rows
  return (await client.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true })) as unknown as T[]
}

async function ping(db: Database): Promise<boolean> {
  try {
    await (db as ReturnType<typeof drizzlePglite>).execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}
