import { and, asc, desc, eq, isNull, max, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  addRoundRequest,
  BillShare,
  callWaiterRequest,
  KitchenTicketsResponse,
  kitchenTicketsRequest,
  SplitBill,
  splitRequest,
  WaiterCall,
  WaiterCallStatus,
} from '@/shared/api/contracts/dine-in'
import { evenShares, itemShares } from '@/shared/api/contracts/dine-in-rules'
import { statusLabel } from '@/shared/api/contracts/order-status'
import type { OrderDetail } from '@/shared/api/contracts/ordering'
import type { Database } from '../../db/client'
import {
  diningTables,
  kitchenTickets,
  orderItems,
  orders,
  orderSplits,
  payments,
  waiterCalls,
} from '../../db/schema'
import { ApiError, notFound, refuse } from '../../lib/errors'
import { takeStock, writeOrderLines } from '../orders/order-lines'
import { livePaymentOf, paymentStatesOf, toOrderPayment } from '../orders/payment-state'
import { createPlacementService, loadOwnedOrder, type Caller } from '../orders/placement.service'
import { createPricingService } from '../orders/pricing.service'
import { repriceOrder } from '../orders/repricing'
import { moveOrder } from '../orders/status'
import { isTableOrder } from './table-order'
import type { Executor, Transaction } from '../../db/executor'

export { isTableOrder }

type OrderRow = typeof orders.$inferSelect
type AddRoundInput = z.output<typeof addRoundRequest>
type TicketsInput = z.output<typeof kitchenTicketsRequest>
type CallWaiterInput = z.output<typeof callWaiterRequest>
type SplitInput = z.output<typeof splitRequest>

/** A table order is finished (no more rounds, no new split) once complete, served-and-paid or cancelled. */
const CLOSED_STATUSES: readonly string[] = ['8', '9', '17', '60']

/** Shares of the bill as they stand: those no change superseded. */
const liveSharesOf = (db: Executor, orderId: string) =>
  db
    .select()
    .from(orderSplits)
    .where(and(eq(orderSplits.orderId, orderId), isNull(orderSplits.supersededAt)))
    .orderBy(asc(orderSplits.createdAt), asc(orderSplits.label))

/** Opens a kitchen ticket for every round of the order that has none yet (41, in preparation). */
export async function openMissingTickets(tx: Executor, orderId: string): Promise<void> {
  const rounds = await tx.selectDistinct({ round: orderItems.round }).from(orderItems).where(eq(orderItems.orderId, orderId))
  if (rounds.length === 0) return
  await tx
    .insert(kitchenTickets)
    .values(rounds.map(({ round }) => ({ orderId, round, status: '41' })))
    .onConflictDoNothing()
}

/** Rounds, kitchen tickets, the waiter and split bills of dine-in table orders (SPEC §2 Dine-in, §7 Orders). */
export function createDineInService() {
  const placement = createPlacementService()

  async function openTableOrder(tx: Transaction, caller: Caller, orderId: string): Promise<OrderRow> {
    const order = await loadOwnedOrder(tx, caller, orderId, { lock: true })
    if (!(await isTableOrder(tx, order))) throw refuse(409, 'not_a_table_order', 'Rounds can only be added to a dine-in order at a table.')
    if (CLOSED_STATUSES.includes(order.status)) throw refuse(409, 'order_closed', 'This table order is closed. Please start a new order.')
    if (order.paymentStatus === '19') throw refuse(409, 'order_already_paid', 'This table order is already paid. Please start a new order.')
    // Any live payment of the order or of a share freezes the bill (repriceOrder refuses it too).
    if ((await paymentStatesOf(tx, [order.id])).some((state) => state.live)) {
      throw refuse(409, 'bill_being_paid', 'The bill is already being paid. Please start a new order.')
    }
    return order
  }

  async function sharesOf(db: Executor, order: OrderRow): Promise<SplitBill> {
    const rows = await liveSharesOf(db, order.id)
    const states = rows.length ? await paymentStatesOf(db, [order.id]) : []
    const shares: BillShare[] = rows.map((row) => {
      const latest = livePaymentOf(states, row.id) ?? states.filter((state) => state.splitId === row.id).at(-1)
      return {
        id: row.id,
        label: row.label,
        kind: row.kind,
        amount: row.amountMinor,
        orderItemIds: row.orderItemIds,
        payment: latest ? toOrderPayment(latest) : null,
        paid: latest?.effectiveStatus === '19',
      }
    })
    // Shares are listed in their label order (Share 1 of 3, Share 2 of 3 …) as they were created.
    return { orderId: order.id, currency: order.currency, total: order.totalMinor, shares }
  }

  return {
    /** PUT /order/update/customer: the round's lines with round = last + 1, the order re-priced, and the round's kitchen ticket. */
    async addRound(tx: Transaction, caller: Caller, request: AddRoundInput): Promise<OrderDetail> {
      const order = await openTableOrder(tx, caller, request.orderId)
      const priced = await createPricingService(tx as unknown as Database).totals(
        { locationId: order.locationId, orderTypeCode: order.orderTypeCode, items: request.items, tip: { tipType: 'NONE', value: 0 } },
        { customerId: order.customerId ?? undefined },
      )
      await takeStock(tx, priced.lines)
      const [last] = await tx
        .select({ round: max(orderItems.round), sortOrder: max(orderItems.sortOrder) })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
      const round = (last?.round ?? 0) + 1
      const firstSort = (last?.sortOrder ?? -1) + 1
      const comment = request.comment || null
      await writeOrderLines(tx, order.id, priced.lines, {
        comments: request.items.map((item, index) => item.comment || (index === 0 ? comment : null)),
        firstSortOrder: firstSort,
        round,
      })

      // The whole order repriced: the round's sums added, the order tax at its rate, the surcharge and a percentage tip on the new subtotal,
      // the wallet re-bounded, and split shares re-made or superseded (the diners split the new bill again).
      // A served table order goes back to the kitchen as modified (7); one still cooking keeps its status.
      const status = order.status === '59' || order.status === '13' ? '7' : order.status
      const updated = await repriceOrder(tx, order, { addedLines: { subtotal: priced.subtotal, itemTax: priced.itemTax }, status }, 'bill_being_paid')
      await tx.insert(kitchenTickets).values({ orderId: order.id, round, status: '41' })
      // A status change goes through the one transition (history, NOTIFY, texts); the same status still wakes the trackers.
      if (status !== order.status) await moveOrder(tx, order.id, status)
      else await tx.execute(sql`select pg_notify('order_status', ${JSON.stringify({ orderId: order.id, status, at: new Date().toISOString() })})`)
      return placement.detail(tx, updated)
    },

    /** POST /kot/v2/getKOTItemsBySortOrder: the tickets of the order (of one round with sortOrder; of a share's lines with splitId). */
    async tickets(db: Database, caller: Caller, request: TicketsInput): Promise<KitchenTicketsResponse> {
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
    },

    /** POST /customer/call-waiter: one open call per table; calling again answers the open one (201 new, 200 existing). */
    async callWaiter(db: Database, caller: Caller, request: CallWaiterInput): Promise<{ call: WaiterCall; created: boolean }> {
      const [table] = await db
        .select({ id: diningTables.id, name: diningTables.name, locationId: diningTables.locationId })
        .from(diningTables)
        .where(and(eq(diningTables.id, request.tableId), eq(diningTables.isActive, true)))
      if (!table) throw notFound('This table')
      if (request.orderId) {
        const order = await loadOwnedOrder(db, caller, request.orderId)
        if (order.tableId !== table.id) throw notFound('The order')
      }
      const inserted = await db
        .insert(waiterCalls)
        .values({ locationId: table.locationId, tableId: table.id, orderId: request.orderId ?? null, reason: request.reason || null })
        .onConflictDoNothing()
        .returning()
      const row = inserted[0] ?? (await db.select().from(waiterCalls).where(and(eq(waiterCalls.tableId, table.id), eq(waiterCalls.status, 'Open'))))[0]
      if (!row) throw new ApiError(409, 'waiter_call_changed', 'The waiter call changed while it was made. Please try again.')
      return { call: toWaiterCall(row, table.name), created: inserted.length > 0 }
    },

    /** GET /merchants/{locationId}/waiter-calls: open and acknowledged calls first, newest first. */
    async waiterCalls(db: Database, locationId: string): Promise<WaiterCall[]> {
      const rows = await db
        .select({ call: waiterCalls, tableName: diningTables.name })
        .from(waiterCalls)
        .innerJoin(diningTables, eq(waiterCalls.tableId, diningTables.id))
        .where(eq(waiterCalls.locationId, locationId))
        .orderBy(sql`case ${waiterCalls.status} when 'Open' then 0 when 'Acknowledged' then 1 else 2 end`, desc(waiterCalls.createdAt))
        .limit(200)
      return rows.map((row) => toWaiterCall(row.call, row.tableName))
    },

    /** PUT /merchants/{locationId}/waiter-calls/{id}: the staff acknowledge a call, then mark it done. */
    async updateWaiterCall(db: Database, locationId: string, callId: string, status: Exclude<WaiterCallStatus, 'Open'>): Promise<WaiterCall> {
      const [current] = await db
        .select({ call: waiterCalls, tableName: diningTables.name })
        .from(waiterCalls)
        .innerJoin(diningTables, eq(waiterCalls.tableId, diningTables.id))
        .where(and(eq(waiterCalls.id, callId), eq(waiterCalls.locationId, locationId)))
      if (!current) throw notFound('The waiter call')
      if (current.call.status === 'Done' && status !== 'Done') throw refuse(409, 'waiter_call_done', 'This waiter call is already done.')
      const [updated] = await db
        .update(waiterCalls)
        .set({ status, acknowledgedAt: current.call.acknowledgedAt ?? new Date() })
        .where(eq(waiterCalls.id, callId))
        .returning()
      return toWaiterCall(updated!, current.tableName)
    },

    /**
     * POST /order/customer/split: supersedes the live shares with new ones that add up to the total
     * exactly (old shares stay, so payment attempts keep their share); refused once any payment of
     * the bill is live.
     */
    async split(tx: Transaction, caller: Caller, request: SplitInput, now = new Date()): Promise<SplitBill> {
      const order = await loadOwnedOrder(tx, caller, request.orderId, { lock: true })
      if (CLOSED_STATUSES.includes(order.status)) throw refuse(409, 'order_closed', 'This order is closed; its bill can no longer be split.')
      if (order.paymentStatus === '19') throw refuse(409, 'bill_being_paid', 'Part of this bill is already paid, so it can no longer be split again.')
      if ((await paymentStatesOf(tx, [order.id])).some((state) => state.live)) {
        throw refuse(409, 'bill_being_paid', 'A payment of this bill is under way, so it can no longer be split again.')
      }
      if (order.totalMinor <= 0) throw refuse(409, 'nothing_to_split', 'There is nothing to pay on this bill.')

      let shares: { label: string; kind: 'EVEN' | 'ITEMS'; amountMinor: number; orderItemIds: string[] }[]
      if (request.mode === 'EVEN') {
        if (request.parts > order.totalMinor) throw refuse(400, 'too_many_parts', 'The bill is too small to split into that many shares.')
        shares = evenShares(order.totalMinor, request.parts).map((amountMinor, index) => ({
          label: `Share ${index + 1} of ${request.parts}`,
          kind: 'EVEN',
          amountMinor,
          orderItemIds: [],
        }))
      } else {
        const lines = await tx.select({ id: orderItems.id, subtotal: orderItems.lineSubtotalMinor }).from(orderItems).where(eq(orderItems.orderId, order.id))
        const subtotalOf = new Map(lines.map((line) => [line.id, line.subtotal]))
        const seen = new Set<string>()
        for (const group of request.groups) {
          for (const id of group.orderItemIds) {
            if (!subtotalOf.has(id)) throw refuse(400, 'unknown_line', 'One of the dishes chosen is not on this order.')
            if (seen.has(id)) throw refuse(400, 'line_in_two_shares', 'Each dish can be in one share only.')
            seen.add(id)
          }
        }
        if (seen.size !== lines.length) throw refuse(400, 'line_not_shared', 'Every dish on the bill must be in one of the shares.')
        const groupSubtotals = request.groups.map((group) => group.orderItemIds.reduce((sum, id) => sum + subtotalOf.get(id)!, 0))
        const amounts = itemShares(groupSubtotals, order.subtotalMinor, order.totalMinor)
        if (amounts.some((amount) => amount <= 0)) throw refuse(400, 'share_too_small', 'One of the shares would have nothing to pay. Please group the dishes differently.')
        shares = request.groups.map((group, index) => ({
          label: group.label || `Share ${index + 1} of ${request.groups.length}`,
          kind: 'ITEMS',
          amountMinor: amounts[index]!,
          orderItemIds: group.orderItemIds,
        }))
      }
      await tx
        .update(orderSplits)
        .set({ supersededAt: now })
        .where(and(eq(orderSplits.orderId, order.id), isNull(orderSplits.supersededAt)))
      const base = now.getTime() + 1
      // Created a millisecond apart so they list in share order.
      await tx.insert(orderSplits).values(shares.map((share, index) => ({ ...share, orderId: order.id, createdAt: new Date(base + index) })))
      return sharesOf(tx, order)
    },

    /** POST /order/customer/splits: the shares of the bill and which are paid. */
    async shares(db: Database, caller: Caller, orderId: string): Promise<SplitBill> {
      return sharesOf(db, await loadOwnedOrder(db, caller, orderId))
    },
  }
}

function toWaiterCall(row: typeof waiterCalls.$inferSelect, tableName: string): WaiterCall {
  return {
    id: row.id,
    locationId: row.locationId,
    tableId: row.tableId,
    tableName,
    orderId: row.orderId,
    reason: row.reason,
    status: row.status as WaiterCallStatus,
    createdAt: row.createdAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
  }
}

export type DineInService = ReturnType<typeof createDineInService>
