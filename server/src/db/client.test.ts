import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
    const { handle, dispose } = await openTestDatabase({ thread: 'main' })
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
    const { handle, dispose } = await openTestDatabase({ thread: 'main' })
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

describe.skipIf(Boolean(process.env.DATABASE_URL))("PGlite's repeated statements, prepared (preparingPglite)", () => {
  // One database for the block: each test uses its own statements and tables.
  let client: PGlite
  let dispose: () => Promise<void>
  beforeAll(async () => {
    const opened = await openTestDatabase({ thread: 'main' })
    client = opened.handle.db.$client as PGlite
    dispose = opened.dispose
  })
  afterAll(() => dispose())
  const preparedTexts = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')).rows.map((row) => row.statement)

  it('parses a statement once it is seen twice, and answers the same rows, typed, in and out of a transaction', async () => {
    const text = `select $1::uuid as id, $2::int as n, $3::text as t, $4::text as nothing, $5::jsonb as j, $6::timestamptz as at, $7::numeric as amount`
    const params = ['9f1c1b5e-3c1a-4c8e-9a44-0d1f5d3b2a10', 42, "O'Brien", null, JSON.stringify({ a: [1, 2] }), '2026-01-02T03:04:05.000Z', '12.50']
    const first = await client.query(text, params)
    expect(await preparedTexts()).not.toContain(text)
    const second = await client.query(text, params)
    const inTransaction = await client.transaction((tx) => tx.query(text, params))
    const asArrays = await client.query(text, params, { rowMode: 'array' })
    expect(await preparedTexts()).toContain(text)
    expect(second.rows).toEqual(first.rows)
    expect(inTransaction.rows).toEqual(first.rows)
    expect(second.fields).toEqual(first.fields)
    expect(asArrays.rows).toEqual([Object.values(first.rows[0]!)])
    expect(first.rows[0]).toMatchObject({ n: 42, t: "O'Brien", nothing: null, j: { a: [1, 2] }, amount: '12.50' })
  })

  it('writes with it: affected rows, a refusal with its SQLSTATE and statement, a rolled-back transaction, and the statement still serves after', async () => {
    await client.exec('create table prepared_probe (id int primary key, name text not null)')
    const insert = 'insert into prepared_probe (id, name) values ($1, $2)'
    for (const id of [1, 2, 3]) expect((await client.query(insert, [id, `n${id}`])).affectedRows).toBe(1)
    expect(await preparedTexts()).toContain(insert)
    await expect(client.query(insert, [2, 'again'])).rejects.toMatchObject({ code: '23505', query: insert })
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, [4, 'n4'])
        await tx.query(insert, [1, 'duplicate'])
      }),
    ).rejects.toMatchObject({ code: '23505' })
    expect((await client.query(insert, [5, 'n5'])).affectedRows).toBe(1)
    const names = await client.query<{ id: number }>('select id from prepared_probe order by id')
    expect(names.rows.map((row) => row.id)).toEqual([1, 2, 3, 5])
  })

  it('does not keep a statement that failed to parse, and follows a changed table', async () => {
    const read = 'select id, name from later_probe where id = $1'
    await expect(client.query(read, [1])).rejects.toMatchObject({ code: '42P01' })
    await expect(client.query(read, [1])).rejects.toMatchObject({ code: '42P01' })
    await client.exec(`create table later_probe (id int primary key, name text); insert into later_probe values (1, 'one')`)
    expect((await client.query(read, [1])).rows).toEqual([{ id: 1, name: 'one' }])
    expect((await client.query(read, [1])).rows).toEqual([{ id: 1, name: 'one' }])
    await client.exec(`alter table later_probe add column extra int default 7; alter table later_probe alter column name type varchar(20)`)
    expect((await client.query(read, [1])).rows).toEqual([{ id: 1, name: 'one' }])
    expect((await preparedTexts()).filter((statement) => statement === read)).toHaveLength(1)
  })

  it('leaves one-off statements unprepared', async () => {
    await client.query('select $1::int + 1 as once', [1])
    expect(await preparedTexts()).not.toContain('select $1::int + 1 as once')
  })
})
