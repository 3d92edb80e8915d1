import type { PaymentResult } from '@/shared/api/contracts/ordering'
import type { Transaction } from '../../db/executor'
import { paymentEvents, payments } from '../../db/schema'
import type { Caller } from '../../domain/caller'
import { conflict, lockedOrder, resultOf, settle, stateOf } from './payment-target'

/**
 * The order is paid at the restaurant ("25"): at the counter (PAY_AT_LOCATION), or on its card
 * terminal when the order is transferred to it (POS, POST /payment/transfer-order). Moving
 * between the two voids the old promise and records a new one.
 */
export async function payAtLocation(
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
}
