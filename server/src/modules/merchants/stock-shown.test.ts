import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { stockShown } from './menu'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ seed: false })
})
afterAll(() => t.close())

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows)

describe('what the menu shows of a dish’s stock, written twice (the answer in TypeScript, the version trigger in SQL)', () => {
  it('stockShown and migration 0013’s menu_stock_shown agree on every stock and alert quantity, counted or not', async () => {
    const values = [null, -1, 0, 1, 2, 3, 4, 5, 10, 1000]
    const pairs = values.flatMap((stock) => values.map((alert) => [stock, alert] as const))
    const fromSql = rowsOf<{ shown: number | null }>(
      await t.db.execute(
        sql`select menu_stock_shown(p.stock, p.alert) as shown from jsonb_to_recordset(${JSON.stringify(pairs.map(([stock, alert], n) => ({ stock, alert, n })))}::jsonb) as p(stock integer, alert integer, n integer) order by p.n`,
      ),
    ).map((row) => row.shown)
    expect(fromSql).toEqual(pairs.map(([stock, alert]) => stockShown(stock, alert)))
  })
})
