// A location's floor: its sections and dining tables, which reservations, the waitlist and dine-in
// share. Rules: docs/reservations.md and docs/dine-in.md.
import { boolean, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id } from './columns'
import { locations } from './catalog'

export const tableSections = pgTable('table_sections', {
  id: id(),
  locationId: uuid('location_id')
    .notNull()
    .references(() => locations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
})

export const diningTables = pgTable(
  'dining_tables',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => tableSections.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    minCapacity: integer('min_capacity').notNull().default(1),
    capacity: integer('capacity').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('dining_tables_location_name_uq').on(t.locationId, t.name)],
)
