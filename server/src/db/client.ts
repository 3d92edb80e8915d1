import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse, PGlite, protocol, types, type QueryOptions, type Results, type Transaction as PgliteTransaction } from '@electric-sql/pglite'
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
  const client = parsingOnce(preparingPglite(await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir }), repeatedStatements()))
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

type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>

/**
 * PGlite runs every query as an unnamed statement: parsed, analysed and planned again each time,
 * in six calls into its WebAssembly (Parse, Describe, Bind, Describe, Execute, Sync). The statements
 * the app repeats (chosen as on PostgreSQL, `repeatedStatements`) are parsed once as named statements
 * and then only bound and executed, so PostgreSQL keeps their plans (docs/decisions.md "Issue 16 —
 * PGlite's statements prepared"). The rows are read by PGlite's own result parser, with the
 * instance's parsers and serializers, exactly as its `query` does; what the path skips is parsing
 * and planning. Queries inside a transaction take PGlite's query lock only, the others its
 * transaction lock too, as PGlite's own `query` and `transaction` do.
 */
export function preparingPglite(client: PGlite, choose: (text: string) => boolean): PGlite {
  const named = new Map<string, { name: string; paramTypes: number[] }>()
  let parsed = 0
  const stream = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false })

  async function prepared(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean, retried = false): Promise<Results> {
    let stale: string | undefined
    try {
      return await client._runExclusiveQuery(async () => {
        const messages = []
        let statement = named.get(text)
        try {
          if (!statement) {
            const name = `tf_${parsed++}`
            await stream(protocol.serialize.parse({ name, text }))
            const paramTypes = parse.parseDescribeStatementResults(await stream(protocol.serialize.describe({ type: 'S', name })))
            statement = { name, paramTypes }
            named.set(text, statement)
          }
          const { name, paramTypes } = statement
          const values = params.map((value, index) => {
            if (value === null || value === undefined) return null
            const serializer = options?.serializers?.[paramTypes[index]!] ?? client.serializers[paramTypes[index]!]
            return serializer ? serializer(value) : String(value)
          })
          messages.push(
            ...(await stream(protocol.serialize.bind({ statement: name, values }))),
            ...(await stream(protocol.serialize.describe({ type: 'P' }))),
            ...(await stream(protocol.serialize.execute({}))),
          )
        } catch (error) {
          // A table changed under a kept statement ("cached plan must not change result type"): forgotten and closed.
          if (statement && (error as { code?: string }).code === '0A000' && named.get(text) === statement) {
            named.delete(text)
            stale = statement.name
          }
          // As PGlite's own query does: the error names its statement and parameters.
          throw Object.assign(error as object, { query: text, params, queryOptions: options })
        } finally {
          messages.push(...(await stream(protocol.serialize.sync())))
          // Closed after the Sync: until then the server ignores every message that follows an error.
          if (stale) await stream(protocol.serialize.close({ type: 'S', name: stale })).then(() => stream(protocol.serialize.sync()))
        }
        if (!inTransaction) await client.syncToFs()
        return parse.parseResults(messages, client.parsers, options)[0]!
      })
    } catch (error) {
      // Outside a transaction it is parsed again and run once more, as postgres.js does; inside, the transaction has failed.
      if (stale && !inTransaction && !retried) return prepared(text, params, options, inTransaction, true)
      throw error
    }
  }

  // Chosen once per call: the chooser counts what it is asked about.
  const preparable = (text: string, options?: QueryOptions) => options?.blob === undefined && options?.paramTypes === undefined && choose(text)
  const route = (query: Query, inTransaction: boolean): Query =>
    (text, params, options) => (preparable(text, options) ? prepared(text, params ?? [], options, inTransaction) : query(text, params, options))

  const query = client.query.bind(client) as Query
  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    if (!preparable(text, options)) return query(text, params, options)
    await client._checkReady()
    return client._runExclusiveTransaction(() => prepared(text, params ?? [], options, false))
  }) as PGlite['query']
  const transaction = client.transaction.bind(client)
  client.transaction = ((body: (tx: PgliteTransaction) => Promise<unknown>) =>
    transaction((tx) => {
      tx.query = route(tx.query.bind(tx) as Query, true) as PgliteTransaction['query']
      return body(tx)
    })) as PGlite['transaction']
  return client
}

/** How many distinct statement texts run prepared (on each PostgreSQL connection that sends them, and in PGlite). */
export const PREPARED_STATEMENTS = 500

/**
 * Chooses the statements to prepare: a text seen a second time, while fewer than `limit` are
 * chosen. Values are parameters, so a text is a statement's shape: an `IN` list takes a place per
 * length seen twice, a shape seen once (a rare combination of search filters, a long list) never
 * does. The limit bounds what each session keeps (a parsed statement and its plans): every
 * PostgreSQL connection, and PGlite's one session. The texts seen once are forgotten every
 * `20 × limit`, so they cannot grow without bound either.
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
