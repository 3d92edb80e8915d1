import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test/harness'
import type { DatabaseHandle } from './client'
import { repeatedStatements } from './client'

/* Statements the app repeats run prepared on PostgreSQL (docs/decisions.md "Issue 16 — placement CPU"). */

describe('repeatedStatements', () => {
  it('chooses a text the second time it is seen, and no more texts than its limit', () => {
    const choose = repeatedStatements(2)
    expect(choose('a')).toBe(false)
    expect(choose('a')).toBe(true)
    expect(choose('a')).toBe(true)
    expect([choose('b'), choose('b')]).toEqual([false, true])
    // The limit is reached: a third repeated text stays unprepared, the chosen ones stay chosen.
    expect([choose('c'), choose('c'), choose('c')]).toEqual([false, false, false])
    expect([choose('a'), choose('b')]).toEqual([true, true])
  })
})

describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL', () => {
  let handle: DatabaseHandle
  let dispose: () => Promise<void>
  beforeAll(async () => {
    ;({ handle, dispose } = await openTestDatabase())
  })
  afterAll(() => dispose())

  const preparedTexts = async (run: (db: typeof handle.db) => Promise<unknown>) => {
    const rows = await run(handle.db)
    return rows as { statement: string }[]
  }

  it('a statement with parameters sent twice in a transaction runs prepared: PostgreSQL holds it, and it answers the same', async () => {
    const marker = `prepared-in-tx-${Date.now()}`
    const answers: unknown[] = []
    const statements = await preparedTexts((db) =>
      db.transaction(async (tx) => {
        for (const n of [1, 2, 3]) answers.push(await tx.execute(sql`select ${marker}::text as marker, ${n}::int as n`))
        return tx.execute(sql`select statement from pg_prepared_statements`)
      }),
    )
    expect(answers.map((rows) => [...(rows as unknown as { marker: string; n: number }[])])).toEqual([1, 2, 3].map((n) => [{ marker, n }]))
    expect(statements.some((row) => row.statement.includes('::text as marker, $2::int as n'))).toBe(true)
  })

  it('a statement sent once stays unprepared', async () => {
    // One connection for both: a transaction.
    const statements = await preparedTexts((db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select ${1}::int as once_only`)
        return tx.execute(sql`select statement from pg_prepared_statements`)
      }),
    )
    expect(statements.some((row) => row.statement.includes('once_only'))).toBe(false)
  })
})
