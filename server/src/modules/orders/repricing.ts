import { and, asc, eq, isNull } from 'drizzle-orm'
import { evenShares, itemShares } from '@/shared/api/contracts/dine-in-rules'
import type { TipType } from '@/shared/api/contracts/orders'
import { locations, offerRedemptions, offers, orderItems, orders, orderSplits } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { recordWalletMovement } from '../wallet/ledger'
import { paymentStatesOf } from './payment-state'
import { CANCELLED_STATUSES } from './status'
import { applyBasisPoints, discountScope, taxesAfterDiscount, tipAmount } from '../../domain/money'
import type { Transaction } from '../../db/executor'

type OrderRow = typeof orders.$inferSelect

/** What changes an existing order's amounts. */
export type AmountChange = {
  /** A new tip choice; without it the order keeps its own (a percentage tip follows a new subtotal). */
  tip?: { tipType: TipType; value: number }
  /** A new discount: a coupon taken on the order. */
  discount?: number
  /** A dine-in round's lines: their subtotal and item tax are added; the order tax and the surcharge follow the new subtotal. */
  addedLines?: { subtotal: number; itemTax: number }
  /** A status the order moves to with the change (a served tab goes back to the kitchen with a new round). */
  status?: string
}

/**
 * Why a change is refused once a payment is live: `payment_started` for tips and coupons,
 * `bill_being_paid` for a round at the table.
 */
export type FrozenCode = 'payment_started' | 'bill_being_paid'

const FROZEN_MESSAGES: Record<FrozenCode, string> = {
  payment_started: 'Payment of this order has started, so its amounts can no longer change.',
  bill_being_paid: 'The bill is already being paid. Please start a new order.',
}

/**
 * The one way an existing order's amounts change (add-tip, a coupon on the order, a dine-in
 * round), so no path can forget a rule of docs/payments.md:
 *
 * - refused once the order or any live share has a live payment (its amounts are frozen, so a
 *   capture always equals its authorization);
 * - a tip is at most the subtotal;
 * - the wallet used is re-bounded by the new amount due and what is no longer used goes back to
 *   the customer's wallet as a RELEASE movement of the order, so the total never goes below 0;
 * - live split shares follow the new total (splits re-made or superseded).
 *
 * The order's row must be locked by the caller (loadOwnedOrder with lock).
 */
export async function repriceOrder(tx: Transaction, order: OrderRow, change: AmountChange, frozen: FrozenCode, now = new Date()): Promise<OrderRow> {
  if (CANCELLED_STATUSES.includes(order.status)) throw new ApiError(409, 'order_cancelled', 'This order was cancelled.')
  const states = await paymentStatesOf(tx, [order.id])
  if (states.some((state) => state.live)) throw new ApiError(409, frozen, FROZEN_MESSAGES[frozen])
  const [location] = await tx.select().from(locations).where(eq(locations.id, order.locationId))

  let { subtotalMinor: subtotal, itemTaxMinor: itemTax, orderTaxMinor: orderTax, surchargeMinor: surcharge } = order
  if (change.addedLines) {
    subtotal += change.addedLines.subtotal
    itemTax += change.addedLines.itemTax
    // The order tax at the rate the order was placed with; the location's surcharge on the new subtotal.
    orderTax = applyBasisPoints(subtotal, order.orderTaxBp)
    const { surchargePercentBp = 0 } = location?.platformConfiguration ?? {}
    surcharge = location?.isSurchargeEnabled ? applyBasisPoints(subtotal, surchargePercentBp) : 0
  }
  const discount = change.discount ?? order.discountMinor
  // A new discount, or new lines under a discount, tax the order again on the discounted price (docs/payments.md).
  if ((change.discount !== undefined && change.discount !== order.discountMinor) || (change.addedLines && discount > 0)) {
    ;({ itemTax, orderTax } = await taxAgain(tx, order, discount))
  }
  const tipType = (change.tip?.tipType ?? order.tipType) as TipType
  const tipValue = tipType === 'NONE' ? 0 : (change.tip?.value ?? order.tipValue)
  const tip = tipAmount(tipType, tipValue, subtotal)
  if (change.tip && tip > 0 && location?.platformConfiguration.tipsEnabled === false) {
    throw new ApiError(400, 'tips_not_accepted', `${location.branchName} does not accept tips.`)
  }
  const due = subtotal + itemTax + orderTax + surcharge + order.deliveryFeeMinor + tip - discount
  const wallet = Math.max(0, Math.min(order.walletRedeemedMinor, due))
  if (order.walletRedeemedMinor > wallet && order.customerId) {
    await recordWalletMovement(tx, {
      customerId: order.customerId,
      kind: 'RELEASE',
      amountMinor: order.walletRedeemedMinor - wallet,
      orderId: order.id,
      note: 'The order’s amount due fell below the wallet it used',
    })
  }
  const total = due - wallet
  const [updated] = await tx
    .update(orders)
    .set({
      subtotalMinor: subtotal,
      itemTaxMinor: itemTax,
      orderTaxMinor: orderTax,
      surchargeMinor: surcharge,
      tipType,
      tipValue,
      tipMinor: tip,
      discountMinor: discount,
      walletRedeemedMinor: wallet,
      totalMinor: total,
      ...(change.status ? { status: change.status } : {}),
      updatedAt: now,
    })
    .where(eq(orders.id, order.id))
    .returning()
  if (updated!.totalMinor !== order.totalMinor || change.addedLines) await followShares(tx, updated!, now)
  return updated!
}

/**
 * Item tax and order tax of an order on its lines less `discount`, spread over the lines the
 * order's offer is for (an item offer: its dish's lines), at the rates the lines and the order were
 * placed with; each line's own item tax is written too, so a receipt's lines add up to the order's.
 */
async function taxAgain(tx: Transaction, order: OrderRow, discount: number): Promise<{ itemTax: number; orderTax: number }> {
  const lines = await tx
    .select({ id: orderItems.id, itemId: orderItems.itemId, lineSubtotal: orderItems.lineSubtotalMinor, taxBp: orderItems.itemTaxBp, itemTax: orderItems.itemTaxMinor })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.sortOrder), asc(orderItems.id))
  const [offer] = await tx
    .select({ kind: offers.kind, itemId: offers.itemId })
    .from(offerRedemptions)
    .innerJoin(offers, eq(offerRedemptions.offerId, offers.id))
    .where(and(eq(offerRedemptions.orderId, order.id), eq(offerRedemptions.kind, 'REDEEM')))
    .limit(1)
  const taxed = taxesAfterDiscount(lines, order.orderTaxBp, discount, discountScope(offer ?? null, lines))
  for (const [index, line] of lines.entries()) {
    if (line.itemTax !== taxed.lineTaxes[index]) await tx.update(orderItems).set({ itemTaxMinor: taxed.lineTaxes[index]! }).where(eq(orderItems.id, line.id))
  }
  return { itemTax: taxed.itemTax, orderTax: taxed.orderTax }
}

/**
 * Live shares of a split bill follow a new total (none of them has a live payment: repriceOrder
 * refused otherwise). They are superseded, never deleted; EVEN shares are re-made with as many
 * parts, ITEMS shares with the same groups while they still cover every line. Otherwise (a round
 * brought new lines) the diners split the new bill again.
 */
async function followShares(tx: Transaction, order: OrderRow, now: Date): Promise<void> {
  const live = await tx
    .select()
    .from(orderSplits)
    .where(and(eq(orderSplits.orderId, order.id), isNull(orderSplits.supersededAt)))
    .orderBy(asc(orderSplits.createdAt), asc(orderSplits.label))
  if (live.length === 0) return
  await tx
    .update(orderSplits)
    .set({ supersededAt: now })
    .where(and(eq(orderSplits.orderId, order.id), isNull(orderSplits.supersededAt)))
  const remade = await remadeShares(tx, order, live)
  if (!remade) return
  // Created a millisecond apart so they list in share order.
  await tx.insert(orderSplits).values(remade.map((share, index) => ({ ...share, orderId: order.id, createdAt: new Date(now.getTime() + index + 1) })))
}

type NewShare = { label: string; kind: 'EVEN' | 'ITEMS'; amountMinor: number; orderItemIds: string[] }

async function remadeShares(tx: Transaction, order: OrderRow, live: (typeof orderSplits.$inferSelect)[]): Promise<NewShare[] | null> {
  if (live.every((share) => share.kind === 'EVEN')) {
    const amounts = evenShares(order.totalMinor, live.length)
    if (amounts.some((amount) => amount <= 0)) return null
    return amounts.map((amountMinor, index) => ({ label: `Share ${index + 1} of ${live.length}`, kind: 'EVEN', amountMinor, orderItemIds: [] }))
  }
  const lines = await tx.select({ id: orderItems.id, subtotal: orderItems.lineSubtotalMinor }).from(orderItems).where(eq(orderItems.orderId, order.id))
  const covered = new Set(live.flatMap((share) => share.orderItemIds))
  if (live.some((share) => share.kind !== 'ITEMS') || lines.some((line) => !covered.has(line.id))) return null
  const subtotalOf = new Map(lines.map((line) => [line.id, line.subtotal]))
  const amounts = itemShares(
    live.map((share) => share.orderItemIds.reduce((sum, id) => sum + (subtotalOf.get(id) ?? 0), 0)),
    order.subtotalMinor,
    order.totalMinor,
  )
  if (amounts.some((amount) => amount <= 0)) return null
  return live.map((share, index) => ({ label: share.label, kind: 'ITEMS', amountMinor: amounts[index]!, orderItemIds: share.orderItemIds }))
}
