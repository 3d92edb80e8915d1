import { asc, inArray } from 'drizzle-orm'
import type { OrderPayment, PaymentKind, PaymentStatus } from '@/shared/api/contracts/ordering'
import { paymentEvents, payments } from '../../db/schema'
import type { Executor } from '../../db/executor'

type PaymentRow = typeof payments.$inferSelect

/**
 * A payment attempt with what happened to it since (docs/payments.md "Payments"): the attempt's
 * row never changes, its capture, failed captures, void and refunds are payment_events rows.
 */
export type PaymentState = PaymentRow & {
  /** "19" once captured, else the attempt's answer ("18", "20", "21", "25"). */
  effectiveStatus: PaymentStatus
  captured: number
  refunded: number
  capturedAt: Date | null
  voidedAt: Date | null
  /**
   * Authorized and not voided, captured, or to be paid at the restaurant and not voided: what
   * freezes an order's amounts and what one order (or one share) may have only one of.
   */
  live: boolean
  /** The gateway's last word when a capture failed and nothing was captured since. */
  lastFailure: string | null
  /** When anything last happened to it. */
  changedAt: Date
}

/** Every payment of these orders with its effective state, oldest first: the one reading of payments for every caller. */
export async function paymentStatesOf(db: Executor, orderIds: string[]): Promise<PaymentState[]> {
  if (orderIds.length === 0) return []
  const rows = await db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(asc(payments.createdAt), asc(payments.id))
  if (rows.length === 0) return []
  const events = await db
    .select()
    .from(paymentEvents)
    .where(
      inArray(
        paymentEvents.paymentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id))
  return rows.map((row) => stateOf(row, events.filter((event) => event.paymentId === row.id)))
}

function stateOf(row: PaymentRow, events: (typeof paymentEvents.$inferSelect)[]): PaymentState {
  const capture = events.find((event) => event.type === 'CAPTURE')
  const voided = events.find((event) => event.type === 'VOID')
  const refunded = events.filter((event) => event.type === 'REFUND').reduce((sum, event) => sum + event.amountMinor, 0)
  const failures = events.filter((event) => event.type === 'CAPTURE_FAILED')
  const lastFailure = !capture && failures.length > 0 ? (failures.at(-1)!.reason ?? null) : null
  const changedAt = events.length > 0 ? events.at(-1)!.createdAt : row.createdAt
  return {
    ...row,
    effectiveStatus: capture ? '19' : (row.status as PaymentStatus),
    captured: capture?.amountMinor ?? 0,
    refunded,
    capturedAt: capture?.createdAt ?? null,
    voidedAt: voided?.createdAt ?? null,
    live: Boolean(capture) || ((row.status === '18' || row.status === '25') && !voided),
    lastFailure,
    changedAt,
  }
}

/** The live payment of one target (the whole order when `splitId` is null, else that share), if any. */
export function livePaymentOf(states: PaymentState[], splitId: string | null): PaymentState | undefined {
  return states.filter((state) => state.live && state.splitId === splitId).at(-1)
}

/** A payment as the order's owner sees it. */
export function toOrderPayment(state: PaymentState): OrderPayment {
  return {
    id: state.id,
    kind: state.kind as PaymentKind,
    provider: state.provider,
    amount: state.amountMinor,
    currency: state.currency,
    status: state.effectiveStatus,
    cardBrand: state.cardBrand,
    last4: state.cardLast4,
    message: state.lastFailure ?? state.failureMessage,
    voidedAt: state.voidedAt?.toISOString() ?? null,
    createdAt: state.createdAt.toISOString(),
    updatedAt: state.changedAt.toISOString(),
  }
}
