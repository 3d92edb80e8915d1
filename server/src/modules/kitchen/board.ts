import { and, asc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { UNDO_SECONDS, type KitchenBoard, type KitchenCard } from '@/shared/api/contracts/kitchen'
import { statusLabel } from '@/shared/api/contracts/order-status'
import { customers, deliveries, diningTables, kitchenTickets, locations, orderItemOptions, orderItems, orders, orderTypes } from '../../db/schema'
import type { Executor } from '../../db/executor'
import { columnOfStatus, columnOfTicket, nextOrderStatus, nextTableOrderStatus, nextTicketStatus, SCHEDULED_LEAD_MS } from '../../domain/order-transitions'
import { isTableOrderSql } from '../../domain/table-order'
import { notFound } from '../../lib/errors'

/** Statuses of orders (not tabs) the board shows: queued, accepted, cooking, ready, with the courier. */
const BOARD_ORDER_STATUSES = ['19', '25', '11', '12', '70', '13', '14', '50']
/** Statuses of tabs at a table the board shows: new (6), a new round (7), accepted, cooking, ready. */
const BOARD_TAB_STATUSES = ['6', '7', '11', '12', '13']
/** "Today" for a kitchen: an order placed (or due) within the last day; older ones are history. */
const DAY_MS = 24 * 60 * 60_000

const TYPE_OF_GROUP: Record<string, KitchenCard['type']> = { P: 'pickup', L: 'delivery', D: 'dine-in', E: 'event' }

/**
 * The kitchen display (docs/kitchen.md "The board"): the location's live orders as cards in the
 * columns of their status, a tab's rounds as their kitchen tickets, event orders of today with
 * their slot, scheduled orders once due (the sandbox's 15-minute lead); `next` is what a bump does,
 * from the one transition table.
 */
export async function readBoard(db: Executor, locationId: string, now: Date): Promise<KitchenBoard> {
  const [location] = await db
    .select({ id: locations.id, branchName: locations.branchName, timeZone: locations.timeZoneCd, pausedAt: locations.orderingPausedAt })
    .from(locations)
    .where(eq(locations.id, locationId))
  if (!location) throw notFound('The restaurant')
  const dueBy = new Date(now.getTime() + SCHEDULED_LEAD_MS)
  const since = new Date(now.getTime() - DAY_MS)
  const today = localDate(now, location.timeZone)

  const lastChange = sql<Date>`coalesce((select max(h.at) from order_status_history h where h.order_id = ${orders.id}), ${orders.updatedAt})`.mapWith(
    (value: string | Date) => new Date(value),
  )
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      number: orders.orderNumber,
      numberDate: orders.orderNumberDate,
      typeGroup: orderTypes.typeGroup,
      typeName: orderTypes.name,
      tableName: diningTables.name,
      tableId: orders.tableId,
      placedAt: orders.createdAt,
      scheduledFor: orders.scheduledFor,
      statusSince: lastChange,
      firstName: customers.firstName,
      guestName: orders.guestName,
      note: orders.orderInstruction,
      courier: sql<boolean>`${deliveries.id} is not null`,
      atTable: sql<boolean>`${isTableOrderSql}`,
    })
    .from(orders)
    .leftJoin(orderTypes, and(eq(orderTypes.locationId, orders.locationId), eq(orderTypes.code, orders.orderTypeCode)))
    .leftJoin(diningTables, eq(diningTables.id, orders.tableId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id))
    .where(
      and(
        eq(orders.locationId, locationId),
        or(
          and(inArray(orders.status, BOARD_ORDER_STATUSES), sql`not ${isTableOrderSql}`),
          and(inArray(orders.status, BOARD_TAB_STATUSES), isTableOrderSql),
        ),
        or(
          and(isNull(orders.scheduledFor), gte(orders.createdAt, since)),
          and(isNotNull(orders.scheduledFor), gte(orders.scheduledFor, since)),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))

  // An event order shows all day of its slot (prepared ahead), any other scheduled order from 15 minutes before its time.
  const isDue = (row: (typeof rows)[number]) =>
    row.scheduledFor === null || row.scheduledFor <= dueBy || (row.typeGroup === 'E' && row.numberDate === today)
  const shown = rows.filter(isDue)
  const later = rows.length - shown.length

  const orderIds = shown.map((row) => row.id)
  const tabIds = shown.filter((row) => row.atTable).map((row) => row.id)
  const [lines, options, tickets] = await Promise.all([
    orderIds.length ? db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.round), asc(orderItems.sortOrder)) : [],
    orderIds.length
      ? db
          .select({ orderItemId: orderItemOptions.orderItemId, modifier: orderItemOptions.modifier, name: orderItemOptions.optionName, quantity: orderItemOptions.quantity })
          .from(orderItemOptions)
          .innerJoin(orderItems, eq(orderItems.id, orderItemOptions.orderItemId))
          .where(inArray(orderItems.orderId, orderIds))
          .orderBy(asc(orderItemOptions.id))
      : [],
    tabIds.length
      ? db
          .select()
          .from(kitchenTickets)
          .where(inArray(kitchenTickets.orderId, tabIds))
          .orderBy(asc(kitchenTickets.round))
      : [],
  ])
  const optionsOf = new Map<string, string[]>()
  for (const option of options) {
    const text = `${option.modifier}: ${option.name}${option.quantity > 1 ? ` × ${option.quantity}` : ''}`
    optionsOf.set(option.orderItemId, [...(optionsOf.get(option.orderItemId) ?? []), text])
  }
  const linesOf = (orderId: string, round?: number) =>
    lines
      .filter((line) => line.orderId === orderId && (round === undefined || line.round === round))
      .map((line) => ({ id: line.id, name: line.name, quantity: line.quantity, options: optionsOf.get(line.id) ?? [], note: line.comment }))
  const slotFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: location.timeZone })

  const cards: KitchenCard[] = []
  for (const row of shown) {
    const typeGroup = row.typeGroup ?? 'P'
    const base = {
      orderId: row.id,
      number: row.number,
      type: TYPE_OF_GROUP[typeGroup] ?? 'pickup',
      orderTypeName: row.typeName ?? 'Order',
      tableName: row.tableName,
      placedAt: row.placedAt.toISOString(),
      dueAt: row.scheduledFor?.toISOString() ?? null,
      slot: typeGroup === 'E' && row.scheduledFor ? slotFormat.format(row.scheduledFor) : null,
      firstName: row.firstName ?? row.guestName?.trim().split(/\s+/)[0] ?? null,
      note: row.note,
    }
    const ticketsOfTab = tickets.filter((ticket) => ticket.orderId === row.id)
    if (row.atTable && row.status !== '6') {
      // A tab past acceptance is cooked round by round: one card per open ticket.
      for (const ticket of ticketsOfTab) {
        const column = columnOfTicket(ticket.status)
        if (!column) continue
        const next = nextTicketStatus(ticket.status)
        cards.push({
          ...base,
          key: ticket.id,
          kind: 'ticket',
          ticketId: ticket.id,
          round: ticket.round,
          status: ticket.status,
          statusLabel: statusLabel(ticket.status),
          column,
          statusSince: ticket.updatedAt.toISOString(),
          lines: linesOf(row.id, ticket.round),
          next: next ? { status: next, label: statusLabel(next) } : null,
          waiting: null,
        })
      }
      continue
    }
    const column = columnOfStatus(row.status)
    if (!column) continue
    const courier = row.courier && ['13', '14', '50'].includes(row.status)
    const next = courier
      ? null
      : row.atTable
        ? nextTableOrderStatus(row.status, { tickets: ticketsOfTab.length, ready: 0, served: 0 }, row.paymentStatus)
        : nextOrderStatus(row.status, typeGroup)
    cards.push({
      ...base,
      key: row.id,
      kind: 'order',
      ticketId: null,
      round: null,
      status: row.status,
      statusLabel: statusLabel(row.status),
      column,
      statusSince: row.statusSince.toISOString(),
      lines: linesOf(row.id),
      next: next ? { status: next, label: statusLabel(next) } : null,
      waiting: courier ? 'Courier booked' : null,
    })
  }
  cards.sort((a, b) => a.statusSince.localeCompare(b.statusSince) || a.key.localeCompare(b.key))
  return {
    locationId: location.id,
    branchName: location.branchName,
    timeZone: location.timeZone,
    now: now.toISOString(),
    orderingPaused: location.pausedAt !== null,
    orderingPausedAt: location.pausedAt?.toISOString() ?? null,
    undoSeconds: UNDO_SECONDS,
    cards,
    later,
  }
}

/** The location's calendar date (YYYY-MM-DD) at `now`: the service day order numbers use. */
function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}
