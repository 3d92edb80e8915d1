// The kitchen display's own rows: each bump, so it can be undone within its window. Rules:
// docs/kitchen.md.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { id } from './columns'
import { locations } from './catalog'
import { staffMembers } from './identity'
import { orders } from './ordering'
import { kitchenTickets } from './dine-in'

/**
 * One tap on the kitchen display (docs/kitchen.md "Bump and undo"): an order, or a table's kitchen
 * ticket, moved one status along the transition table by a staff member. `orderFrom`/`orderTo`
 * record the order's own move (a ticket bump may move its tab too); undo puts back exactly these.
 */
export const kitchenBumps = pgTable(
  'kitchen_bumps',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id').references(() => kitchenTickets.id, { onDelete: 'cascade' }),
    ticketFrom: text('ticket_from'),
    ticketTo: text('ticket_to'),
    orderFrom: text('order_from'),
    orderTo: text('order_to'),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('kitchen_bumps_order_idx').on(t.orderId, t.at)],
)
