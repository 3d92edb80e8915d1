// What diners keep and tell: favourite restaurants and dishes, feedback questions and answers, and
// support requests. Rules: docs/feedback.md; favourites, docs/accounts.md "The profile, addresses
// and favourites".
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'
import { locations, menuItems } from './catalog'
import { customers } from './identity'
import { orders } from './ordering'

/** A favourite restaurant (itemId null) or dish of a customer; at most one row of each. */
export const favourites = pgTable(
  'favourites',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => menuItems.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('favourites_customer_location_idx').on(t.customerId, t.locationId),
    uniqueIndex('favourites_customer_restaurant_uq')
      .on(t.customerId, t.locationId)
      .where(sql`${t.itemId} is null`),
    uniqueIndex('favourites_customer_item_uq')
      .on(t.customerId, t.itemId)
      .where(sql`${t.itemId} is not null`),
  ],
)

/**
 * Feedback questions (docs/feedback.md "Feedback"; GET /customer/feedback/v2): a location's own, or
 * everyone's when locationId is null.
 */
export const feedbackQuestions = pgTable('feedback_questions', {
  id: id(),
  locationId: uuid('location_id').references(() => locations.id, { onDelete: 'cascade' }),
  question: text('question').notNull(),
  /** RATING (1–5) or TEXT. */
  kind: text('kind').$type<'RATING' | 'TEXT'>().notNull().default('RATING'),
  sortOrder: integer('sort_order').notNull().default(0),
  /** The order types (typeGroup P, L, D, E) it is asked after; null for every type. */
  orderTypeGroups: jsonb('order_type_groups').$type<string[]>(),
  /** The dishes it is about: asked only when the order has one of them; null when it is about no dish. */
  aboutItemIds: jsonb('about_item_ids').$type<string[]>(),
})

/** One feedback per order (isFeedbackSubmitted), by the order's customer or guest. */
export const feedbacks = pgTable('feedbacks', {
  id: id(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
  locationId: uuid('location_id')
    .notNull()
    .references(() => locations.id, { onDelete: 'cascade' }),
  answers: jsonb('answers').$type<{ questionId: string; rating?: number; text?: string }[]>().notNull().default([]),
  comment: text('comment'),
  createdAt: createdAt(),
})

/** Support requests (docs/feedback.md "Support requests"), with a reference the diner can quote. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: id(),
    /** Such as "TF-7K2Q9M": short, unambiguous, unique. */
    reference: text('reference').notNull().unique(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    /** Open, Answered or Closed. */
    status: text('status').notNull().default('Open'),
    createdAt: createdAt(),
  },
  (t) => [index('support_requests_customer_idx').on(t.customerId, t.createdAt)],
)
