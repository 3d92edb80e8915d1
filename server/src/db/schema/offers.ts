// Offers and coupons, their uses, and the marketing campaigns that show them. Rules: docs/offers.md;
// what a coupon takes off and gives back, docs/payments.md "Coupons".
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { OfferKind } from '@/shared/api/contracts/offers'
import { createdAt, id } from './columns'
import { locations, menuItems, merchants } from './catalog'
import { customers } from './identity'
import { orders } from './ordering'

/** Offers and coupons (docs/offers.md "Kinds"): a coupon is an offer the diner enters by its code. */
export const offers = pgTable(
  'offers',
  {
    id: id(),
    /** Upper-case, such as WELCOME10. */
    code: text('code').notNull(),
    /** Null: valid at every location of its currency. */
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    /** The currency its amounts are in; an offer for every location applies only where this is the currency. */
    currency: text('currency').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** PERCENT takes valueBp of the subtotal; FLAT takes valueMinor; ITEM takes valueMinor (the whole price when null) off each unit of itemId. */
    kind: text('kind').$type<OfferKind>().notNull(),
    valueBp: integer('value_bp'),
    valueMinor: integer('value_minor'),
    itemId: uuid('item_id').references(() => menuItems.id, { onDelete: 'cascade' }),
    minOrderMinor: integer('min_order_minor').notNull().default(0),
    maxDiscountMinor: integer('max_discount_minor'),
    /** Uses per signed-in customer; guests are not counted. */
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('offers_code_uq').on(t.code), index('offers_location_idx').on(t.locationId)],
)

/**
 * Uses of an offer (docs/payments.md), append-only: a REDEEM row when an order takes the offer, and
 * a VOID row naming it (`voidsId`) when that order is cancelled or expires, which gives the use
 * back. Uses are counted per customer and per phone (`redeemerPhone`, a guest's verified number).
 */
export const offerRedemptions = pgTable(
  'offer_redemptions',
  {
    id: id(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    /** The number that used it: the customer's mobile, or the guest's verified one. */
    redeemerPhone: text('redeemer_phone'),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<'REDEEM' | 'VOID'>().notNull().default('REDEEM'),
    /** The REDEEM row a VOID row gives back. */
    voidsId: uuid('voids_id')
      .unique()
      .references((): AnyPgColumn => offerRedemptions.id, { onDelete: 'restrict' }),
    amountMinor: integer('amount_minor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('offer_redemptions_offer_order_uq')
      .on(t.offerId, t.orderId)
      .where(sql`${t.kind} = 'REDEEM'`),
    index('offer_redemptions_customer_idx').on(t.offerId, t.customerId),
    index('offer_redemptions_phone_idx').on(t.offerId, t.redeemerPhone),
    index('offer_redemptions_order_idx').on(t.orderId),
    check('offer_redemptions_amount_not_negative', sql`${t.amountMinor} >= 0`),
    check('offer_redemptions_void_names_its_use', sql`(${t.kind} = 'VOID') = (${t.voidsId} is not null)`),
    check('offer_redemptions_kind_known', sql`${t.kind} in ('REDEEM', 'VOID')`),
  ],
)

/** Marketing campaigns (docs/offers.md "Campaigns"): a page with its offers, for one merchant. */
export const campaigns = pgTable('campaigns', {
  id: id(),
  merchantId: uuid('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
})

export const campaignOffers = pgTable(
  'campaign_offers',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.offerId] })],
)
