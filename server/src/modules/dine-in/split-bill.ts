import { and, asc, eq, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import type { BillShare, SplitBill, splitRequest } from '@/shared/api/contracts/dine-in'
import { evenShares, itemShares } from '@/shared/api/contracts/dine-in-rules'
import { orderItems, orders, orderSplits } from '../../db/schema'
import type { Executor, Transaction } from '../../db/executor'
import type { Caller } from '../../domain/caller'
import { loadOwnedOrder } from '../../domain/owned-order'
import { refuse } from '../../lib/errors'
import { livePaymentOf, paymentStatesOf, toOrderPayment } from '../orders/payment-state'
import { CLOSED_STATUSES } from './table-status'

type OrderRow = typeof orders.$inferSelect
type SplitInput = z.output<typeof splitRequest>

/** Shares of the bill as they stand: those no change superseded. */
const liveSharesOf = (db: Executor, orderId: string) =>
  db
    .select()
    .from(orderSplits)
    .where(and(eq(orderSplits.orderId, orderId), isNull(orderSplits.supersededAt)))
    .orderBy(asc(orderSplits.createdAt), asc(orderSplits.label))

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

/**
 * POST /order/customer/split: supersedes the live shares with new ones that add up to the total
 * exactly (old shares stay, so payment attempts keep their share); refused once any payment of
 * the bill is live.
 */
export async function splitBill(tx: Transaction, caller: Caller, request: SplitInput, now = new Date()): Promise<SplitBill> {
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
}

/** POST /order/customer/splits: the shares of the bill and which are paid. */
export async function billShares(db: Executor, caller: Caller, orderId: string): Promise<SplitBill> {
  return sharesOf(db, await loadOwnedOrder(db, caller, orderId))
}
