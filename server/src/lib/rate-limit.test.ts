import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimits } from '../db/schema'
import { loadEnv } from '../env'
import { serverJobs } from '../jobs'
import { createTestApp, type TestApp } from '../test/harness'
import { createRateLimiter, deleteOldWindows, purgeOldWindows, RATE_LIMIT_KEEP_MS, type Limit } from './rate-limit'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ seed: false })
})
afterAll(() => t.close())

const MINUTE = 60_000
const limit: Limit = { name: 'test:thing', max: 3, windowMs: 10 * MINUTE, what: 'things' }
// A fixed instant 4 minutes into a 10-minute window: the tests never read the clock.
const windowStart = Date.UTC(2026, 10, 24, 12, 0, 0)
const at = (ms: number) => new Date(windowStart + ms)

describe('the rate limiter', () => {
  it('counts hits per subject in fixed windows and says how long until the window ends', async () => {
    const limiter = createRateLimiter(t.db)
    const hits = []
    for (let n = 0; n < 4; n++) hits.push(await limiter.hit(limit, 'alpha', at(4 * MINUTE)))
    expect(hits.map((hit) => [hit.hits, hit.limited])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ])
    expect(hits[3]!.retryAfterSeconds).toBe(6 * 60)
    // Another subject, and the next window, start from nothing.
    expect(await limiter.hit(limit, 'beta', at(4 * MINUTE))).toMatchObject({ hits: 1, limited: false })
    expect(await limiter.hit(limit, 'alpha', at(10 * MINUTE))).toMatchObject({ hits: 1, limited: false, retryAfterSeconds: 600 })
  })

  it('a key over its limit stays refused for the rest of its window without another database write', async () => {
    const limiter = createRateLimiter(t.db)
    for (let n = 0; n < limit.max + 1; n++) await limiter.hit(limit, 'epsilon', at(2 * MINUTE))
    const later = await limiter.hit(limit, 'epsilon', at(9 * MINUTE))
    expect(later).toMatchObject({ limited: true, retryAfterSeconds: 60 })
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:thing:epsilon'))
    expect(row!.hits).toBe(limit.max + 1)
    // The next window counts from the database again.
    expect(await limiter.hit(limit, 'epsilon', at(10 * MINUTE))).toMatchObject({ hits: 1, limited: false })
  })

  it('counts every hit of parallel requests exactly once (one upsert each)', async () => {
    const limiter = createRateLimiter(t.db)
    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.hit(limit, 'gamma', at(MINUTE))))
    expect(results.map((result) => result.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, n) => n + 1))
  })

  it('take() counts every pair and throws 429 rate_limited with the longest wait when one is over', async () => {
    const limiter = createRateLimiter(t.db)
    const short: Limit = { name: 'test:short', max: 1, windowMs: MINUTE, what: 'short things' }
    const now = at(30_000)
    await limiter.take([[short, 'delta'], [limit, 'delta']], now)
    const refusal = await limiter.take([[short, 'delta'], [limit, 'delta']], now).catch((error: unknown) => error)
    expect(refusal).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 30, message: 'Too many short things. Try again in 1 minute.' })
    expect((await limiter.hit(limit, 'delta', now)).hits).toBe(3)
  })

  it('deletes old windows in bounded batches and keeps the current ones', async () => {
    const limiter = createRateLimiter(t.db)
    for (let n = 0; n < 5; n++) await limiter.hit(limit, `old-${n}`, at(-24 * 60 * MINUTE))
    await limiter.hit(limit, 'current', at(0))
    const before = at(-60 * MINUTE)
    expect(await deleteOldWindows(t.db, { before, batch: 3 })).toBe(3)
    expect(await deleteOldWindows(t.db, { before, batch: 3 })).toBe(2)
    expect(await deleteOldWindows(t.db, { before, batch: 3 })).toBe(0)
    const left = (await t.db.select().from(rateLimits)).map((row) => row.key)
    expect(left).toContain('test:thing:current')
    expect(left.some((key) => key.startsWith('test:thing:old-'))).toBe(false)
  })

  it('refuses a limit whose window is a day or longer, which the purge would forget while it still counts', async () => {
    const limiter = createRateLimiter(t.db)
    const daily: Limit = { name: 'test:daily', max: 1, windowMs: RATE_LIMIT_KEEP_MS, what: 'daily things' }
    await expect(limiter.hit(daily, 'zeta', at(0))).rejects.toThrow('The test:daily limit')
  })
})

describe('the rate-limit purge job', () => {
  const HOUR = 60 * MINUTE
  const purgeKey = (name: string) => `test:purge:${name}`

  async function counters(): Promise<string[]> {
    return (await t.db.select().from(rateLimits))
      .map((row) => row.key)
      .filter((key) => key.startsWith('test:purge:'))
      .sort()
  }

  it('runs in every server, production too, and at the clock it is given deletes only windows that started over a day ago', async () => {
    const now = at(0)
    const rows = [
      ['ended-long-ago', now.getTime() - 30 * 24 * HOUR],
      ['ended-yesterday', now.getTime() - RATE_LIMIT_KEEP_MS - MINUTE],
      ['a-day-old-to-the-minute', now.getTime() - RATE_LIMIT_KEEP_MS],
      ['this-hour', now.getTime() - 15 * MINUTE],
    ] as const
    await t.db.insert(rateLimits).values(rows.map(([name, start]) => ({ key: purgeKey(name), windowStart: new Date(start), hits: 3 })))
    const production = loadEnv({ SANDBOX: '0', KITCHEN: '0', LOG_LEVEL: 'silent', TOKEN_SECRET: 'p'.repeat(40), PAYLOAD_KEY: 'a production key' })
    const job = serverJobs({ db: t.db, env: production, log: { info: () => {}, error: () => {} } }).find((candidate) => candidate.name === 'rate-limit purge')!
    expect(job.everyMs).toBe(MINUTE)
    expect(await job.run(now)).toMatchObject({ finished: true })
    expect(await counters()).toEqual([purgeKey('a-day-old-to-the-minute'), purgeKey('this-hour')])
    // A day later by the injected clock, the rest have ended a day ago too.
    await job.run(new Date(now.getTime() + RATE_LIMIT_KEEP_MS + 1))
    expect(await counters()).toEqual([])
  })

  it('deletes at most maxBatches × batch counters a pass and leaves the rest for the next pass', async () => {
    const now = at(0)
    const old = new Date(now.getTime() - 2 * RATE_LIMIT_KEEP_MS)
    await t.db.insert(rateLimits).values(Array.from({ length: 7 }, (_, n) => ({ key: purgeKey(`old-${n}`), windowStart: old, hits: 1 })))
    await t.db.insert(rateLimits).values({ key: purgeKey('current'), windowStart: now, hits: 1 })
    expect(await purgeOldWindows(t.db, now, { batch: 2, maxBatches: 2 })).toEqual({ deleted: 4, batches: 2, finished: false })
    expect(await counters()).toHaveLength(4)
    expect(await purgeOldWindows(t.db, now, { batch: 2, maxBatches: 2 })).toEqual({ deleted: 3, batches: 2, finished: true })
    expect(await purgeOldWindows(t.db, now, { batch: 2, maxBatches: 2 })).toEqual({ deleted: 0, batches: 1, finished: true })
    expect(await counters()).toEqual([purgeKey('current')])
  })
})
