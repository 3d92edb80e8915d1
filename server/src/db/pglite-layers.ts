// The layers the app puts over the embedded PGlite, in whichever thread owns it: drizzle's parsers
// installed once, the repeated statements prepared. Imported by the PGlite thread (pglite-thread.ts),
// which Node runs as TypeScript by itself (type stripping: erasable syntax only, imports with their
// `.ts`), so this module imports nothing but PGlite.
import { parse, PGlite, protocol, types, type QueryOptions, type Results, type Transaction as PgliteTransaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/**
 * The embedded PGlite as the app uses it, in whichever thread calls this: pg_trgm (the restaurant
 * search's dish index, migration 0011, docs/discovery.md), drizzle's parsers installed once and the
 * repeated statements prepared.
 */
export async function openEmbeddedPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  return parsingOnce(preparingPglite(await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir }), repeatedStatements()))
}

/** The types drizzle's PGlite driver asks to get as text, with its own parsers on every query. */
export const DRIZZLE_TEXT_TYPES = new Set([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(String))
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
