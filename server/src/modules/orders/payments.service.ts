import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import type { authorizeRequest, PaymentKind, PaymentResult } from '@/shared/api/contracts/ordering'
import { formatMoney } from '@/shared/lib/money'
import { orders, orderSplits, paymentEvents, payments, savedCards } from '../../db/schema'
import { ApiError, notFound } from '../../lib/errors'
import type { CardProviderFactory, PaymentProvider } from '../../providers/payment/payment-provider'
import { isTableOrder } from '../../domain/table-order'
import { livePaymentOf, paymentStatesOf, type PaymentState } from './payment-state'
import { CANCELLED_STATUSES, moveOrder } from './status'
import type { Caller } from '../../domain/caller'
import { loadOwnedOrder } from '../../domain/owned-order'
import type { Transaction } from '../../db/executor'

type AuthorizeInput = z.output<typeof authorizeRequest>
type OrderRow = Awaited<ReturnType<typeof loadOwnedOrder>>
type SplitRow = typeof orderSplits.$inferSelect

/**
 * What a payment call pays: the whole order, or one live share of its split bill. A table order
 * is an open tab: paying it changes its payment status only, never the kitchen's status.
 */
type Target = { order: OrderRow; shares: SplitRow[]; live: PaymentState | undefined; split: SplitRow | null; amount: number; tab: boolean }

/** The currencies an order can be in (docs/payments.md "An order's amounts"). */
const CURRENCIES: readonly string[] = ['USD', 'INR']

export const METHOD_UNAVAILABLE_MESSAGE = 'This payment method is not available here.'

const conflict = (code: string, message: string) => new ApiError(409, code, message)

const resultOf = (order: OrderRow, payment: PaymentState, orderStatus = order.status): PaymentResult => ({
  orderId: order.id,
  paymentId: payment.id,
  kind: payment.kind as PaymentKind,
  paymentStatus: payment.effectiveStatus,
  amount: payment.amountMinor,
  currency: payment.currency,
  message: payment.lastFailure ?? payment.failureMessage,
  orderStatus,
})

/**
 * Card and pay-at-restaurant payments of an order (docs/payments.md "Payments"). Every call
 * locks the order row first, so two payment calls of one order (retries with or without a key)
 * take turns, and the payment records decide: a captured payment is answered again, never
 * charged again. Amounts are the order's, never the client's. Payment rows are written once;
 * what happens to them afterwards (capture, failed capture, void) is a payment_events row.
 */
export function createPaymentService(cardProviderFor: CardProviderFactory) {
  /** Without a card provider configured (the sandbox is off and no real adapter is set), cards are not taken. */
  function providerFor(tx: Transaction): PaymentProvider {
    if (!cardProviderFor) throw new ApiError(422, 'payment_method_unavailable', METHOD_UNAVAILABLE_MESSAGE)
    return cardProviderFor(tx)
  }

  async function lockedOrder(tx: Transaction, caller: Caller, orderId: string, splitId?: string): Promise<Target> {
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
  async function stateOf(tx: Transaction, order: OrderRow, paymentId: string): Promise<PaymentState> {
    return (await paymentStatesOf(tx, [order.id])).find((state) => state.id === paymentId)!
  }

  /**
   * Records on the order what its payments now add up to. A whole order outside a table moves to
   * its payment's status (the kitchen starts from "19" or "25"); a table order keeps its kitchen
   * status and, once paid and served (59), is complete (17). A split bill is paid ("19") only when
   * every live share has a captured payment and the captures add up to the order's total exactly;
   * when every live share is captured or to be paid at the restaurant, and some are, it is "25".
   */
  async function settle(tx: Transaction, target: Target, payment: PaymentState): Promise<string> {
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

  /**
   * Voids the uncaptured hold that a new authorization replaces (docs/payments.md "Another card
   * replaces a hold") and records it: a VOID event, reason `replaced`, with the provider's
   * reference. Called once the new card is authorized; when the old hold cannot be voided, the new
   * one is voided at the provider and nothing is recorded, so the order stays as it was.
   */
  async function replaceHold(tx: Transaction, provider: PaymentProvider, hold: PaymentState, newHold: { reference: string; currency: string; amountMinor: number }) {
    const outcome = await provider.void({ reference: hold.providerReference ?? '', amountMinor: hold.amountMinor, currency: hold.currency })
    if (outcome.status !== 'VOIDED') {
      // Best effort: should this fail too, the unrecorded hold lapses at the provider on its own.
      await provider.void(newHold).catch(() => undefined)
      throw new ApiError(503, 'payment_gateway_unavailable', 'The hold on your other card could not be released just now, so nothing was charged. Please try again.')
    }
    await tx.insert(paymentEvents).values({ paymentId: hold.id, type: 'VOID', amountMinor: hold.amountMinor, reason: 'replaced', providerReference: outcome.reference })
  }

  return {
    /**
     * POST /payment/v2/authorize: "18" holds the order's total on the card; "20" declined and "21"
     * gateway error leave it unpaid. Another card than the one holding an uncaptured authorization
     * is authorized, then the old hold is voided, in the same transaction.
     */
    async authorize(tx: Transaction, caller: Caller, request: AuthorizeInput): Promise<PaymentResult> {
      const target = await lockedOrder(tx, caller, request.orderId, request.splitId)
      const { order, live, amount } = target
      if (request.amount !== undefined && request.amount !== amount) {
        throw conflict('amount_changed', `The ${target.split ? 'share' : 'order total'} is now ${formatMoney(amount, order.currency)}. Please review it before paying.`)
      }
      const cardToken = await cardTokenOf(tx, caller, request)
      if (live?.effectiveStatus === '19') throw conflict('order_already_paid', 'This order is already paid.')
      if (live?.status === '25') throw conflict('paying_at_restaurant', 'This order is to be paid at the restaurant.')
      // An uncaptured hold (a captured payment answered order_already_paid above): the same card gets it back, another card replaces it.
      const replacing = live?.status === '18' ? live : undefined
      if (replacing?.cardToken === cardToken) return resultOf(order, replacing)
      const provider = providerFor(tx)
      // The new card first: a declined or unknown card never costs the diner the hold they have.
      const outcome = await provider.authorize({ orderId: order.id, cardToken, amountMinor: amount, currency: order.currency })
      if (replacing && outcome.status === '18') await replaceHold(tx, provider, replacing, { reference: outcome.reference, amountMinor: amount, currency: order.currency })
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
      const state = await stateOf(tx, order, payment!.id)
      // A declined replacement leaves the hold it would have replaced live, and the order's status as it was.
      if (replacing && outcome.status !== '18') return resultOf(order, state)
      return resultOf(order, state, await settle(tx, target, state))
    },

    /**
     * POST /payment/collect-payment: captures the authorization once, for exactly what was
     * authorized; the order goes to "19" (In Queue). An order's amounts are frozen once a payment
     * is live, so the target's amount cannot differ; if it ever does, nothing is captured.
     */
    async collect(tx: Transaction, caller: Caller, orderId: string, splitId?: string): Promise<PaymentResult> {
      const target = await lockedOrder(tx, caller, orderId, splitId)
      const { order, live, amount } = target
      if (!live) throw conflict('payment_not_authorized', 'Authorize the payment before collecting it.')
      if (live.effectiveStatus === '19') return resultOf(order, live)
      if (live.status === '25') throw conflict('paying_at_restaurant', 'This order is to be paid at the restaurant.')
      if (live.amountMinor !== amount) {
        throw conflict(
          'amount_changed',
          `The ${target.split ? 'share' : 'order total'} is now ${formatMoney(amount, order.currency)}, not the ${formatMoney(live.amountMinor, order.currency)} authorized.`,
        )
      }
      const outcome = await providerFor(tx).collect({ reference: live.providerReference ?? '', amountMinor: live.amountMinor, currency: order.currency })
      if (outcome.status === '21') {
        await tx.insert(paymentEvents).values({ paymentId: live.id, type: 'CAPTURE_FAILED', amountMinor: 0, reason: outcome.message })
        return { ...resultOf(order, await stateOf(tx, order, live.id)), paymentStatus: '21' }
      }
      await tx.insert(paymentEvents).values({ paymentId: live.id, type: 'CAPTURE', amountMinor: live.amountMinor, providerReference: outcome.reference })
      if (target.split) await tx.update(orderSplits).set({ paymentId: live.id }).where(eq(orderSplits.id, target.split.id))
      const state = await stateOf(tx, order, live.id)
      return resultOf(order, state, await settle(tx, target, state))
    },

    /**
     * The order is paid at the restaurant ("25"): at the counter (PAY_AT_LOCATION), or on its card
     * terminal when the order is transferred to it (POS, POST /payment/transfer-order). Moving
     * between the two voids the old promise and records a new one.
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
      if (live?.effectiveStatus === '19') throw conflict('order_already_paid', 'This order is already paid.')
      if (live?.status === '18') throw conflict('payment_already_authorized', 'This order’s card payment is already authorized.')
      if (live?.status === '25' && live.kind === kind) return resultOf(order, live)
      if (live?.status === '25') {
        await tx.insert(paymentEvents).values({ paymentId: live.id, type: 'VOID', amountMinor: live.amountMinor, reason: `moved to ${kind}` })
      }
      const [payment] = await tx
        .insert(payments)
        .values({ orderId: order.id, provider: 'restaurant', kind, amountMinor: amount, currency: order.currency, status: '25', splitId: target.split?.id ?? null })
        .returning()
      const state = await stateOf(tx, order, payment!.id)
      if (live) return resultOf(order, state)
      return resultOf(order, state, await settle(tx, target, state))
    },
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>
