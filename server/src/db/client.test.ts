import { describe, expect, it } from 'vitest'
import type { PGlite } from '@electric-sql/pglite'
import { openTestDatabase } from '../test/harness'

describe('migrations', () => {
  it('can run twice at once and twice in a row without failing', async () => {
    const { handle, dispose } = await openTestDatabase()
    try {
      await Promise.all([handle.migrate(), handle.migrate()])
      await handle.migrate()
      expect(await handle.ping()).toBe(true)
    } finally {
      await dispose()
    }
  })
})

describe.skipIf(Boolean(process.env.DATABASE_URL))("drizzle's parsers given to PGlite once (parsingOnce)", () => {
  const probe = `select timestamp '2026-01-02 03:04:05' as ts, timestamptz '2026-01-02 03:04:05+00' as tstz, date '2026-01-02' as d,
    interval '90 minutes' as i, 7::int as n, '{"a":1}'::jsonb as j`
  const asText = (value: string) => value
  // What drizzle's PGlite driver passes with every query.
  const drizzleParsers = Object.fromEntries([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((type) => [type, asText]))

  it('answers the same rows with and without the parsers drizzle passes, in and out of a transaction, timestamps as text', async () => {
    const { handle, dispose } = await openTestDatabase()
    try {
      const client = handle.db.$client as PGlite
      const plain = await client.query(probe)
      const withParsers = await client.query(probe, [], { parsers: drizzleParsers })
      const inTransaction = await client.transaction((tx) => tx.query(probe, [], { parsers: drizzleParsers }))
      const expected = { ts: '2026-01-02 03:04:05', tstz: '2026-01-02 03:04:05+00', d: '2026-01-02', i: '01:30:00', n: 7, j: { a: 1 } }
      expect(plain.rows).toEqual([expected])
      expect(withParsers.rows).toEqual([expected])
      expect(inTransaction.rows).toEqual([expected])
    } finally {
      await dispose()
    }
  })

  it("keeps a query's own parsers when they are not only drizzle's", async () => {
    const { handle, dispose } = await openTestDatabase()
    try {
      const client = handle.db.$client as PGlite
      const own = { ...drizzleParsers, 23: (value: string) => `int ${value}` }
      expect((await client.query<{ n: string }>('select 7::int as n', [], { parsers: own })).rows).toEqual([{ n: 'int 7' }])
      expect((await client.transaction((tx) => tx.query<{ n: string }>('select 7::int as n', [], { parsers: own }))).rows).toEqual([{ n: 'int 7' }])
    } finally {
      await dispose()
    }
  })
})
