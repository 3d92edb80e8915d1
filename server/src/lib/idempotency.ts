import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { decryptPayload } from './cipher'
import { builtOnce } from '../db/built-once'
import { isPglite, type Database } from '../db/client'
import { idempotencyRecords } from '../db/schema'
import { ApiError } from './errors'
import { sentTextOf } from './wire'

export type { Transaction } from '../db/executor'
import type { Transaction } from '../db/executor'

/** What a route behind `idempotent()` reads: the transaction its work must use (and who is calling). */
export type IdempotencyVariables = { tx: Transaction; customerId?: string; guest?: { id: string; phone: string }; staff?: { id: string } }

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
const MAX_KEY_LENGTH = 255
/** How long a duplicate waits for the first request's transaction before it is told to retry. */
const DUPLICATE_WAIT = '10s'
/** PostgreSQL's lock_not_available, raised when DUPLICATE_WAIT runs out. */
const LOCK_NOT_AVAILABLE = '55P03'

export const stillProcessing = () => new ApiError(409, 'idempotency_in_progress', 'This request is still being processed.')

/** Thrown inside the transaction to undo a refused request's work; its response is already in `c.res`. */
class Refused extends Error {}

function readKey(c: Context): string | undefined {
  const key = c.req.header(IDEMPOTENCY_HEADER)
  if (key === undefined) return undefined
  if (key.length < 1 || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiError(400, 'invalid_idempotency_key', `The ${IDEMPOTENCY_HEADER} header must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters.`)
  }
  return key
}

/** JSON with sorted keys, so two encodings of one payload hash the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([name, entry]) => `${JSON.stringify(name)}:${canonical(entry)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * The request's fingerprint. An encrypted body is hashed by its plaintext: the same payload
 * encrypted twice gives two ciphertexts (random salt), and a client's retry re-encrypts.
 */
async function hashRequest(c: Context, passphrase: string): Promise<string> {
  const text = await c.req.text()
  let material = text
  try {
    const parsed: unknown = JSON.parse(text)
    const ciphertext = (parsed as { data?: unknown } | null)?.data
    material = canonical(typeof ciphertext === 'string' ? decryptPayload(ciphertext, passphrase) : parsed)
  } catch {
    // Not JSON or not decryptable: the route refuses it; the raw text is as good a fingerprint.
  }
  const url = new URL(c.req.url)
  return createHash('sha256').update(`${c.req.method} ${url.pathname}${url.search}\n${material}`).digest('hex')
}

// Every call with a key claims and fills its record: their SQL is built once (docs/decisions.md "Issue 16 — placement CPU").
const claimRecord = builtOnce((db) =>
  db
    .insert(idempotencyRecords)
    .values({ scope: sql.placeholder('scope'), key: sql.placeholder('key'), requestHash: sql.placeholder('requestHash') })
    .onConflictDoNothing()
    .returning(),
)
// The key's record as it stands: read first on PGlite, or after a claim that found it taken on PostgreSQL.
const readRecord = builtOnce((db) =>
  db
    .select()
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.scope, sql.placeholder('scope')), eq(idempotencyRecords.key, sql.placeholder('key')))),
)
const writeAnswered = builtOnce<unknown>(
  (db) =>
    db.insert(idempotencyRecords).values({
      scope: sql.placeholder('scope'),
      key: sql.placeholder('key'),
      requestHash: sql.placeholder('requestHash'),
      responseStatus: sql`${sql.placeholder('status')}`,
      responseContentType: sql.placeholder('contentType'),
      responseBody: sql.placeholder('body'),
    }) as unknown as { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown> } },
)
// drizzle's `set` types take no placeholder, its SQL does; the drivers' update results differ and are not read.
const storeAnswer = builtOnce<unknown>(
  (db) =>
    db
      .update(idempotencyRecords)
      .set({ responseStatus: sql`${sql.placeholder('status')}`, responseContentType: sql`${sql.placeholder('contentType')}`, responseBody: sql`${sql.placeholder('body')}` })
      .where(and(eq(idempotencyRecords.scope, sql.placeholder('scope')), eq(idempotencyRecords.key, sql.placeholder('key')))) as unknown as {
      prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown> }
    },
)

function isLockTimeout(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return true
  }
  return false
}

/**
 * Idempotency-Key for state-changing routes (docs/operations.md, "Idempotency-Key").
 * The route's work runs in one transaction
 * (`c.get('tx')`), with or without a key. With a key, on PostgreSQL the record is claimed first
 * (insert … on conflict do nothing) and filled with the response in that same transaction; on
 * PGlite, which runs one transaction at a time, it is read first and written once with the
 * response (a statement's write fewer); either way it commits with the work or not at all. A
 * duplicate that arrives meanwhile waits on the
 * claimed row (PostgreSQL) or on the single connection (PGlite), then replays the stored
 * response; the same key with another request is refused with 422. A refused request (4xx or an
 * error) rolls back with its claim, so its retry runs again.
 */
export function idempotent({ db, passphrase }: { db: Database; passphrase: string }) {
  // On PGlite a duplicate waits for the connection, never for a lock: no lock_timeout to set (a statement saved).
  const waitsOnLocks = !isPglite(db)
  return createMiddleware<{ Variables: IdempotencyVariables }>(async (c, next) => {
    const key = readKey(c)
    const customerId = c.get('customerId')
    const guest = c.get('guest')
    const staff = c.get('staff')
    // Each caller has keys of their own: another guest's or another staff member's same key is another request.
    const caller = staff ? `staff:${staff.id}` : customerId ? `customer:${customerId}` : guest ? `guest:${guest.id}` : 'guest'
    const claim =
      key === undefined
        ? undefined
        : {
            scope: `${caller} ${c.req.method} ${new URL(c.req.url).pathname}`,
            key,
            requestHash: await hashRequest(c, passphrase),
          }
    let replay: Response | undefined
    try {
      await db.transaction(async (tx) => {
        if (claim) {
          if (waitsOnLocks) await tx.execute(sql.raw(`set local lock_timeout = '${DUPLICATE_WAIT}'`))
          // PostgreSQL claims first, so a duplicate waits on the claimed row until this transaction ends; PGlite runs one
          // transaction at a time (a duplicate waits for the connection), so it reads first and writes the record once, answered.
          const claimed = waitsOnLocks && (await claimRecord(tx, claim)).length > 0
          const [record] = claimed ? [] : await readRecord(tx, claim)
          // Taken: someone else had the key. On PostgreSQL a record that went meanwhile (undefined) is still being processed.
          if (waitsOnLocks ? !claimed : record !== undefined) {
            if (!record || record.responseStatus === null || record.responseBody === null) throw stillProcessing()
            if (record.requestHash !== claim.requestHash) {
              throw new ApiError(422, 'idempotency_key_reused', `This ${IDEMPOTENCY_HEADER} was already used for a different request.`)
            }
            replay = new Response(record.responseBody, {
              status: record.responseStatus,
              headers: {
                'Content-Type': record.responseContentType ?? 'text/plain; charset=utf-8',
                'Cache-Control': 'no-store',
                'Idempotent-Replayed': 'true',
              },
            })
            return
          }
        }
        c.set('tx', tx)
        await next()
        if (c.error || c.res.status >= 400) throw new Refused()
        if (claim) {
          await (waitsOnLocks ? storeAnswer : writeAnswered)(tx, {
            ...claim,
            status: c.res.status,
            contentType: c.res.headers.get('content-type'),
            body: sentTextOf(c.res) ?? (await c.res.clone().text()),
          })
        }
      })
    } catch (error) {
      if (error instanceof Refused) return
      if (isLockTimeout(error)) throw stillProcessing()
      throw error
    }
    if (replay) return replay
  })
}
