import { and, asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { KitchenTicketsResponse, kitchenTicketsRequest } from '@/shared/api/contracts/dine-in'
import { statusLabel } from '@/shared/api/contracts/order-status'
import { kitchenTickets, orderItems, orderSplits, payments } from '../../db/schema'
import type { Executor } from '../../db/executor'
import type { Caller } from '../../domain/caller'
import { loadOwnedOrder } from '../../domain/owned-order'
import { notFound } from '../../lib/errors'

type TicketsInput = z.output<typeof kitchenTicketsRequest>

/** POST /kot/v2/getKOTItemsBySortOrder: the tickets of the order (of one round with sortOrder; of a share's lines with splitId). */
export async function kitchenTicketsOf(db: Executor, caller: Caller, request: TicketsInput): Promise<KitchenTicketsResponse> {
  const order = await loadOwnedOrder(db, caller, request.orderId)
  let lineFilter: string[] | null = null
  if (request.splitId) {
    const [split] = await db
      .select()
      .from(orderSplits)
      .where(and(eq(orderSplits.id, request.splitId), eq(orderSplits.orderId, order.id)))
    if (!split) throw notFound('This share of the bill')
    if (split.kind === 'ITEMS') lineFilter = split.orderItemIds
  }
  if (request.transactionId) {
    const [payment] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.id, request.transactionId), eq(payments.orderId, order.id)))
    if (!payment) throw notFound('The transaction')
  }
  const ticketRows = await db
    .select()
    .from(kitchenTickets)
    .where(and(eq(kitchenTickets.orderId, order.id), request.sortOrder ? eq(kitchenTickets.round, request.sortOrder) : undefined))
    .orderBy(asc(kitchenTickets.round))
  if (request.sortOrder && ticketRows.length === 0) throw notFound(`Round ${request.sortOrder} of this order`)
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.sortOrder))
  return {
    orderId: order.id,
    tickets: ticketRows.map((ticket) => ({
      id: ticket.id,
      round: ticket.round,
      status: ticket.status,
      statusLabel: statusLabel(ticket.status),
      items: lines
        .filter((line) => line.round === ticket.round && (!lineFilter || lineFilter.includes(line.id)))
        .map((line) => ({ orderItemId: line.id, name: line.name, quantity: line.quantity, comment: line.comment })),
      createdAt: ticket.createdAt.toISOString(),
      updatedAt: ticket.updatedAt.toISOString(),
    })),
  }
}
