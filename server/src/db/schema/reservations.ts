// Check-ins (the waitlist) and table reservations, and the table holds that keep two bookings off
// one table. Rules: docs/reservations.md and docs/waitlist.md; per-diner limits, docs/accounts.md
// "Limits on check-ins and reservations".
import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { ReservationKind, ReservationStatus } from '@/shared/api/contracts/reservations'
import { createdAt, id } from './columns'
import { locations } from './catalog'
import { customers, staffMembers } from './identity'
import { diningTables, tableSections } from './tables'

/**
 * Check-ins (the waitlist, kind CHECKIN, docs/waitlist.md) and table reservations (kind RESERVATION,
 * docs/reservations.md). A reservation holds a table for its slot through `table_holds`.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** Null for a guest's: the contact fields say who it is. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    kind: text('kind').$type<ReservationKind>().notNull(),
    /** Active (waiting or booked), Seated, Completed, Cancelled or NoShow. */
    status: text('status').$type<ReservationStatus>().notNull().default('Active'),
    fullName: text('full_name').notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    email: text('email'),
    adults: integer('adults').notNull(),
    kids: integer('kids').notNull().default(0),
    highChairs: integer('high_chairs').notNull().default(0),
    /** The section the party asked for, if any. */
    sectionId: uuid('section_id').references(() => tableSections.id, { onDelete: 'set null' }),
    /** The table: held for a reservation when booked; given to a check-in when seated. */
    tableId: uuid('table_id').references(() => diningTables.id, { onDelete: 'set null' }),
    /** A reservation's local date (YYYY-MM-DD) and slot (HH:mm) as the diner chose them, and the instants they mean. */
    reservationDate: text('reservation_date'),
    reservationSlot: text('reservation_slot'),
    slotStart: timestamp('slot_start', { withTimezone: true }),
    slotEnd: timestamp('slot_end', { withTimezone: true }),
    /** ONLINE (the diner) or STAFF (made by the restaurant). */
    channel: text('channel').notNull().default('ONLINE'),
    staffId: uuid('staff_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    /** As the client sent it; empty when it sent none. */
    deviceId: text('device_id').notNull().default(''),
    seatTogether: boolean('seat_together').notNull().default(true),
    notes: text('notes'),
    /** A check-in's estimated wait when it joined the queue (what the diner was quoted); null for a reservation. */
    quotedWaitMinutes: integer('quoted_wait_minutes'),
    cancelReason: text('cancel_reason'),
    /** Why the host cancelled, from the fixed list of docs/host-stand.md "Cancelling"; null for a diner's own cancel. */
    cancelCode: text('cancel_code'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    seatedAt: timestamp('seated_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Status before kind: the queue (Active check-ins) and the seated parties (either kind) of one
    // location are both a prefix, so the wait board reads only live parties however long the
    // location's history (docs/scaling.md, "Queries that stay flat").
    index('reservations_live_idx').on(t.locationId, t.status, t.kind, t.createdAt),
    index('reservations_customer_idx').on(t.customerId, t.createdAt),
    // Reservations a diner holds on one day are counted (docs/accounts.md "Limits on check-ins and reservations").
    index('reservations_phone_date_idx').on(t.phone, t.reservationDate),
    // One active check-in per phone number and per device, enforced by the database (docs/accounts.md
    // "Limits on check-ins and reservations").
    uniqueIndex('reservations_active_checkin_phone_uq')
      .on(t.phone)
      .where(sql`${t.kind} = 'CHECKIN' and ${t.status} = 'Active'`),
    uniqueIndex('reservations_active_checkin_device_uq')
      .on(t.deviceId)
      .where(sql`${t.kind} = 'CHECKIN' and ${t.status} = 'Active' and ${t.deviceId} <> ''`),
    // One seated party per table, kept by the database so no two seatings of a table can both
    // succeed, whoever seats (docs/host-stand.md "Seating").
    uniqueIndex('reservations_seated_table_uq')
      .on(t.tableId)
      .where(sql`${t.status} = 'Seated' and ${t.tableId} is not null`),
    // The host stand's day of finished parties, a reservation by its slot and a check-in by when it
    // joined (docs/host-stand.md "The timeline"); the live ones come by reservations_live_idx. Partial,
    // so the queue's and the wait board's reads of live parties never take it for a location index.
    index('reservations_location_day_done_idx')
      .on(t.locationId, sql`coalesce(${t.slotStart}, ${t.createdAt})`)
      .where(sql`${t.status} in ('Completed', 'Cancelled', 'NoShow')`),
  ],
)

/**
 * Which table is taken when, in blocks of HOLD_BLOCK_MINUTES (docs/reservations.md "Holding a
 * table"): the primary key makes two holds of one table for one block impossible, so parallel
 * bookings of the last table cannot both succeed on PGlite or PostgreSQL alike. Cancelling deletes
 * the reservation's holds.
 */
export const tableHolds = pgTable(
  'table_holds',
  {
    tableId: uuid('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
    blockStart: timestamp('block_start', { withTimezone: true }).notNull(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.blockStart] }), index('table_holds_reservation_idx').on(t.reservationId)],
)
