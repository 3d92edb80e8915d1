// Plumbing every module shares: Idempotency-Key records, the throttles' counters, and what the
// sandbox SMS and email providers record (their outboxes). Rules: docs/operations.md and
// docs/accounts.md "Throttles".
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'

/**
 * Idempotency-Key records (docs/operations.md "Idempotency-Key"): written in the transaction of
 * the work they guard, so a key is either unused or answered, never half done.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    /** Who and which route: "customer:<id> POST /order/customer/createOrder" or "guest …". */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** sha256 of the request (the decrypted payload for encrypted calls). */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseContentType: text('response_content_type'),
    /** The body exactly as sent, ciphertext included. */
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_records_created_idx').on(t.createdAt)],
)

/**
 * Fixed-window counters of throttled actions (docs/accounts.md): sign-in attempts per account and
 * per client, code sends per client. In the database, so every instance counts the same hits.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** What is counted and for whom, such as "login:account:+14155550123" or "login:client:203.0.113.7". */
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
)

/** Text messages handed to the SMS provider; the sandbox provider only records them here. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: id(),
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    provider: text('provider').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_messages_phone_idx').on(t.phone, t.createdAt)],
)

/** Emails handed to the email provider; the sandbox provider only records them here (its outbox). */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: id(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    provider: text('provider').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_messages_email_idx').on(sql`lower(${t.email})`, t.createdAt)],
)
