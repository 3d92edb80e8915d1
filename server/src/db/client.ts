import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { DRIZZLE_TEXT_TYPES, openEmbeddedPglite, repeatedStatements } from './pglite-layers'
import { ThreadedPglite } from './threaded-pglite'

export { openEmbeddedPglite, parsingOnce, preparingPglite, PREPARED_STATEMENTS, repeatedStatements } from './pglite-layers'
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
  /**
   * PGlite only: where it runs. `own` (the default): on a worker thread of its own, so the server's
   * thread never waits for PostgreSQL's work (docs/decisions.md "Issue 16 — PGlite on its own
   * thread"); `main`: in this thread, for the tests of the layers below (`preparingPglite`).
   */
  thread?: 'own' | 'main'
}

export async function openDatabase({ databaseUrl, dataDir, loadDataDir, thread = 'own' }: DatabaseOptions): Promise<DatabaseHandle> {
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
  const client: PgliteClient =
    thread === 'main'
      ? await openEmbeddedPglite(dataDir, loadDataDir)
      : new ThreadedPglite({ dataDir, loadDataDir: await loadDataDir?.arrayBuffer(), drizzleTextTypes: DRIZZLE_TEXT_TYPES })
  await client.waitReady
  const db = drizzlePglite(client as PGlite)
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

/** The embedded database's client: PGlite itself, or PGlite on its own thread. */
type PgliteClient = PGlite | ThreadedPglite

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
export const isPglite = (db: Database): boolean => isPgliteClient(db.$client)

/** Whether a driver client is the embedded PGlite (on its own thread or this one). */
export const isPgliteClient = (client: unknown): client is PgliteClient => client instanceof PGlite || client instanceof ThreadedPglite

/**
 * A read straight on the driver, without drizzle's query building and row mapping (about 90 µs a
 * query on PGlite): only for the hottest reads, whose SQL is a constant with numbered parameters.
 */
export async function driverRows<T extends Record<string, unknown>>(db: Database, text: string, params: unknown[]): Promise<T[]> {
  const client: unknown = db.$client
  if (isPgliteClient(client)) return (await client.query<T>(text, params)).rows
  return (await (client as postgres.Sql).unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true })) as unknown as T[]
}

async function ping(db: Database): Promise<boolean> {
  try {
    await (db as ReturnType<typeof drizzlePglite>).execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}
