import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import { UNPAID_ORDER_STATUSES, type CancelReason } from '@/shared/api/contracts/ordering'
import type { Database } from '../../db/client'
import { customers, orders, paymentEvents, payments, walletMovements } from '../../db/schema'
import type { CardProviderFactory, PaymentProvider } from '../../providers/payment/payment-provider'
import { voidOfferUsesOf } from '../offers/offer-uses'
import { recordWalletMovement } from '../wallet/ledger'
import { giveBackStock } from './order-lines'
import { paymentStatesOf } from './payment-state'
import { moveOrder } from './status'
import type { Transaction } from '../../db/executor'

type OrderRow = typeof orders.$inferSelect

/** Statuses of an order that is not paid yet: placed, authorized (not captured), declined, gateway error. */
export const UNPAID_STATUSES = UNPAID_ORDER_STATUSES
/** Orders the expiry cancels per run; the rest wait for the next run. */
export const EXPIRY_BATCH_SIZE = 100

export type Release = { released: true } | { released: false; message: string }

/**
 * Cancels an unpaid order and gives back everything it held (docs/payments.md "Unpaid orders
 * expire"): its live authorizations are voided at the provider and recorded as VOID events, its
 * counted dishes go back to stock, its coupon uses are VOIDed, its wallet is RELEASEd (the net of
 * its ledger rows), and its status moves to 8 (customer) or 9 (payment_timeout) with a history row
 * and a NOTIFY for live tracking. Its event slot is free from then on, as slots ignore 8 and 9.
 *
 * The caller locks the order's row and has checked that nothing is captured and nothing is to be
 * paid at the restaurant. A provider that cannot void a hold leaves the order as it was.
 */
export async function releaseOrder(
  tx: Transaction,
  order: OrderRow,
  { status, reason, now, provider }: { status: '8' | '9'; reason: CancelReason; now: Date; provider: PaymentProvider | null },
): Promise<Release> {
  const voided = await voidHoldsAtProvider(tx, order, provider)
  if ('message' in voided) return { released: false, message: voided.message }
  // The diner's row before the stock, the order placement takes them in: otherwise this release and
  // the diner's next placement (wallet, same counted dish) each wait for the other's lock.
  await lockDiners(tx, [order.customerId])
  await giveBackStock(tx, [order.id])
  await recordRelease(tx, order, voided.holds, { status, reason, now })
  return { released: true }
}

type Hold = Awaited<ReturnType<typeof paymentStatesOf>>[number]

/**
 * Voids an order's live, uncaptured holds at the provider, before anything of the restaurant's is
 * locked (a provider's answer can take seconds): a hold it cannot release stays, and so does the
 * order, to be tried again.
 */
async function voidHoldsAtProvider(tx: Transaction, order: OrderRow, provider: PaymentProvider | null): Promise<{ holds: Hold[] } | { message: string }> {
  const holds = (await paymentStatesOf(tx, [order.id])).filter((state) => state.live && state.captured === 0)
  for (const hold of holds) {
    if (hold.status !== '18' || !provider || !hold.providerReference) continue
    const outcome = await provider.void({ reference: hold.providerReference, amountMinor: hold.amountMinor, currency: hold.currency })
    if (outcome.status !== 'VOIDED') return { message: outcome.message }
  }
  return { holds }
}

/** Writes what a release gives back once its holds are voided and its stock returned: VOID events, coupon uses, the wallet, the status. */
async function recordRelease(tx: Transaction, order: OrderRow, holds: Hold[], { status, reason, now }: { status: '8' | '9'; reason: CancelReason; now: Date }) {
  if (holds.length > 0) {
    await tx.insert(paymentEvents).values(holds.map((hold) => ({ paymentId: hold.id, type: 'VOID' as const, amountMinor: hold.amountMinor, reason, createdAt: now })))
  }
  await voidOfferUsesOf(tx, order.id)
  if (order.customerId) {
    const [ledger] = await tx
      .select({ net: sql<number>`coalesce(sum(${walletMovements.amountMinor}), 0)::int` })
      .from(walletMovements)
      .where(eq(walletMovements.orderId, order.id))
    const used = -Number(ledger?.net ?? 0)
    if (used > 0) {
      await recordWalletMovement(tx, { customerId: order.customerId, kind: 'RELEASE', amountMinor: used, orderId: order.id, note: `Order cancelled (${reason})` })
    }
  }
  await moveOrder(tx, order.id, status, { at: now, changes: { cancelReason: reason } })
}

/** Locks customers' rows in id order (their wallets change when orders are released); NO KEY UPDATE, so the diners' new orders, which only point at them, never wait. */
async function lockDiners(tx: Transaction, customerIds: (string | null)[]) {
  const ids = [...new Set(customerIds.filter((id): id is string => id !== null))].sort()
  if (ids.length > 0) await tx.select({ id: customers.id }).from(customers).where(inArray(customers.id, ids)).orderBy(asc(customers.id)).for('no key update')
}

/** SQL true when an order has something captured or a live promise to pay at the restaurant: it is no longer unpaid. */
export const hasSettledPaymentSql = sql`exists (
  select 1 from ${payments} p where p.order_id = ${orders.id} and (
    exists (select 1 from ${paymentEvents} e where e.payment_id = p.id and e.type = 'CAPTURE')
    or (p.status = '25' and not exists (select 1 from ${paymentEvents} e where e.payment_id = p.id and e.type = 'VOID'))
  )
)`

export type ExpiryResult = { expired: string[]; skipped: { orderId: string; message: string }[] }

/**
 * One run of the unpaid-order expiry, in one transaction: every order whose pay_by has passed at
 * `now` while unpaid (6, 18, 20 or 21, nothing captured, not to be paid at the restaurant) is
 * cancelled as 9 'payment_timeout' and releases what it held. Rows are taken FOR UPDATE SKIP
 * LOCKED, so two instances never expire the same order, and an order being paid right now is left
 * for the next run. Running it again changes nothing.
 */
export async function expireUnpaidOrders(
  db: Database,
  now: Date,
  { providerFor, batchSize = EXPIRY_BATCH_SIZE }: { providerFor: CardProviderFactory; batchSize?: number },
): Promise<ExpiryResult> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(and(isNotNull(orders.payBy), lte(orders.payBy, now), inArray(orders.status, UNPAID_STATUSES), sql`not ${hasSettledPaymentSql}`))
      .orderBy(asc(orders.payBy), asc(orders.id))
      .limit(batchSize)
      .for('update', { of: orders, skipLocked: true })
    const provider = providerFor ? providerFor(tx) : null
    const result: ExpiryResult = { expired: [], skipped: [] }
    // At the provider first, with only the orders' rows locked: no diner or dish waits on its answers.
    const released: { order: OrderRow; holds: Hold[] }[] = []
    for (const order of due) {
      const voided = await voidHoldsAtProvider(tx, order, provider)
      if ('message' in voided) result.skipped.push({ orderId: order.id, message: voided.message })
      else released.push({ order, holds: voided.holds })
    }
    // Then every diner of the batch, and the whole batch's stock in one statement: dishes in id
    // order, and the locations whose menu version moves in id order by the trigger's one firing.
    await lockDiners(tx, released.map(({ order }) => order.customerId))
    await giveBackStock(tx, released.map(({ order }) => order.id))
    for (const { order, holds } of released) {
      await recordRelease(tx, order, holds, { status: '9', reason: 'payment_timeout', now })
      result.expired.push(order.id)
    }
    return result
  })
}
