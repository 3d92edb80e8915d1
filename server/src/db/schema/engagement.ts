// What diners keep and tell: favourite restaurants and dishes, feedback questions and answers, and
// support requests. Rules: docs/feedback.md; favourites, docs/accounts.md "The profile, addresses
// and favourites".
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'
import { locations, menuItems } from './catalog'
import { customers, staffMembers } from './identity'
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
    /** When and by whom the restaurant closed it (docs/floor.md "Support inbox"). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => staffMembers.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('support_requests_customer_idx').on(t.customerId, t.createdAt),
    // The restaurant's inbox: its requests by status, newest first.
    index('support_requests_location_idx').on(t.locationId, t.status, t.createdAt),
  ],
)

/**
 * The restaurant's replies to a support request (docs/floor.md "Support inbox"), each texted to
 * the diner: append-only (a trigger of migration 0019 refuses UPDATE and DELETE), so the thread is
 * what was sent.
 */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'restrict' }),
    /** Who wrote it; null once that staff member's row is gone. */
    staffMemberId: uuid('staff_member_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    /** The staff member's name as it was when they wrote. */
    staffName: text('staff_name').notNull(),
    body: text('body').notNull(),
    /** The phone it was texted to. */
    phone: text('phone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_replies_request_idx').on(t.requestId, t.createdAt), check('support_replies_body_length', sql`char_length(${t.body}) between 1 and 320`)],
)
