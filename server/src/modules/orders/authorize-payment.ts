import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { authorizeRequest, PaymentResult } from '@/shared/api/contracts/ordering'
import { formatMoney } from '@/shared/lib/money'
import type { Transaction } from '../../db/executor'
import { paymentEvents, payments, savedCards } from '../../db/schema'
import type { Caller } from '../../domain/caller'
import { ApiError, notFound } from '../../lib/errors'
import type { CardProviderFactory, PaymentProvider } from '../../providers/payment/payment-provider'
import type { PaymentState } from './payment-state'
import { conflict, lockedOrder, providerFor, resultOf, settle, stateOf } from './payment-target'

type AuthorizeInput = z.output<typeof authorizeRequest>

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

/**
 * POST /payment/v2/authorize: "18" holds the order's total on the card; "20" declined and "21"
 * gateway error leave it unpaid. Another card than the one holding an uncaptured authorization
 * is authorized, then the old hold is voided, in the same transaction.
 */
export async function authorizePayment(
  tx: Transaction,
  cardProviderFor: CardProviderFactory,
  caller: Caller,
  request: AuthorizeInput,
): Promise<PaymentResult> {
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
  const provider = providerFor(tx, cardProviderFor)
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
}
