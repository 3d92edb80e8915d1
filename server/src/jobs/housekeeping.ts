import { sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Database } from '../db/client'
import { emailChanges, idempotencyRecords, otpCodes, passwordResets, refreshTokens } from '../db/schema'

/*
 * Housekeeping (docs/operations.md "Background jobs", docs/accounts.md "Housekeeping"): records
 * that only matter for a while are deleted once their window has passed, a bounded number a pass,
 * oldest first, so a backlog drains over several passes instead of one long one.
 */

const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS

/** An Idempotency-Key answers a retry with the first answer for this long after the first request. */
export const IDEMPOTENCY_KEEP_MS = DAY_MS
/** One-time codes, e-mail change codes and password resets are kept this long after they expire. */
export const SPENT_CODE_KEEP_MS = DAY_MS
/**
 * Refresh tokens are kept this long after they expire, at least their own lifetime: a rotation that
 * raced a sign-out can leave one unrevoked token (issued now) in a revoked family, and the family
 * stays ended only while a revoked row of it is kept (docs/accounts.md "Sessions").
 */
export const REFRESH_TOKEN_KEEP_MS = 30 * DAY_MS

/** Rows one pass deletes at most, over every table together. */
export const HOUSEKEEPING_PASS_LIMIT = 5_000
/** Rows one statement deletes at most: short statements, few row locks at a time. */
export const HOUSEKEEPING_BATCH = 1_000
export const HOUSEKEEPING_EVERY_MS = 60_000

/** A table whose rows are done with once `column` is older than `keepMs`. */
type Target = { name: string; table: PgTable; column: PgColumn; keepMs: number }

export const HOUSEKEEPING_TARGETS: Target[] = [
  { name: 'idempotency_records', table: idempotencyRecords, column: idempotencyRecords.createdAt, keepMs: IDEMPOTENCY_KEEP_MS },
  { name: 'otp_codes', table: otpCodes, column: otpCodes.expiresAt, keepMs: SPENT_CODE_KEEP_MS },
  { name: 'email_changes', table: emailChanges, column: emailChanges.expiresAt, keepMs: SPENT_CODE_KEEP_MS },
  { name: 'password_resets', table: passwordResets, column: passwordResets.expiresAt, keepMs: SPENT_CODE_KEEP_MS },
  { name: 'refresh_tokens', table: refreshTokens, column: refreshTokens.expiresAt, keepMs: REFRESH_TOKEN_KEEP_MS },
]

/** `execute` answers rows on postgres-js and `{ rows }` on PGlite. */
const rowCount = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows).length

/**
 * Deletes the `limit` oldest rows of `target` past their window at `now`, in one statement: their
 * ctids found on the column's index (oldest first), rows another instance's purge holds skipped.
 */
export async function deleteOldest(db: Database, target: Target, now: Date, limit: number): Promise<number> {
  if (limit <= 0) return 0
  const before = new Date(now.getTime() - target.keepMs).toISOString()
  const statement: SQL = sql`delete from ${target.table} where ctid = any(array(
    select ctid from ${target.table} where ${target.column} < ${before}::timestamptz
    order by ${target.column} limit ${limit} for update skip locked
  )) returning 1`
  return rowCount(await db.execute(statement))
}

export type HousekeepingResult = { deleted: Record<string, number>; total: number; finished: boolean }

/** Deletes up to `share` rows of `target` past their window, `batch` rows a statement. */
async function deleteShare(db: Database, target: Target, now: Date, share: number, batch: number): Promise<number> {
  let done = 0
  while (done < share) {
    const want = Math.min(batch, share - done)
    const count = await deleteOldest(db, target, now, want)
    done += count
    if (count < want) break
  }
  return done
}

/**
 * One housekeeping pass at `now`: at most `limit` rows in all. Each table gets an even share of
 * what is left of the limit; what a table with little to delete leaves goes, in another round, to
 * the tables that used their whole share. `finished`: every table came back short, nothing past
 * its window is left behind.
 */
export async function purgeExpired(
  db: Database,
  now: Date,
  { limit = HOUSEKEEPING_PASS_LIMIT, batch = HOUSEKEEPING_BATCH, targets = HOUSEKEEPING_TARGETS }: { limit?: number; batch?: number; targets?: Target[] } = {},
): Promise<HousekeepingResult> {
  const deleted: Record<string, number> = Object.fromEntries(targets.map((target) => [target.name, 0]))
  let left = limit
  // Tables that may have more past their window: every table at first, then those that used their whole share.
  let more = targets
  while (more.length > 0 && left > 0) {
    const next: Target[] = []
    for (const [index, target] of more.entries()) {
      const share = Math.ceil(left / (more.length - index))
      const done = await deleteShare(db, target, now, share, batch)
      deleted[target.name]! += done
      left -= done
      if (done === share) next.push(target)
    }
    more = next
  }
  return { deleted, total: limit - left, finished: more.length === 0 }
}
