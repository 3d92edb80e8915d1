import { and, eq, sql } from 'drizzle-orm'
import type { Reservation } from '@/shared/api/contracts/reservations'
import type { Executor } from '../../db/executor'
import { diningTables, locations, merchants, reservations, tableSections } from '../../db/schema'
import type { Caller } from '../../domain/caller'
import { notFound } from '../../lib/errors'
import type { LocationRow, ReservationRow } from './rules'
import { partySizeOf, queueStanding, readFloor, type FloorState } from './waitlist'

/* Loading a reservation and its location, and the answer every reservation route gives. */

/** An active location, or 404. */
export async function loadLocation(db: Executor, locationId: string): Promise<LocationRow> {
  const [location] = await db.select().from(locations).where(and(eq(locations.id, locationId), eq(locations.isActive, true)))
  if (!location) throw notFound('The restaurant')
  return location
}

/**
 * The reservation of `reservationId` if the caller may see it (docs/accounts.md "Whose
 * data"): a customer's only by that customer, a guest's by whoever holds its id, any of a
 * location by its staff. `lock` takes it FOR UPDATE for a change.
 */
export async function loadOwned(db: Executor, caller: Caller, reservationId: string, { lock = false } = {}): Promise<ReservationRow> {
  const query = db.select().from(reservations).where(eq(reservations.id, reservationId))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound('The reservation')
  if (caller.staff) {
    if (row.locationId !== caller.staff.locationId) throw notFound('The reservation')
  } else if (row.customerId !== null && row.customerId !== caller.customerId) {
    throw notFound('The reservation')
  }
  return row
}

/** Delivered on commit to every open live-queue stream of the location (docs/operations.md "Live streams"). */
export async function notifyQueue(tx: Executor, locationId: string) {
  await tx.execute(sql`select pg_notify('waitlist', ${JSON.stringify({ locationId })})`)
}

/** A reservation or check-in as the API answers it, with its queue standing while it waits. */
export async function present(db: Executor, row: ReservationRow, now = new Date(), floor?: FloorState | null): Promise<Reservation> {
  const [place] = await db
    .select({ location: locations, merchantName: merchants.name, merchantType: merchants.merchantType })
    .from(locations)
    .innerJoin(merchants, eq(merchants.id, locations.merchantId))
    .where(eq(locations.id, row.locationId))
  const [section] = row.sectionId ? await db.select({ name: tableSections.name }).from(tableSections).where(eq(tableSections.id, row.sectionId)) : []
  const [table] = row.tableId ? await db.select({ name: diningTables.name }).from(diningTables).where(eq(diningTables.id, row.tableId)) : []
  const waiting = row.kind === 'CHECKIN' && row.status === 'Active'
  const queueFloor = waiting ? (floor ?? (await readFloor(db, row.locationId, now))) : null
  const standing = queueFloor ? queueStanding(queueFloor, row) : { queuePosition: null, estimatedWaitMinutes: null }
  const size = partySizeOf(row)
  return {
    reservationId: row.id,
    checkInId: row.id,
    kind: row.kind,
    status: row.status,
    checkedIn: row.kind === 'CHECKIN' && (row.status === 'Active' || row.status === 'Seated'),
    locationId: row.locationId,
    branchName: place?.location.branchName ?? '',
    merchantName: place?.merchantName ?? '',
    merchantType: place?.merchantType ?? '',
    locationSlug: place?.location.locationSlug ?? '',
    timeZone: place?.location.timeZoneCd ?? 'UTC',
    fullName: row.fullName,
    phone: row.phone,
    email: row.email,
    guestCount: size,
    adults: row.adults,
    kids: row.kids,
    highChairs: row.highChairs,
    sectionId: row.sectionId,
    sectionName: section?.name ?? null,
    tableName: table?.name ?? null,
    reservationDate: row.reservationDate,
    reservationSlot: row.reservationSlot,
    slotStart: row.slotStart?.toISOString() ?? null,
    slotEnd: row.slotEnd?.toISOString() ?? null,
    ...standing,
    notes: row.notes,
    cancelReason: row.cancelReason,
    channel: row.channel === 'STAFF' ? 'STAFF' : 'ONLINE',
    cancellationPolicy: place?.location.cancellationPolicy ?? '',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
