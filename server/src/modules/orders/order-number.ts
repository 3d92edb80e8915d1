import { type Placeholder, sql, type SQL } from 'drizzle-orm'
import { zonedClock } from '@/shared/lib/hours'

/**
 * The day an order's number belongs to: the location's local date of the time it is for (its
 * scheduled time, else now). Numbered by the day it is collected or delivered, so an order placed
 * on Monday for Wednesday never shares its number with one placed on Wednesday (docs/orders.md).
 */
export const serviceDateOf = (timeZone: string, now: Date, scheduledFor: Date | null): string => zonedClock(scheduledFor ?? now, timeZone).date

/**
 * The next number of a location and service day, as a value of the order's INSERT (migration 0013's
 * `take_order_number`): one upsert of the (location, day) counter row inside the statement that
 * writes the order. PostgreSQL's ON CONFLICT DO UPDATE locks that row until the placement commits,
 * so two placements at one restaurant never get the same number; a rolled-back placement gives its
 * number back. Placement writes the order after its stock, so the row is held briefly; only a
 * coupon's lock comes after it (docs/payments.md "Lock order"). The values may be placeholders
 * of a statement built once.
 */
export const nextOrderNumber = (locationId: string | Placeholder, serviceDate: string | Placeholder): SQL<number> =>
  sql<number>`take_order_number(${locationId}::uuid, ${serviceDate}::date)`
