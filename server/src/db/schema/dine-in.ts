// Service at the table: a kitchen ticket per round of an order, and calls for the waiter. Rules:
// docs/dine-in.md.
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'
import { locations } from './catalog'
import { staffMembers } from './identity'
import { diningTables } from './tables'
import { orders } from './ordering'

/**
 * Kitchen order tickets (KOT, docs/dine-in.md "Kitchen tickets (KOT)"): one per round of an order,
 * listed by POST /kot/v2/getKOTItemsBySortOrder (sortOrder = round). Status 41 in preparation, 42
 * items ready, 43 "KOT Ready", 59 served.
 */
export const kitchenTickets = pgTable(
  'kitchen_tickets',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    status: text('status').notNull().default('41'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kitchen_tickets_order_round_uq').on(t.orderId, t.round)],
)

/**
 * A diner at a table asking for the waiter ("Call Waiter", docs/dine-in.md "Calling the waiter"): a
 * request the restaurant side sees and acknowledges.
 */
export const waiterCalls = pgTable(
  'waiter_calls',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    tableId: uuid('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** What the diner asked for: the bill, water, help … (free text, optional). */
    reason: text('reason'),
    /** Open, Acknowledged or Done. */
    status: text('status').notNull().default('Open'),
    createdAt: createdAt(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** The staff member who acknowledged it (docs/floor.md "Waiter calls"); kept when they leave. */
    acknowledgedBy: uuid('acknowledged_by').references(() => staffMembers.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: uuid('done_by').references(() => staffMembers.id, { onDelete: 'set null' }),
  },
  // One open call per table at a time: pressing again answers the open one.
  (t) => [
    index('waiter_calls_location_idx').on(t.locationId, t.status, t.createdAt),
    uniqueIndex('waiter_calls_open_table_uq')
      .on(t.tableId)
      .where(sql`${t.status} = 'Open'`),
  ],
)
