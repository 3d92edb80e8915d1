import { and, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm'
import { UNDO_SECONDS, type BumpResult } from '@/shared/api/contracts/kitchen'
import { statusLabel, formatOrderNumber } from '@/shared/api/contracts/order-status'
import { deliveries, kitchenBumps, kitchenTickets, orders, orderTexts, orderTypes } from '../../db/schema'
import type { Transaction } from '../../db/executor'
import { mayUndoTo, nextOrderStatus, TICKETS_MOVE_WHILE } from '../../domain/order-transitions'
import { isTableOrderSql } from '../../domain/table-order'
import { notFound, refuse } from '../../lib/errors'
import { advanceOrder } from '../orders/advance'
import { moveOrder } from '../orders/status'
import { advanceTicket, countTickets, followTickets } from '../dine-in/table-kitchen'

export type Staff = { id: string; locationId: string }
type BumpRow = typeof kitchenBumps.$inferSelect

const orderName = (number: number | null) => (number === null ? 'This order' : `Order ${formatOrderNumber(number)}`)

/** Someone (or the sandbox, or the courier) moved it since the tap: the tap is not repeated on the new status. */
const moved = (what: string, status: string) =>
  refuse(409, 'order_moved', `${what} is already at “${statusLabel(status)}”: someone else moved it. The board shows it as it is now.`)

function resultOf(bump: BumpRow): BumpResult {
  const ticket = bump.ticketId !== null
  return {
    bumpId: bump.id,
    orderId: bump.orderId,
    ticketId: bump.ticketId,
    from: (ticket ? bump.ticketFrom : bump.orderFrom)!,
    to: (ticket ? bump.ticketTo : bump.orderTo)!,
    orderFrom: bump.orderFrom,
    orderTo: bump.orderTo,
    at: bump.at.toISOString(),
    undoUntil: new Date(bump.at.getTime() + UNDO_SECONDS * 1000).toISOString(),
    undone: bump.undoneAt !== null,
  }
}

/**
 * One tap on an order's card (docs/kitchen.md "Bump and undo"): the order takes the step of the
 * transition table from the status the tap saw (`from`), through the same `advanceOrder` the
 * sandbox kitchen takes; a tab at a table is accepted here (6 → 11) and then moves by its tickets.
 */
export async function bumpOrder(tx: Transaction, staff: Staff, orderId: string, from: string, now: Date): Promise<BumpResult> {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      number: orders.orderNumber,
      paymentStatus: orders.paymentStatus,
      typeGroup: orderTypes.typeGroup,
      atTable: sql<boolean>`${isTableOrderSql}`,
    })
    .from(orders)
    .leftJoin(orderTypes, and(eq(orderTypes.locationId, orders.locationId), eq(orderTypes.code, orders.orderTypeCode)))
    .where(and(eq(orders.id, orderId), eq(orders.locationId, staff.locationId)))
    .for('update', { of: orders })
  if (!order) throw notFound('The order')
  if (order.status !== from) throw moved(orderName(order.number), order.status)
  let move
  if (order.atTable) {
    if (order.status !== '6') throw refuse(409, 'not_bumpable', `${orderName(order.number)} is a table’s tab: bump its kitchen tickets, round by round.`)
    move = await followTickets(tx, order, await countTickets(tx, order.id), now)
  } else {
    if (['13', '14'].includes(order.status)) {
      const [courier] = await tx.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.orderId, order.id))
      if (courier) throw refuse(409, 'courier_has_order', `A courier is booked for ${orderName(order.number).toLowerCase()}: the courier moves it from here.`)
    }
    if (!nextOrderStatus(order.status, order.typeGroup ?? 'P')) {
      throw refuse(409, 'not_bumpable', `${orderName(order.number)} at “${statusLabel(order.status)}” is not the kitchen’s to move.`)
    }
    move = await advanceOrder(tx, { id: order.id, status: order.status, typeGroup: order.typeGroup ?? 'P' }, now)
  }
  if (!move) throw refuse(409, 'not_bumpable', `${orderName(order.number)} has no next step from “${statusLabel(order.status)}”.`)
  const [bump] = await tx
    .insert(kitchenBumps)
    .values({ locationId: staff.locationId, orderId: order.id, orderFrom: move.from, orderTo: move.to, staffId: staff.id, at: now })
    .returning()
  return resultOf(bump!)
}

/**
 * One tap on a table's kitchen ticket: the ticket takes its step (41 → 42 → 43 → 59) and the tab
 * follows its tickets, both as the sandbox's table kitchen does it (advanceTicket, followTickets).
 */
export async function bumpTicket(tx: Transaction, staff: Staff, ticketId: string, from: string, now: Date): Promise<BumpResult> {
  const [row] = await tx
    .select({ ticket: kitchenTickets, order: { id: orders.id, status: orders.status, number: orders.orderNumber, paymentStatus: orders.paymentStatus } })
    .from(kitchenTickets)
    .innerJoin(orders, eq(orders.id, kitchenTickets.orderId))
    .where(and(eq(kitchenTickets.id, ticketId), eq(orders.locationId, staff.locationId)))
    .for('update', { of: [kitchenTickets, orders] })
  if (!row) throw notFound('The kitchen ticket')
  const { ticket, order } = row
  const what = `Round ${ticket.round} of ${orderName(order.number).toLowerCase()}`
  if (ticket.status !== from) throw moved(what, ticket.status)
  if (!TICKETS_MOVE_WHILE.includes(order.status)) throw refuse(409, 'not_bumpable', `${what} cannot move while its tab is at “${statusLabel(order.status)}”.`)
  const ticketMove = await advanceTicket(tx, ticket, now)
  if (!ticketMove) throw refuse(409, 'not_bumpable', `${what} has no next step from “${statusLabel(ticket.status)}”.`)
  const orderMove = await followTickets(tx, order, await countTickets(tx, order.id), now)
  const [bump] = await tx
    .insert(kitchenBumps)
    .values({
      locationId: staff.locationId,
      orderId: order.id,
      ticketId: ticket.id,
      ticketFrom: ticketMove.from,
      ticketTo: ticketMove.to,
      orderFrom: orderMove?.from ?? null,
      orderTo: orderMove?.to ?? null,
      staffId: staff.id,
      at: now,
    })
    .returning()
  return resultOf(bump!)
}

/** The texts a move queues (docs/orders.md "Texts"): undone before it is sent, it is not sent. */
const TEXT_OF_STATUS: Record<string, string> = { '13': 'ready', '14': 'on_the_way' }

/**
 * Undoes a bump (docs/kitchen.md "Bump and undo"): within UNDO_SECONDS of it, by the staff of its
 * location, only the order's last bump, and only while nothing moved the order (or ticket) since.
 * The order goes back through `moveOrder`; a text the bump queued and not yet sent is dropped.
 */
export async function undoBump(tx: Transaction, staff: Staff, bumpId: string, now: Date): Promise<BumpResult> {
  const [bump] = await tx
    .select()
    .from(kitchenBumps)
    .where(and(eq(kitchenBumps.id, bumpId), eq(kitchenBumps.locationId, staff.locationId)))
    .for('update')
  if (!bump) throw notFound('The bump')
  if (bump.undoneAt) throw refuse(409, 'already_undone', 'This bump was already undone.')
  if (now.getTime() - bump.at.getTime() > UNDO_SECONDS * 1000) {
    throw refuse(409, 'undo_window_passed', `The undo window has closed: a bump can be undone for ${UNDO_SECONDS} seconds.`)
  }
  // Two bumps of one order at the same instant leave neither undoable: refusing is the safe side.
  const [later] = await tx
    .select({ id: kitchenBumps.id })
    .from(kitchenBumps)
    .where(and(eq(kitchenBumps.orderId, bump.orderId), ne(kitchenBumps.id, bump.id), isNull(kitchenBumps.undoneAt), gte(kitchenBumps.at, bump.at)))
    .orderBy(desc(kitchenBumps.at))
    .limit(1)
  if (later) throw refuse(409, 'not_last_bump', 'Only the last bump of an order can be undone.')
  const [order] = await tx.select({ status: orders.status, number: orders.orderNumber }).from(orders).where(eq(orders.id, bump.orderId)).for('update')
  if (!order) throw notFound('The order')
  if (bump.orderTo !== null && order.status !== bump.orderTo) throw moved(orderName(order.number), order.status)
  if (bump.ticketId !== null) {
    const [ticket] = await tx.select().from(kitchenTickets).where(eq(kitchenTickets.id, bump.ticketId)).for('update')
    if (!ticket) throw notFound('The kitchen ticket')
    if (ticket.status !== bump.ticketTo) throw moved(`Round ${ticket.round} of ${orderName(order.number).toLowerCase()}`, ticket.status)
    if (!mayUndoTo(bump.ticketFrom!, { ticket: true })) throw refuse(409, 'order_moved', 'This ticket cannot go back.')
    await tx.update(kitchenTickets).set({ status: bump.ticketFrom!, updatedAt: now }).where(eq(kitchenTickets.id, ticket.id))
  }
  if (bump.orderFrom !== null && bump.orderTo !== null) {
    if (!mayUndoTo(bump.orderFrom)) throw refuse(409, 'order_moved', 'This order cannot go back.')
    const text = TEXT_OF_STATUS[bump.orderTo]
    if (text) await tx.delete(orderTexts).where(and(eq(orderTexts.orderId, bump.orderId), inArray(orderTexts.kind, [text]), isNull(orderTexts.sentAt)))
    await moveOrder(tx, bump.orderId, bump.orderFrom, { at: now })
  } else {
    // A ticket alone went back: wake the board and the table's page as a move would.
    await tx.execute(sql`select pg_notify('order_status', ${JSON.stringify({ orderId: bump.orderId, locationId: bump.locationId, status: order.status, at: now.toISOString() })})`)
  }
  const [undone] = await tx.update(kitchenBumps).set({ undoneAt: now }).where(eq(kitchenBumps.id, bump.id)).returning()
  return resultOf(undone!)
}
