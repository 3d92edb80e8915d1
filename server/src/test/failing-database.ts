import type { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { isPgliteClient, type DatabaseHandle } from '../db/client'

/** The driver calls that reach the database: each fails, while switched off, as a closed PGlite does. */
const CALLS = new Set(['query', 'exec', 'transaction', 'listen', 'unlisten', 'execProtocol', 'execProtocolRaw'])

/**
 * A database a test can switch off under a running app (`createTestApp({ wrapDb: database.wrap })`):
 * while off, every query fails with the error PGlite raises once closed ("PGlite is closed"), the
 * way a PostgreSQL that went away fails every query with a connection error. PGlite only: on
 * PostgreSQL the tests stop a real server instead.
 */
export function switchableDatabase() {
  let down = false
  let refused = 0
  return {
    wrap(db: DatabaseHandle['db']): DatabaseHandle['db'] {
      const client = db.$client
      if (!isPgliteClient(client)) throw new Error('switchableDatabase is for PGlite; on PostgreSQL stop the server')
      const switched = new Proxy(client, {
        get(target, property) {
          const value = Reflect.get(target, property, target) as unknown
          if (typeof value !== 'function') return value
          if (!CALLS.has(String(property))) return value.bind(target)
          return (...args: unknown[]) => {
            if (down) {
              refused += 1
              return Promise.reject(new Error('PGlite is closed'))
            }
            return (value as (...args: unknown[]) => unknown).apply(target, args)
          }
        },
      })
      return drizzlePglite(switched) as DatabaseHandle['db']
    },
    /** From now on every query fails. */
    stop: () => void (down = true),
    start: () => void (down = false),
    /** Queries refused while switched off: 0 proves a refusal came before any database read. */
    refused: () => refused,
  }
}

/** The ways the app reaches the database through drizzle (and `driverRows` through `$client`). */
const DATABASE_ENTRIES = new Set(['select', 'selectDistinct', 'insert', 'update', 'delete', 'execute', 'transaction', 'query', '$client', '$count', 'with'])

/** Counts every use of the database by the app, on either engine: a refusal that leaves the count alone read nothing. */
export function countingDatabase() {
  let uses = 0
  return {
    wrap: (db: DatabaseHandle['db']): DatabaseHandle['db'] =>
      new Proxy(db, {
        get(target, property, receiver) {
          if (DATABASE_ENTRIES.has(String(property))) uses += 1
          return Reflect.get(target, property, receiver)
        },
      }),
    uses: () => uses,
  }
}
