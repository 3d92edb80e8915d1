import { and, asc, eq, gte, lt, notInArray, sql } from 'drizzle-orm'
import type { EventDateSlots } from '@/shared/api/contracts/events'
import { addDays, localInstant, toMinutes } from '@/shared/lib/hours'
import { eventItems, events, locations, orders } from '../../db/schema'
import type { Executor } from '../../db/executor'
import { notFound, refuse } from '../../lib/errors'

/*
 * The rules of an event order (docs/events.md "Rules"): its dates and slots, the orders a slot has
 * left, and the branches pricing and placement take for one. Orders import this file only, not the
 * event pages, which build on the merchants module.
 */

type EventRow = typeof events.$inferSelect
type LocationRow = typeof locations.$inferSelect

/** Order type group of event orders (docs/events.md "Rules"). */
export const EVENT_GROUP = 'E'
/** Orders that no longer hold their slot: cancelled by the customer or the merchant. */
const RELEASED_STATUSES = ['8', '9']
const HOUR_MS = 3_600_000

/** Every local date of an event, first to last. */
export function eventDates(event: Pick<EventRow, 'startsOn' | 'endsOn'>): string[] {
  const dates: string[] = []
  for (let date = event.startsOn; date <= event.endsOn && dates.length < 366; date = addDays(date, 1)) dates.push(date)
  return dates
}

/** The pickup slots (HH:mm) of every event date, from slotsFrom to slotsUntil inclusive. */
export function eventSlotTimes(event: Pick<EventRow, 'slotsFrom' | 'slotsUntil' | 'slotMinutes'>): string[] {
  const times: string[] = []
  const step = Math.max(5, event.slotMinutes)
  for (let minute = toMinutes(event.slotsFrom); minute <= toMinutes(event.slotsUntil) && minute < 24 * 60; minute += step) {
    times.push(`${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`)
  }
  return times
}

/** When orders for an event date close: orderCutoffHours before that date starts, local time. */
export function orderCutoff(event: Pick<EventRow, 'orderCutoffHours'>, date: string, timeZone: string): Date {
  const dayStart = localInstant(date, '00:00', timeZone) ?? localInstant(date, '01:00', timeZone)!
  return new Date(dayStart.getTime() - event.orderCutoffHours * HOUR_MS)
}

export async function activeEvent(db: Executor, slug: string, { lock = false } = {}) {
  const query = db
    .select({ event: events, location: locations })
    .from(events)
    .innerJoin(locations, eq(events.locationId, locations.id))
    .where(and(eq(events.slug, slug), eq(events.isActive, true), eq(locations.isActive, true)))
  const [row] = lock ? await query.for('update', { of: events }) : await query
  if (!row) throw notFound('The event')
  return row
}

/**
 * Orders taken per slot of an event. Orders carry no event id (schema), so an event's orders are
 * its location's orders of its event order type scheduled inside its dates (docs/decisions.md).
 */
async function ordersPerSlot(db: Executor, event: EventRow, location: LocationRow, orderTypeCode: string): Promise<Map<number, number>> {
  const from = localInstant(event.startsOn, '00:00', location.timeZoneCd) ?? new Date(`${event.startsOn}T00:00:00Z`)
  const until = localInstant(addDays(event.endsOn, 1), '00:00', location.timeZoneCd) ?? new Date(`${addDays(event.endsOn, 1)}T00:00:00Z`)
  const rows = await db
    .select({ at: orders.scheduledFor, taken: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.locationId, location.id),
        eq(orders.orderTypeCode, orderTypeCode),
        notInArray(orders.status, RELEASED_STATUSES),
        gte(orders.scheduledFor, from),
        lt(orders.scheduledFor, until),
      ),
    )
    .groupBy(orders.scheduledFor)
  return new Map(rows.filter((row) => row.at).map((row) => [row.at!.getTime(), Number(row.taken)]))
}

/** The event order slot list (docs/events.md "Rules"): each date's slots with the orders left; a full slot or a date past its cut-off is unavailable. */
export async function eventSlotBook(db: Executor, event: EventRow, location: LocationRow, orderTypeCode: string, now: Date): Promise<EventDateSlots[]> {
  const taken = await ordersPerSlot(db, event, location, orderTypeCode)
  const times = eventSlotTimes(event)
  return eventDates(event).map((date) => {
    const orderable = now.getTime() < orderCutoff(event, date, location.timeZoneCd).getTime()
    const slots = times.flatMap((time) => {
      const at = localInstant(date, time, location.timeZoneCd)
      if (!at) return []
      const remaining = Math.max(0, event.ordersPerSlot - (taken.get(at.getTime()) ?? 0))
      return [{ time, available: orderable && remaining > 0, remaining }]
    })
    return { date, orderable: orderable && slots.some((slot) => slot.available), slots }
  })
}

/** An event's dishes and their event prices (null keeps the menu price), in the event's order. */
export async function eventItemPrices(db: Executor, eventId: string): Promise<Map<string, number | null>> {
  const rows = await db.select().from(eventItems).where(eq(eventItems.eventId, eventId)).orderBy(asc(eventItems.sortOrder))
  return new Map(rows.map((row) => [row.itemId, row.priceMinor]))
}

type EventOrderInput = { eventSlug?: string; eventDate?: string; selectedTimeSlot?: string }

/**
 * The pricing branch of an event order: the dishes it may hold and their event prices. Called by
 * the pricing service for an order type of typeGroup E.
 */
export async function eventOrderPrices(db: Executor, location: LocationRow, request: EventOrderInput): Promise<Map<string, number | null>> {
  if (!request.eventSlug) throw refuse(400, 'event_required', 'Choose the event to order for.')
  const { event } = await activeEvent(db, request.eventSlug)
  if (event.locationId !== location.id) throw notFound('The event')
  return eventItemPrices(db, event.id)
}

/**
 * The placement branch of an event order: the event date and slot must be the event's, with room,
 * before the date's cut-off. Returns the local date+slot the order is scheduled for; the event row
 * is locked so two orders cannot both take a slot's last place.
 */
export async function checkEventOrder(db: Executor, location: LocationRow, request: EventOrderInput, orderTypeCode: string, now: Date): Promise<Date> {
  const { eventSlug, eventDate, selectedTimeSlot } = request
  if (!eventSlug) throw refuse(400, 'event_required', 'Choose the event to order for.')
  if (!eventDate || !selectedTimeSlot) throw refuse(400, 'event_slot_required', 'Choose a date and a pickup time for the event order.')
  const { event } = await activeEvent(db, eventSlug, { lock: true })
  if (event.locationId !== location.id) throw notFound('The event')
  if (eventDate < event.startsOn || eventDate > event.endsOn) {
    throw refuse(400, 'event_date_out_of_range', `${event.title} takes orders for ${event.startsOn} to ${event.endsOn}.`)
  }
  if (!eventSlotTimes(event).includes(selectedTimeSlot)) {
    throw refuse(400, 'event_slot_unknown', `${selectedTimeSlot} is not a pickup time of ${event.title}. Please choose another time.`)
  }
  if (now.getTime() >= orderCutoff(event, eventDate, location.timeZoneCd).getTime()) {
    throw refuse(409, 'event_order_closed', `Orders for ${event.title} on ${eventDate} have closed.`)
  }
  const at = localInstant(eventDate, selectedTimeSlot, location.timeZoneCd)
  if (!at) throw refuse(400, 'event_slot_unknown', `${selectedTimeSlot} does not exist on ${eventDate} in the restaurant's time zone.`)
  const taken = (await ordersPerSlot(db, event, location, orderTypeCode)).get(at.getTime()) ?? 0
  if (taken >= event.ordersPerSlot) {
    throw refuse(409, 'event_slot_full', `${selectedTimeSlot} on ${eventDate} is fully booked. Please choose another time.`)
  }
  return at
}

