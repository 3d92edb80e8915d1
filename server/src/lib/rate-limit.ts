import { sql } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Database } from '../db/client'
import { rateLimits } from '../db/schema'
import { ApiError } from './errors'

/** A throttle: at most `max` hits per fixed window of `windowMs` for one subject (docs/accounts.md "Throttles"). */
export type Limit = { name: string; max: number; windowMs: number; what: string }

/** A refusal that says when to come back: answered with a Retry-After header (see `retryAfterHeader`). */
export class RetryLater extends ApiError {
  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, code, message)
  }
}

const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** 429 rate_limited: too many hits of one limit; the message names the action and the wait. */
export class RateLimited extends RetryLater {
  constructor(what: string, retryAfterSeconds: number) {
    super(429, 'rate_limited', `Too many ${what}. Try again in ${inMinutes(retryAfterSeconds)}.`, retryAfterSeconds)
  }
}

/** Sets Retry-After on a RetryLater answer of the routes it wraps. */
export const retryAfterHeader: MiddlewareHandler = async (c, next) => {
  await next()
  if (c.error instanceof RetryLater) c.header('Retry-After', String(c.error.retryAfterSeconds))
}

export type Hit = { hits: number; limited: boolean; retryAfterSeconds: number }

/**
 * Fixed-window counters in `rate_limits`, so every instance counts the same hits: one upsert per
 * hit increments the current window's row and answers its count.
 */
export function createRateLimiter(db: Database) {
  /**
   * Keys this process saw over their limit, until their window ends: within a window the count
   * only grows, so they stay refused without a database write (a flood from one client costs no
   * upserts). Bounded: forgotten all at once when it grows past MAX_BLOCKED.
   */
  const blockedUntil = new Map<string, number>()
  const MAX_BLOCKED = 10_000

  async function hit(limit: Limit, subject: string, now = new Date()): Promise<Hit> {
    // The purge deletes counters RATE_LIMIT_KEEP_MS old: a longer window would be forgotten while it still counts.
    if (limit.windowMs >= RATE_LIMIT_KEEP_MS) throw new Error(`The ${limit.name} limit's window must be shorter than a day.`)
    const key = `${limit.name}:${subject}`
    const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs)
    const windowEnd = windowStart.getTime() + limit.windowMs
    const retryAfterSeconds = Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000))
    const blocked = blockedUntil.get(key)
    if (blocked !== undefined) {
      if (blocked > now.getTime()) return { hits: limit.max + 1, limited: true, retryAfterSeconds: Math.max(1, Math.ceil((blocked - now.getTime()) / 1000)) }
      blockedUntil.delete(key)
    }
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart, hits: 1 })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { hits: sql`${rateLimits.hits} + 1` } })
      .returning()
    const hits = row!.hits
    const limited = hits > limit.max
    if (limited) {
      if (blockedUntil.size >= MAX_BLOCKED) blockedUntil.clear()
      blockedUntil.set(key, windowEnd)
    }
    return { hits, limited, retryAfterSeconds }
  }

  return {
    hit,

    /**
     * Counts one hit against every `[limit, subject]` pair (all of them, so each throttle sees
     * every attempt) and throws RateLimited, with the longest wait, when any is over its limit.
     */
    async take(pairs: [Limit, string][], now = new Date()): Promise<void> {
      const results = await Promise.all(pairs.map(([limit, subject]) => hit(limit, subject, now)))
      const over = results.flatMap((result, index) => (result.limited ? [{ result, limit: pairs[index]![0] }] : []))
      if (over.length === 0) return
      const longest = over.reduce((a, b) => (b.result.retryAfterSeconds > a.result.retryAfterSeconds ? b : a))
      throw new RateLimited(longest.limit.what, longest.result.retryAfterSeconds)
    },
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>

/**
 * How long a counter is kept after its window started. Every limit's window must be shorter (the
 * limiter refuses a longer one), so a counter this old has ended and counts for nothing.
 */
export const RATE_LIMIT_KEEP_MS = 24 * 60 * 60_000
/** Counters deleted per statement: one short statement each, so a purge never holds many row locks at once. */
export const RATE_LIMIT_PURGE_BATCH = 1_000
/** Statements per purge pass: a pass deletes at most 20,000 counters and leaves the rest for the next pass. */
export const RATE_LIMIT_PURGE_MAX_BATCHES = 20

/**
 * Deletes at most `batch` counters whose window started before `before`. Rows another instance's
 * purge holds are skipped (SKIP LOCKED), so two instances purging at once never wait on each other.
 */
export async function deleteOldWindows(db: Database, { before, batch = RATE_LIMIT_PURGE_BATCH }: { before: Date; batch?: number }): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(
      sql`(${rateLimits.key}, ${rateLimits.windowStart}) in (
        select ${rateLimits.key}, ${rateLimits.windowStart} from ${rateLimits} where ${rateLimits.windowStart} < ${before.toISOString()}::timestamptz
        limit ${batch} for update skip locked
      )`,
    )
    .returning()
  return deleted.length
}

export type PurgeResult = { deleted: number; batches: number; finished: boolean }

/**
 * One pass of the rate-limit purge at `now` (docs/operations.md "Background jobs"): deletes the
 * counters whose window started more than RATE_LIMIT_KEEP_MS ago, in batches, until a batch comes
 * back short (`finished`) or after `maxBatches` batches, leaving the rest for the next pass.
 */
export async function purgeOldWindows(
  db: Database,
  now: Date,
  { batch = RATE_LIMIT_PURGE_BATCH, maxBatches = RATE_LIMIT_PURGE_MAX_BATCHES }: { batch?: number; maxBatches?: number } = {},
): Promise<PurgeResult> {
  const before = new Date(now.getTime() - RATE_LIMIT_KEEP_MS)
  let deleted = 0
  for (let batches = 1; batches <= maxBatches; batches++) {
    const count = await deleteOldWindows(db, { before, batch })
    deleted += count
    if (count < batch) return { deleted, batches, finished: true }
  }
  return { deleted, batches: maxBatches, finished: false }
}
