import { eq } from 'drizzle-orm'
import type { PaymentResult } from '@/shared/api/contracts/ordering'
import { formatMoney } from '@/shared/lib/money'
import type { Transaction } from '../../db/executor'
import { orderSplits, paymentEvents } from '../../db/schema'
import type { Caller } from '../../domain/caller'
import type { CardProviderFactory } from '../../providers/payment/payment-provider'
import { conflict, lockedOrder, providerFor, resultOf, settle, stateOf } from './payment-target'

/**
 * POST /payment/collect-payment: captures the authorization once, for exactly what was
 * authorized; the order goes to "19" (In Queue). An order's amounts are frozen once a payment
 * is live, so the target's amount cannot differ; if it ever does, nothing is captured.
 */
export async function collectPayment(
  tx: Transaction,
  cardProviderFor: CardProviderFactory,
  caller: Caller,
  orderId: string,
  splitId?: string,
): Promise<PaymentResult> {
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
  const outcome = await providerFor(tx, cardProviderFor).collect({ reference: live.providerReference ?? '', amountMinor: live.amountMinor, currency: order.currency })
  if (outcome.status === '21') {
    await tx.insert(paymentEvents).values({ paymentId: live.id, type: 'CAPTURE_FAILED', amountMinor: 0, reason: outcome.message })
    return { ...resultOf(order, await stateOf(tx, order, live.id)), paymentStatus: '21' }
  }
  await tx.insert(paymentEvents).values({ paymentId: live.id, type: 'CAPTURE', amountMinor: live.amountMinor, providerReference: outcome.reference })
  if (target.split) await tx.update(orderSplits).set({ paymentId: live.id }).where(eq(orderSplits.id, target.split.id))
  const state = await stateOf(tx, order, live.id)
  return resultOf(order, state, await settle(tx, target, state))
}
