import { sql } from 'drizzle-orm'
import { zonedClock } from '@/shared/lib/hours'
import { orderNumberCounters } from '../../db/schema'
import type { Transaction } from '../../db/executor'

export type OrderNumber = { number: number; date: string }

/**
 * The day an order's number belongs to: the location's local date of the time it is for (its
 * scheduled time, else now). Numbered by the day it is collected or delivered, so an order placed
 * on Monday for Wednesday never shares its number with one placed on Wednesday (docs/orders.md).
 */
export const serviceDateOf = (timeZone: string, now: Date, scheduledFor: Date | null): string => zonedClock(scheduledFor ?? now, timeZone).date

/**
 * The next number of a location and service day, in the placement's transaction: one upsert of the
 * (location, day) counter row. PostgreSQL's ON CONFLICT DO UPDATE locks that row until the
 * placement commits, so two placements at one restaurant take turns and never get the same number;
 * a rolled-back placement gives its number back. Placement calls this as late as it can, after its
 * other locks, so the row is held briefly and always last (no lock-order cycle).
 */
export async function takeOrderNumber(tx: Transaction, locationId: string, serviceDate: string): Promise<OrderNumber> {
  const [row] = await tx
    .insert(orderNumberCounters)
    .values({ locationId, serviceDate, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [orderNumberCounters.locationId, orderNumberCounters.serviceDate],
      set: { lastNumber: sql`${orderNumberCounters.lastNumber} + 1` },
    })
    .returning()
  return { number: row!.lastNumber, date: serviceDate }
}
