// Money once an order exists: payment attempts and what happened to them, split bills, the wallet's
// ledger, card tokens and saved cards. Rules: docs/payments.md, held by the triggers of migration
// 0009 and by the CHECKs below.
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { PaymentKind } from '@/shared/api/contracts/ordering'
import { createdAt, id } from './columns'
import { customers } from './identity'
import { orders } from './ordering'

/**
 * Payment attempts of an order (docs/payments.md). A row is written once and never changed or
 * deleted (trigger of migration 0009): `status` is the attempt's answer — "18" authorized, "20"
 * declined, "21" gateway error, "25" to be paid at the restaurant — and `amountMinor` what was
 * authorized. What happens to it afterwards (captured "19", voided, refunded) is a row of
 * `payment_events`. A trigger takes the order's row lock and refuses a second live payment of the
 * order, or of one share of its split bill.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    kind: text('kind').$type<PaymentKind>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** "18" authorized, "20" declined, "21" gateway error, "25" at the location. */
    status: text('status').notNull(),
    providerReference: text('provider_reference'),
    /** The provider's card token, never a card number. */
    cardToken: text('card_token'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureMessage: text('failure_message'),
    /** The share of a split bill this pays; null for a payment of the whole order. */
    splitId: uuid('split_id').references((): AnyPgColumn => orderSplits.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId, t.createdAt),
    index('payments_split_idx').on(t.splitId),
    check('payments_amount_not_negative', sql`${t.amountMinor} >= 0`),
    check('payments_status_known', sql`${t.status} in ('18', '20', '21', '25')`),
  ],
)

/**
 * What happened to a payment after its attempt (docs/payments.md), append-only: CAPTURE ("19", at
 * most the authorized amount, once), CAPTURE_FAILED (the gateway did not answer; the hold stays),
 * VOID (the hold or the pay-at-restaurant promise released, never after a capture) and REFUND
 * (after a capture, at most what was captured in all). Triggers of migration 0009 hold these rules.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    type: text('type').$type<'CAPTURE' | 'CAPTURE_FAILED' | 'VOID' | 'REFUND'>().notNull(),
    amountMinor: integer('amount_minor').notNull().default(0),
    providerReference: text('provider_reference'),
    /** Why: the gateway's message, or what released the payment (payment_timeout, order_changed, customer …). */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_events_payment_idx').on(t.paymentId, t.createdAt),
    uniqueIndex('payment_events_one_capture_uq')
      .on(t.paymentId)
      .where(sql`${t.type} = 'CAPTURE'`),
    uniqueIndex('payment_events_one_void_uq')
      .on(t.paymentId)
      .where(sql`${t.type} = 'VOID'`),
    check('payment_events_type_known', sql`${t.type} in ('CAPTURE', 'CAPTURE_FAILED', 'VOID', 'REFUND')`),
    check('payment_events_amount_not_negative', sql`${t.amountMinor} >= 0`),
  ],
)

/**
 * Shares of one order's bill (docs/payments.md "Split bills"; the receipt and table routes with a
 * splitId): each share is paid on its own and has its own receipt. Dine-in at the table creates
 * them; a share's payment is one row of `payments`.
 */
export const orderSplits = pgTable(
  'order_splits',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** What the diners call it, such as "Seat 2" or "Share 1 of 3". */
    label: text('label').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    /** EVEN: an equal share of the bill; ITEMS: the lines in `orderItemIds` with their share of tax, tip and fees. */
    kind: text('kind').$type<'EVEN' | 'ITEMS'>().notNull().default('EVEN'),
    orderItemIds: jsonb('order_item_ids').$type<string[]>().notNull().default([]),
    paymentId: uuid('payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
    /**
     * Set when the bill changed (a round, a tip) before any share had a live payment: the diners
     * split the new bill again. Shares are never deleted, so payment attempts keep their share.
     */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('order_splits_order_idx').on(t.orderId), check('order_splits_amount_positive', sql`${t.amountMinor} > 0`)],
)

/**
 * The wallet's ledger (docs/payments.md), append-only: a customer's balance
 * (customers.wallet_amount_minor) is the sum of their rows, kept by a trigger that is the only
 * writer of that column; the balance's CHECK refuses a movement that would overdraw it.
 * REDEEM is negative (an order used it), RELEASE gives an order's unused wallet back, CREDIT adds
 * (the demo's top-up, a refund to wallet), OPENING carried balances from before the ledger.
 */
export const walletMovements = pgTable(
  'wallet_movements',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<'OPENING' | 'CREDIT' | 'REDEEM' | 'RELEASE'>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_movements_customer_idx').on(t.customerId, t.createdAt),
    index('wallet_movements_order_idx').on(t.orderId),
    check('wallet_movements_kind_known', sql`${t.kind} in ('OPENING', 'CREDIT', 'REDEEM', 'RELEASE')`),
    check(
      'wallet_movements_sign_by_kind',
      sql`(${t.kind} = 'REDEEM' and ${t.amountMinor} < 0) or (${t.kind} <> 'REDEEM' and ${t.amountMinor} > 0)`,
    ),
    check('wallet_movements_order_of_order_kinds', sql`${t.kind} not in ('REDEEM', 'RELEASE') or ${t.orderId} is not null`),
  ],
)

/**
 * Card tokens issued by the payment provider's tokenisation endpoint. Never a card number or a
 * CVV: the provider keeps those; the platform keeps what the provider says about the card.
 */
export const providerCardTokens = pgTable('provider_card_tokens', {
  token: text('token').primaryKey(),
  provider: text('provider').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: smallint('exp_month').notNull(),
  expYear: smallint('exp_year').notNull(),
  /** Identifies the same card across tokens without revealing it (a keyed hash). */
  fingerprint: text('fingerprint').notNull(),
  createdAt: createdAt(),
})

/**
 * A customer's saved cards (docs/payments.md "Cards"): the provider's token and what it says about
 * the card.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    providerToken: text('provider_token').notNull(),
    provider: text('provider').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    /** credit or debit. */
    cardType: text('card_type').notNull().default('credit'),
    fingerprint: text('fingerprint').notNull(),
    zipcode: text('zipcode'),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_cards_customer_idx').on(t.customerId),
    uniqueIndex('saved_cards_customer_fingerprint_uq').on(t.customerId, t.fingerprint),
  ],
)
