// The delivery of an order by a courier provider: its quote, runner and where the courier is.
// Rules: docs/delivery.md.
import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'
import { orders } from './ordering'

/**
 * The delivery of an order by a third-party provider (docs/delivery.md): the chosen quote, the
 * runner, and where the courier is. The sandbox courier moves along `route`.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** An upper-case provider code, one of the location's locationDeliveryProviders. */
    providerCode: text('provider_code').notNull(),
    providerReference: text('provider_reference'),
    feeMinor: integer('fee_minor').notNull(),
    currency: text('currency').notNull(),
    /** QUOTED, ASSIGNED, PICKED_UP, ARRIVED, DELIVERED or CANCELLED. */
    status: text('status').notNull().default('QUOTED'),
    runnerName: text('runner_name'),
    runnerPhone: text('runner_phone'),
    /** The valet id (delivery_staff_id) that GET /valet/getValetLocation takes. */
    deliveryStaffId: text('delivery_staff_id').unique(),
    trackingUrl: text('tracking_url'),
    etaAt: timestamp('eta_at', { withTimezone: true }),
    pickupLat: doublePrecision('pickup_lat').notNull(),
    pickupLng: doublePrecision('pickup_lng').notNull(),
    dropLat: doublePrecision('drop_lat').notNull(),
    dropLng: doublePrecision('drop_lng').notNull(),
    courierLat: doublePrecision('courier_lat'),
    courierLng: doublePrecision('courier_lng'),
    /** The courier's way as [lat, lng] points, and how far along it is. */
    route: jsonb('route').$type<[number, number][]>().notNull().default([]),
    routeIndex: integer('route_index').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deliveries_status_idx').on(t.status, t.updatedAt)],
)
