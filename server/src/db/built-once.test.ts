import { eq, sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openTestDatabase } from '../test/harness'
import { builtOnce } from './built-once'
import { isPgliteClient, openDatabase, type Database, type DatabaseHandle } from './client'
import { pgTable, text } from 'drizzle-orm/pg-core'

const cities = pgTable('built_once_probe', { name: text('name').primaryKey() })

/* A statement built once runs with each call's values on the executor it is given (docs/decisions.md "Issue 16 — placement CPU"). */

let handle: DatabaseHandle
let dispose: () => Promise<void>
beforeAll(async () => {
  ;({ handle, dispose } = await openTestDatabase())
  await handle.db.execute(sql`create table built_once_probe (name text primary key)`)
  await handle.db.insert(cities).values([{ name: 'Built Once A' }, { name: 'Built Once B' }])
})
afterAll(() => dispose())

const cityNamed = builtOnce((db) => db.select({ name: cities.name }).from(cities).where(eq(cities.name, sql.placeholder('name'))))

it('answers each call with its own values, on the database and inside a transaction that sees its own writes', async () => {
  expect(await cityNamed(handle.db, { name: 'Built Once A' })).toEqual([{ name: 'Built Once A' }])
  expect(await cityNamed(handle.db, { name: 'Built Once B' })).toEqual([{ name: 'Built Once B' }])
  await handle.db
    .transaction(async (tx) => {
      await tx.insert(cities).values({ name: 'Built Once C' })
      // Only the transaction's own connection sees C before it commits: the statement ran there.
      expect(await cityNamed(tx, { name: 'Built Once C' })).toEqual([{ name: 'Built Once C' }])
      throw new Error('roll back')
    })
    .catch((error: Error) => expect(error.message).toBe('roll back'))
  expect(await cityNamed(handle.db, { name: 'Built Once C' })).toEqual([])
})

it("logs to the logger of the executor it runs on, not the first one's", async () => {
  const logged: string[] = []
  const client = handle.db.$client
  const logger = { logQuery: (query: string) => void logged.push(query) }
  const counted = (isPgliteClient(client) ? drizzlePglite(client as PGlite, { logger }) : drizzlePostgres(client as never, { logger })) as Database
  expect(await cityNamed(counted, { name: 'Built Once A' })).toEqual([{ name: 'Built Once A' }])
  expect(logged).toHaveLength(1)
  expect(logged[0]).toContain('"built_once_probe"')
})

// Only `npm run test:pg` has both engines: the PostgreSQL database of the run and an embedded PGlite beside it.
it.runIf(Boolean(process.env.DATABASE_URL))('serves PostgreSQL and PGlite in one process, each with its own driver, in either order', async () => {
  const embedded = await openDatabase({ dataDir: 'memory://' })
  try {
    await embedded.db.execute(sql`create table built_once_probe (name text primary key)`)
    await embedded.db.insert(cities).values({ name: 'Embedded' })
    const firstOnPglite = builtOnce((db) => db.select({ name: cities.name }).from(cities).where(eq(cities.name, sql.placeholder('name'))))
    expect(await firstOnPglite(embedded.db, { name: 'Embedded' })).toEqual([{ name: 'Embedded' }])
    expect(await firstOnPglite(handle.db, { name: 'Built Once A' })).toEqual([{ name: 'Built Once A' }])
    expect(await cityNamed(embedded.db, { name: 'Embedded' })).toEqual([{ name: 'Embedded' }])
    expect(await cityNamed(handle.db, { name: 'Embedded' })).toEqual([])
  } finally {
    await embedded.close()
  }
})
