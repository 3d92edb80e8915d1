import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { customers, idempotencyRecords, shortLinks } from '../db/schema'
import { idempotent, type IdempotencyVariables } from '../lib/idempotency'
import { createTestApp, type TestApp } from '../test/harness'
import { isFamilyLive, REFRESH_TOKEN_TTL_MS } from '../modules/auth/refresh-tokens'
import { HOUSEKEEPING_TARGETS, IDEMPOTENCY_KEEP_MS, purgeExpired, REFRESH_TOKEN_KEEP_MS, SPENT_CODE_KEEP_MS } from './housekeeping'

let t: TestApp
let customerId: string
beforeAll(async () => {
  t = await createTestApp()
  const [customer] = await t.db.insert(customers).values({ firstName: 'Housekeeping', mobilePhone: '+15550001111' }).returning()
  customerId = customer!.id
})
afterAll(() => t.close())

const NOW = new Date('2030-06-01T12:00:00Z')
const MINUTE = 60_000
const TABLES = HOUSEKEEPING_TARGETS.map((target) => target.name)

/** `execute` answers rows on postgres-js and `{ rows }` on PGlite. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows)
const countOf = async (table: string, where = sql`true`) =>
  rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`))[0]!.n

beforeEach(async () => {
  for (const table of TABLES) await t.db.execute(sql`delete from ${sql.identifier(table)}`)
})

/**
 * `count` rows of every kind whose window ended `pastBy` ms before NOW (negative: still inside it)
 * and each a minute before the last; each row's label says which batch it is.
 */
async function insertRows(label: string, count: number, pastBy: number) {
  const at = (keepMs: number) => new Date(NOW.getTime() - keepMs - pastBy).toISOString()
  const series = sql`generate_series(1, ${count}) as g`
  const minutesBefore = (keepMs: number) => sql`${at(keepMs)}::timestamptz - g * interval '1 minute'`
  await t.db.execute(
    sql`insert into idempotency_records (scope, key, request_hash, created_at) select ${label}, 'k' || g, 'h', ${minutesBefore(IDEMPOTENCY_KEEP_MS)} from ${series}`,
  )
  await t.db.execute(
    sql`insert into otp_codes (phone, purpose, code_hash, expires_at, created_at) select ${label}, 'login', 'h', ${minutesBefore(SPENT_CODE_KEEP_MS)}, ${minutesBefore(SPENT_CODE_KEEP_MS)} - interval '10 minutes' from ${series}`,
  )
  await t.db.execute(
    sql`insert into email_changes (customer_id, email, code_hash, expires_at) select ${customerId}, ${label} || g || '@example.com', 'h', ${minutesBefore(SPENT_CODE_KEEP_MS)} from ${series}`,
  )
  await t.db.execute(
    sql`insert into password_resets (customer_id, state, token_hash, expires_at) select ${customerId}, 'completed', ${label} || g, ${minutesBefore(SPENT_CODE_KEEP_MS)} from ${series}`,
  )
  await t.db.execute(
    sql`insert into refresh_tokens (customer_id, family_id, token_hash, expires_at) select ${customerId}, gen_random_uuid(), ${label} || g, ${minutesBefore(REFRESH_TOKEN_KEEP_MS)} from ${series}`,
  )
}

const labelled = (table: string, label: string) => {
  const column = { idempotency_records: 'scope', otp_codes: 'phone', email_changes: 'email', password_resets: 'token_hash', refresh_tokens: 'token_hash' }[table]!
  return countOf(table, sql`${sql.identifier(column)} like ${`${label}%`}`)
}

describe('housekeeping', () => {
  it('deletes idempotency records and spent codes past their window and keeps those inside it', async () => {
    await insertRows('old', 3, MINUTE)
    await insertRows('new', 3, -10 * MINUTE)
    const result = await purgeExpired(t.db, NOW)
    expect(result).toEqual({ deleted: Object.fromEntries(TABLES.map((table) => [table, 3])), total: 15, finished: true })
    for (const table of TABLES) {
      expect(await labelled(table, 'old'), table).toBe(0)
      expect(await labelled(table, 'new'), table).toBe(3)
    }
    // Nothing left past its window: the next pass deletes nothing.
    expect((await purgeExpired(t.db, NOW)).total).toBe(0)
  })

  it('an idempotent replay inside its window answers the same bytes; once the window has passed the record is gone', async () => {
    let runs = 0
    const app = new Hono<{ Variables: IdempotencyVariables }>()
    app.use('/work', idempotent({ db: t.db, passphrase: t.env.PAYLOAD_KEY })).post('/work', async (c) => {
      runs++
      await c.get('tx').insert(shortLinks).values({ id: `housekeeping-${runs}`, target: `/run/${runs}` })
      return c.json({ run: runs }, 201)
    })
    const post = () => app.request('/work', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'replay-me' } })
    const first = await post()
    const firstBody = await first.text()
    const [record] = await t.db.select({ createdAt: idempotencyRecords.createdAt }).from(idempotencyRecords).where(eq(idempotencyRecords.key, 'replay-me'))
    const created = record!.createdAt.getTime()

    await purgeExpired(t.db, new Date(created + IDEMPOTENCY_KEEP_MS - MINUTE))
    const replay = await post()
    expect(replay.status).toBe(201)
    expect(await replay.text()).toBe(firstBody)
    expect(runs).toBe(1)

    const late = await purgeExpired(t.db, new Date(created + IDEMPOTENCY_KEEP_MS + MINUTE))
    expect(late.deleted.idempotency_records).toBe(1)
    expect(await countOf('idempotency_records', sql`key = 'replay-me'`)).toBe(0)
  })

  it('never deletes more than its limit in one pass, the oldest first', async () => {
    await insertRows('old', 40, MINUTE)
    const limit = 60
    const result = await purgeExpired(t.db, NOW, { limit, batch: 7 })
    expect(result.total).toBe(limit)
    expect(result.finished).toBe(false)
    // Every table got its share of the limit: 12 each.
    expect(Object.values(result.deleted)).toEqual(TABLES.map(() => 12))
    // The oldest went: the rows left are all newer than any deleted one (labels count up to older rows).
    const left = rowsOf<{ key: string }>(await t.db.execute(sql`select key from idempotency_records order by created_at`)).map((row) => row.key)
    expect(left).toEqual(Array.from({ length: 28 }, (_, i) => `k${28 - i}`))
  })

  it('a table with little to delete leaves its share to the others, and the pass still stops at its limit', async () => {
    await t.db.execute(
      sql`insert into otp_codes (phone, purpose, code_hash, expires_at) select 'old', 'login', 'h', ${new Date(NOW.getTime() - SPENT_CODE_KEEP_MS - MINUTE).toISOString()}::timestamptz - g * interval '1 second' from generate_series(1, 500) as g`,
    )
    const result = await purgeExpired(t.db, NOW, { limit: 100, batch: 30 })
    expect(result.deleted.otp_codes).toBe(100)
    expect(result.total).toBe(100)
  })

  it('a backlog drains over several passes, never more than the limit each, and leaves the rows inside their window', async () => {
    await insertRows('old', 45, MINUTE)
    await insertRows('new', 5, -10 * MINUTE)
    const limit = 50
    const passes: number[] = []
    for (let pass = 0; pass < 20; pass++) {
      const result = await purgeExpired(t.db, NOW, { limit, batch: 20 })
      passes.push(result.total)
      expect(result.total).toBeLessThanOrEqual(limit)
      if (result.finished) break
    }
    // 225 old rows at 50 a pass: four full passes, then the rest.
    expect(passes).toEqual([50, 50, 50, 50, 25])
    for (const table of TABLES) {
      expect(await labelled(table, 'old'), table).toBe(0)
      expect(await labelled(table, 'new'), table).toBe(5)
    }
  })

  it('a signed-out family with one token a racing rotation left unrevoked stays ended until that token has expired too', async () => {
    const familyId = '00000000-0000-4000-8000-00000000f001'
    // The newest revoked row was issued a whole lifetime before the raced one, the worst case: it expires at NOW.
    await t.db.execute(sql`insert into refresh_tokens (customer_id, family_id, token_hash, expires_at, revoked_at)
      values (${customerId}, ${familyId}, 'signed-out', ${NOW.toISOString()}::timestamptz, ${NOW.toISOString()}::timestamptz)`)
    await t.db.execute(sql`insert into refresh_tokens (customer_id, family_id, token_hash, expires_at)
      values (${customerId}, ${familyId}, 'raced', ${new Date(NOW.getTime() + REFRESH_TOKEN_TTL_MS).toISOString()}::timestamptz)`)
    // A minute before the raced token expires, housekeeping has run: the family must still be ended.
    await purgeExpired(t.db, new Date(NOW.getTime() + REFRESH_TOKEN_TTL_MS - MINUTE))
    expect(await isFamilyLive(t.db, familyId, customerId)).toBe(false)
    expect(REFRESH_TOKEN_KEEP_MS).toBeGreaterThanOrEqual(REFRESH_TOKEN_TTL_MS)
  })
})
