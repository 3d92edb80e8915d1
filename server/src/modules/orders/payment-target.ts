import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { PaymentKind, PaymentResult } from '@/shared/api/contracts/ordering'
import type { Transaction } from '../../db/executor'
import { orders, orderSplits } from '../../db/schema'
import type { Caller } from '../../domain/caller'
import { loadOwnedOrder } from '../../domain/owned-order'
import { isTableOrder } from '../../domain/table-order'
import { ApiError, notFound } from '../../lib/errors'
import type { CardProviderFactory, PaymentProvider } from '../../providers/payment/payment-provider'
import { livePaymentOf, paymentStatesOf, type PaymentState } from './payment-state'
import { CANCELLED_STATUSES, moveOrder } from './status'

// Card and pay-at-restaurant payments of an order (docs/payments.md "Payments"). Every call
// locks the order row first, so two payment calls of one order (retries with or without a key)
// take turns, and the payment records decide: a captured payment is answered again, never
// charged again. Amounts are the order's, never the client's. Payment rows are written once;
// what happens to them afterwards (capture, failed capture, void) is a payment_events row.
// The use cases: authorize-payment.ts, collect-payment.ts, pay-at-location.ts.

export type OrderRow = Awaited<ReturnType<typeof loadOwnedOrder>>
type SplitRow = typeof orderSplits.$inferSelect

/**
 * What a payment call pays: the whole order, or one live share of its split bill. A table order
 * is an open tab: paying it changes its payment status only, never the kitchen's status.
 */
export type Target = { order: OrderRow; shares: SplitRow[]; live: PaymentState | undefined; split: SplitRow | null; amount: number; tab: boolean }

/** The currencies an order can be in (docs/payments.md "An order's amounts"). */
const CURRENCIES: readonly string[] = ['USD', 'INR']

export const METHOD_UNAVAILABLE_MESSAGE = 'This payment method is not available here.'

export const conflict = (code: string, message: string) => new ApiError(409, code, message)

export const resultOf = (order: OrderRow, payment: PaymentState, orderStatus = order.status): PaymentResult => ({
  orderId: order.id,
  paymentId: payment.id,
  kind: payment.kind as PaymentKind,
  paymentStatus: payment.effectiveStatus,
  amount: payment.amountMinor,
  currency: payment.currency,
  message: payment.lastFailure ?? payment.failureMessage,
  orderStatus,
})

/** Without a card provider configured (the sandbox is off and no real adapter is set), cards are not taken. */
export function providerFor(tx: Transaction, cardProviderFor: CardProviderFactory): PaymentProvider {
  if (!cardProviderFor) throw new ApiError(422, 'payment_method_unavailable', METHOD_UNAVAILABLE_MESSAGE)
  return cardProviderFor(tx)
}

export async function lockedOrder(tx: Transaction, caller: Caller, orderId: string, splitId?: string): Promise<Target> {
  const order = await loadOwnedOrder(tx, caller, orderId, { lock: true })
  if (CANCELLED_STATUSES.includes(order.status)) throw conflict('order_cancelled', 'This order was cancelled.')
  if (!CURRENCIES.includes(order.currency)) throw new ApiError(422, 'currency_not_supported', `Payments in ${order.currency} are not supported.`)
  const shares = await tx
    .select()
    .from(orderSplits)
    .where(and(eq(orderSplits.orderId, order.id), isNull(orderSplits.supersededAt)))
  const split = splitId ? (shares.find((row) => row.id === splitId) ?? null) : null
  if (splitId && !split) {
    const [old] = await tx
      .select({ id: orderSplits.id })
      .from(orderSplits)
      .where(and(eq(orderSplits.id, splitId), eq(orderSplits.orderId, order.id), isNotNull(orderSplits.supersededAt)))
    if (old) throw conflict('share_superseded', 'The bill changed after it was split. Please choose your share again.')
    throw notFound('This share of the bill')
  }
  if (!splitId && shares.length > 0) throw conflict('bill_is_split', 'This bill is split into shares: please pay a share.')
  const live = livePaymentOf(await paymentStatesOf(tx, [order.id]), split?.id ?? null)
  return { order, shares, live, split, amount: split ? split.amountMinor : order.totalMinor, tab: await isTableOrder(tx, order) }
}

/** A payment row as it stands now, with its events. */
export async function stateOf(tx: Transaction, order: OrderRow, paymentId: string): Promise<PaymentState> {
  return (await paymentStatesOf(tx, [order.id])).find((state) => state.id === paymentId)!
}

/**
 * Records on the order what its payments now add up to. A whole order outside a table moves to
 * its payment's status (the kitchen starts from "19" or "25"); a table order keeps its kitchen
 * status and, once paid and served (59), is complete (17). A split bill is paid ("19") only when
 * every live share has a captured payment and the captures add up to the order's total exactly;
 * when every live share is captured or to be paid at the restaurant, and some are, it is "25".
 */
export async function settle(tx: Transaction, target: Target, payment: PaymentState): Promise<string> {
  const { order, tab } = target
  let status: string = payment.effectiveStatus
  if (target.shares.length > 0) {
    const states = await paymentStatesOf(tx, [order.id])
    const perShare = target.shares.map((share) => livePaymentOf(states, share.id))
    const collected = perShare.reduce((sum, state) => sum + (state ? state.captured - state.refunded : 0), 0)
    const settled = (state: PaymentState | undefined) => state?.effectiveStatus === '19' || (state?.status === '25' && state.live)
    if (perShare.every((state) => state?.effectiveStatus === '19') && collected === order.totalMinor) status = '19'
    else if (perShare.every(settled)) status = '25'
    else return order.status
    if (order.paymentStatus === status) return order.status
  }
  if (!tab) {
    await moveOrder(tx, order.id, status, { changes: { paymentStatus: status } })
    return status
  }
  if (status === '19' && order.status === '59') {
    await moveOrder(tx, order.id, '17', { changes: { paymentStatus: '19' } })
    return '17'
  }
  await tx.update(orders).set({ paymentStatus: status, updatedAt: new Date() }).where(eq(orders.id, order.id))
  return order.status
}
