// Orders and what they are made of: lines and chosen options as priced when placed, status history,
// the per-day order numbers, the texts about an order and the short links they carry. Rules:
// docs/orders.md; an order's amounts, docs/payments.md "An order's amounts".
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'
import { locations, menuItems, modifierOptions } from './catalog'
import { customers } from './identity'
import { diningTables } from './tables'

/**
 * Orders: amounts in minor units of `currency`, priced by the server when placed (docs/payments.md
 * "An order's amounts").
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** Null for a guest's order: a guest has no access token, so the contact fields say who it is. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    orderTypeCode: text('order_type_code').notNull(),
    /** The order status code (docs/orders.md "Statuses"), such as "6" created or "15" delivered. */
    status: text('status').notNull().default('6'),
    /** The latest payment's status code ("18", "19", "20", "21", "25"); null before any payment. */
    paymentStatus: text('payment_status'),
    guestName: text('guest_name'),
    guestPhone: text('guest_phone'),
    guestEmail: text('guest_email'),
    subtotalMinor: integer('subtotal_minor').notNull().default(0),
    itemTaxMinor: integer('item_tax_minor').notNull().default(0),
    orderTaxMinor: integer('order_tax_minor').notNull().default(0),
    /** The order tax rate when placed, in basis points. */
    orderTaxBp: integer('order_tax_bp').notNull().default(0),
    surchargeMinor: integer('surcharge_minor').notNull().default(0),
    surchargeLabel: text('surcharge_label'),
    deliveryFeeMinor: integer('delivery_fee_minor').notNull().default(0),
    /** FLATFEE, PERCENTAGE or NONE (docs/payments.md "Tips"); FLATFEE unless the diner says otherwise. */
    tipType: text('tip_type').notNull().default('FLATFEE'),
    /** What the diner chose: minor units for FLATFEE, basis points of the subtotal for PERCENTAGE. */
    tipValue: integer('tip_value').notNull().default(0),
    tipMinor: integer('tip_minor').notNull().default(0),
    discountMinor: integer('discount_minor').notNull().default(0),
    walletRedeemedMinor: integer('wallet_redeemed_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull().default(0),
    currency: text('currency').notNull(),
    orderInstruction: text('order_instruction'),
    deliveryInstruction: text('delivery_instruction'),
    isScheduled: boolean('is_scheduled').notNull().default(false),
    /** When the diner collects it or it arrives; null for as soon as possible. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    deliveryLat: doublePrecision('delivery_lat'),
    deliveryLng: doublePrecision('delivery_lng'),
    deliveryAddressLine1: text('delivery_address_line1'),
    deliveryAddressLine2: text('delivery_address_line2'),
    deliveryAddressLine3: text('delivery_address_line3'),
    deliveryDistanceKm: doublePrecision('delivery_distance_km'),
    tableId: uuid('table_id').references(() => diningTables.id, { onDelete: 'set null' }),
    /**
     * An order that is not paid (or set to be paid at the restaurant) by then is cancelled and
     * gives back its stock, event slot, coupon and wallet (docs/payments.md "Unpaid orders expire").
     * Null for a dine-in tab, which is paid at the end.
     */
    payBy: timestamp('pay_by', { withTimezone: true }),
    /** Why a cancelled order (8 or 9) was cancelled: customer, payment_timeout or merchant. */
    cancelReason: text('cancel_reason'),
    /**
     * Set by migration 0009 only, on orders written before the money rules below that break one of
     * them (a flat tip above the subtotal was allowed); a trigger keeps anything else from setting
     * it. The money audit lists these orders.
     */
    predatesMoneyRules: boolean('predates_money_rules').notNull().default(false),
    /**
     * The number said at the counter (docs/orders.md "Order numbers"): 1, 2, 3 … per location and
     * service day, taken from order_number_counters in the placement's transaction.
     */
    orderNumber: integer('order_number'),
    /** The location's local date the number belongs to: the day the order is for (scheduled or today). */
    orderNumberDate: date('order_number_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    // A customer's guest orders, found by their own verified number (My Orders): without it the
    // history reads every guest order there is (docs/scaling.md, "Queries that stay flat").
    index('orders_guest_phone_idx').on(t.guestPhone, t.createdAt).where(sql`${t.customerId} is null`),
    uniqueIndex('orders_number_per_day_idx').on(t.locationId, t.orderNumberDate, t.orderNumber).where(sql`${t.orderNumber} is not null`),
    index('orders_location_idx').on(t.locationId, t.createdAt),
    index('orders_unpaid_idx').on(t.payBy).where(sql`${t.payBy} is not null and ${t.status} in ('6', '18', '20', '21')`),
    // The money rules of docs/payments.md that one row can hold.
    check(
      'orders_amounts_not_negative',
      sql`${t.predatesMoneyRules} or (${t.subtotalMinor} >= 0 and ${t.itemTaxMinor} >= 0 and ${t.orderTaxMinor} >= 0 and ${t.surchargeMinor} >= 0 and ${t.deliveryFeeMinor} >= 0 and ${t.tipMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.walletRedeemedMinor} >= 0 and ${t.totalMinor} >= 0)`,
    ),
    check(
      'orders_total_adds_up',
      sql`${t.predatesMoneyRules} or (${t.totalMinor} = ${t.subtotalMinor} + ${t.itemTaxMinor} + ${t.orderTaxMinor} + ${t.surchargeMinor} + ${t.deliveryFeeMinor} + ${t.tipMinor} - ${t.discountMinor} - ${t.walletRedeemedMinor})`,
    ),
    check('orders_discount_within_subtotal', sql`${t.predatesMoneyRules} or (${t.discountMinor} <= ${t.subtotalMinor})`),
    check('orders_tip_within_subtotal', sql`${t.predatesMoneyRules} or (${t.tipMinor} <= ${t.subtotalMinor})`),
  ],
)

/** The lines of an order as priced when it was placed; names and prices are copies, so a menu change leaves receipts alone. */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => menuItems.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    lineSubtotalMinor: integer('line_subtotal_minor').notNull(),
    itemTaxBp: integer('item_tax_bp').notNull().default(0),
    itemTaxMinor: integer('item_tax_minor').notNull().default(0),
    comment: text('comment'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The round of a dine-in table order this line came with (1 for every other order): its kitchen ticket's sortOrder. */
    round: integer('round').notNull().default(1),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
)

/** The chosen options of an order line, copied like the line. */
export const orderItemOptions = pgTable(
  'order_item_options',
  {
    id: id(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    modifierOptionId: uuid('modifier_option_id').references(() => modifierOptions.id, { onDelete: 'set null' }),
    optionName: text('option_name').notNull(),
    /** The modifier's name. */
    modifier: text('modifier').notNull(),
    priceMinor: integer('price_minor').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** 1 single choice, 2 multiple choice. */
    typeId: smallint('type_id').notNull().default(1),
  },
  (t) => [index('order_item_options_item_idx').on(t.orderItemId)],
)

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.at)],
)

/**
 * The last order number given per location and service day (docs/orders.md "Order numbers"). A
 * placement upserts its row and takes last_number + 1 in its own transaction: the row lock makes
 * concurrent placements at one location take turns for that statement, and other locations and
 * days never wait on it.
 */
export const orderNumberCounters = pgTable(
  'order_number_counters',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.serviceDate] }), check('order_number_counters_positive', sql`${t.lastNumber} > 0`)],
)

/** Short links: /{tinyURLId} resolves to target (docs/routes.md: a segment with a digit is a short link). */
export const shortLinks = pgTable('short_links', {
  id: text('id').primaryKey(),
  target: text('target').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** The order page a text's link opens (docs/orders.md "Texts"): one link per order. */
  orderId: uuid('order_id')
    .unique()
    .references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
})

/**
 * Texts about an order, written in the transaction of the status change they announce and sent
 * afterwards by the order-texts job (docs/orders.md "Texts"). One row per order and kind: a replayed
 * or repeated transition finds its text already there and adds none.
 */
export const orderTexts = pgTable(
  'order_texts',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** confirmed, ready or on_the_way. */
    kind: text('kind').notNull(),
    phone: text('phone').notNull(),
    /** The message without its link; the link is the order's short link, added when sent. */
    body: text('body').notNull(),
    linkId: text('link_id').references(() => shortLinks.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When it was handed to the SMS provider, or dropped as stale (outcome); null while waiting. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** sent, or stale: not sent within ORDER_TEXT_STALE_MINUTES of the change it announces. */
    outcome: text('outcome'),
  },
  (t) => [
    uniqueIndex('order_texts_once_idx').on(t.orderId, t.kind),
    index('order_texts_waiting_idx').on(t.createdAt).where(sql`${t.sentAt} is null`),
  ],
)
