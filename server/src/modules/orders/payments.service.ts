import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import type { authorizeRequest, PaymentKind, PaymentResult, PaymentStatus } from '../../../../src/shared/api/contracts/ordering'
import { formatMoney } from '../../../../src/shared/lib/money'
import { orders, orderSplits, payments, savedCards } from '../../db/schema'
import { ApiError, notFound } from '../../lib/errors'
import type { Transaction } from '../../lib/idempotency'
import type { PaymentProvider } from '../../providers/payment/payment-provider'
import { isTableOrder } from '../dine-in/dine-in.service'
import { CANCELLED_STATUSES, loadOwnedOrder, recordStatus, type Caller } from './placement.service'

type AuthorizeInput = z.output<typeof authorizeRequest>
type PaymentRow = typeof payments.$inferSelect
type OrderRow = Awaited<ReturnType<typeof loadOwnedOrder>>
type SplitRow = typeof orderSplits.$inferSelect

/**
 * What a payment call pays: the whole order, or one share of its split bill. A table order is an
 * open tab: paying it changes its payment status only, never the kitchen's status.
 */
type Target = { order: OrderRow; live: PaymentRow | undefined; split: SplitRow | null; amount: number; tab: boolean }

/** SPEC §3 currencies. */
const CURRENCIES: readonly string[] = ['USD', 'INR']
/** Authorized, collected, or to be paid at the restaurant: at most one per order (payments_order_live_uq). */
const LIVE_STATUSES = ['18', '19', '25']

export const METHOD_UNAVAILABLE_MESSAGE = 'This payment method is not available here.'

const conflict = (code: string, message: string) => new ApiError(409, code, message)

const resultOf = (order: OrderRow, payment: PaymentRow, orderStatus = order.status): PaymentResult => ({
  orderId: order.id,
  paymentId: payment.id,
  kind: payment.kind as PaymentKind,
  paymentStatus: payment.status as PaymentStatus,
  amount: payment.amountMinor,
  currency: payment.currency,
  message: payment.failureMessage,
  orderStatus,
})

/**
 * Card and pay-at-restaurant payments of an order (SPEC §4 Payment). Every call locks the order
 * row first, so two payment calls of one order (retries with or without a key) take turns, and
 * the payment row decides: a collected payment is answered again, never charged again. Amounts
 * are the order's, never the client's.
 */
export function createPaymentService(cardProviderFor: ((tx: Transaction) => PaymentProvider) | null) {
  /** Without a card provider configured (the sandbox is off and no real adapter is set), cards are not taken. */
  function providerFor(tx: Transaction): PaymentProvider {
    if (!cardProviderFor) throw new ApiError(422, 'payment_method_unavailable', METHOD_UNAVAILABLE_MESSAGE)
    return cardProviderFor(tx)
  }

  async function lockedOrder(tx: Transaction, caller: Caller, orderId: string, splitId?: string): Promise<Target> {
    const order = await loadOwnedOrder(tx, caller, orderId, { lock: true })
    if (CANCELLED_STATUSES.includes(order.status)) throw conflict('order_cancelled', 'This order was cancelled.')
    if (!CURRENCIES.includes(order.currency)) throw new ApiError(422, 'currency_not_supported', `Payments in ${order.currency} are not supported.`)
    const splits = await tx.select().from(orderSplits).where(eq(orderSplits.orderId, order.id))
    const split = splitId ? (splits.find((row) => row.id === splitId) ?? null) : null
    if (splitId && !split) throw notFound('This share of the bill')
    if (!splitId && splits.length > 0) throw conflict('bill_is_split', 'This bill is split into shares: please pay a share.')
    const [live] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          inArray(payments.status, LIVE_STATUSES),
          split ? eq(payments.splitId, split.id) : isNull(payments.splitId),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1)
    return { order, live, split, amount: split ? split.amountMinor : order.totalMinor, tab: await isTableOrder(tx, order) }
  }

  /**
   * Records a payment's status on the order. A whole order outside a table moves to it (the
   * kitchen starts from "19" or "25"); a table order keeps its kitchen status and, once paid and
   * served (59), is complete (17). A share marks the order paid ("19") when it was the last one.
   */
  async function settle(tx: Transaction, target: Target, payment: PaymentRow): Promise<string> {
    const { order, split, tab } = target
    const status = payment.status
    if (split) {
      if (status === '19') await tx.update(orderSplits).set({ paymentId: payment.id }).where(eq(orderSplits.id, split.id))
      const shares = await tx.select({ paymentId: orderSplits.paymentId }).from(orderSplits).where(eq(orderSplits.orderId, order.id))
      if (status !== '19' || shares.some((share) => share.paymentId === null)) return order.status
    } else if (!tab) {
      await recordStatus(tx, order.id, status, { paymentStatus: status })
      return status
    }
    if (status === '19' && order.status === '59') {
      await recordStatus(tx, order.id, '17', { paymentStatus: '19' })
      return '17'
    }
    await tx.update(orders).set({ paymentStatus: status, updatedAt: new Date() }).where(eq(orders.id, order.id))
    return order.status
  }

  async function cardTokenOf(tx: Transaction, caller: Caller, request: AuthorizeInput): Promise<string> {
    if (request.cardToken) return request.cardToken
    const [card] = caller.customerId
      ? await tx
          .select({ token: savedCards.providerToken })
          .from(savedCards)
          .where(and(eq(savedCards.id, request.savedCardId!), eq(savedCards.customerId, caller.customerId)))
      : []
    if (!card) throw notFound('The card')
    return card.token
  }

  return {
    /** POST /payment/v2/authorize: "18" holds the order's total on the card; "20" declined and "21" gateway error leave it unpaid. */
    async authorize(tx: Transaction, caller: Caller, request: AuthorizeInput): Promise<PaymentResult> {
      const target = await lockedOrder(tx, caller, request.orderId, request.splitId)
      const { order, live, amount } = target
      if (request.amount !== undefined && request.amount !== amount) {
        throw conflict('amount_changed', `The ${target.split ? 'share' : 'order total'} is now ${formatMoney(amount, order.currency)}. Please review it before paying.`)
      }
      const cardToken = await cardTokenOf(tx, caller, request)
      if (live?.status === '19') throw conflict('order_already_paid', 'This order is already paid.')
      if (live?.status === '25') throw conflict('paying_at_restaurant', 'This order is to be paid at the restaurant.')
      if (live?.status === '18') {
        if (live.cardToken === cardToken) return resultOf(order, live)
        throw conflict('payment_already_authorized', 'This order’s payment is already authorized on another card.')
      }
      const provider = providerFor(tx)
      const outcome = await provider.authorize({ orderId: order.id, cardToken, amountMinor: amount, currency: order.currency })
      const [payment] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          provider: provider.name,
          kind: 'CNP',
          amountMinor: amount,
          splitId: target.split?.id ?? null,
          currency: order.currency,
          status: outcome.status,
          providerReference: outcome.reference,
          cardToken,
          cardBrand: outcome.cardBrand,
          cardLast4: outcome.cardLast4,
          failureMessage: outcome.status === '18' ? null : outcome.message,
        })
        .returning()
      return resultOf(order, payment!, await settle(tx, target, payment!))
    },

    /** POST /payment/collect-payment: captures the authorization once; the order goes to "19" (In Queue). */
    async collect(tx: Transaction, caller: Caller, orderId: string, splitId?: string): Promise<PaymentResult> {
      const target = await lockedOrder(tx, caller, orderId, splitId)
      const { order, live, amount } = target
      if (!live) throw conflict('payment_not_authorized', 'Authorize the payment before collecting it.')
      if (live.status === '19') return resultOf(order, live)
      if (live.status === '25') throw conflict('paying_at_restaurant', 'This order is to be paid at the restaurant.')
      const outcome = await providerFor(tx).collect({ reference: live.providerReference ?? '', amountMinor: amount, currency: order.currency })
      if (outcome.status === '21') {
        const [failed] = await tx
          .update(payments)
          .set({ failureMessage: outcome.message, updatedAt: new Date() })
          .where(eq(payments.id, live.id))
          .returning()
        return { ...resultOf(order, failed!), paymentStatus: '21' }
      }
      const [collected] = await tx
        .update(payments)
        .set({ status: '19', amountMinor: amount, providerReference: outcome.reference, failureMessage: null, updatedAt: new Date() })
        .where(eq(payments.id, live.id))
        .returning()
      return resultOf(order, collected!, await settle(tx, target, collected!))
    },

    /** POST /payment/customer-initiate-offline-payment: pay at the restaurant, "25" (In Queue). */
    /**
     * The order is paid at the restaurant ("25"): at the counter (PAY_AT_LOCATION), or on its card
     * terminal when the order is transferred to it (POS, POST /payment/transfer-order).
     */
    async payAtLocation(
      tx: Transaction,
      caller: Caller,
      orderId: string,
      kind: 'PAY_AT_LOCATION' | 'POS' = 'PAY_AT_LOCATION',
      splitId?: string,
    ): Promise<PaymentResult> {
      const target = await lockedOrder(tx, caller, orderId, splitId)
      const { order, live, amount } = target
      if (live?.status === '25' && live.kind === kind) return resultOf(order, live)
      if (live?.status === '25') {
        const [moved] = await tx.update(payments).set({ kind, updatedAt: new Date() }).where(eq(payments.id, live.id)).returning()
        return resultOf(order, moved!)
      }
      if (live?.status === '19') throw conflict('order_already_paid', 'This order is already paid.')
      if (live?.status === '18') throw conflict('payment_already_authorized', 'This order’s card payment is already authorized.')
      const [payment] = await tx
        .insert(payments)
        .values({ orderId: order.id, provider: 'restaurant', kind, amountMinor: amount, currency: order.currency, status: '25', splitId: target.split?.id ?? null })
        .returning()
      return resultOf(order, payment!, await settle(tx, target, payment!))
    },
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>
