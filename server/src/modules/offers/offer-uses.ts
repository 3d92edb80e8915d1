import { and, count, eq, or, sql } from 'drizzle-orm'
import { customers, offerRedemptions, offers } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import type { Executor, Transaction } from '../../db/executor'

type OfferRow = typeof offers.$inferSelect

/**
 * Who uses an offer: a signed-in customer (and their mobile number), or a guest by the number they
 * verified. Uses are counted for the customer OR the number, so signing out does not reset a limit
 * (docs/payments.md "Coupons").
 */
export type Redeemer = { customerId: string | null; phone: string | null }

/** The redeemer of an order: its customer and their mobile, or its guest's verified number. */
export async function redeemerOf(db: Executor, order: { customerId: string | null; guestPhone: string | null }): Promise<Redeemer> {
  if (!order.customerId) return { customerId: null, phone: order.guestPhone }
  const [customer] = await db.select({ phone: customers.mobilePhone }).from(customers).where(eq(customers.id, order.customerId))
  return { customerId: order.customerId, phone: customer?.phone ?? null }
}

/** A REDEEM row no VOID row has given back. */
const notVoided = sql`not exists (select 1 from ${offerRedemptions} v where v.voids_id = ${offerRedemptions.id})`

/** Uses of `offerId` by the redeemer that still count: REDEEM rows by the customer or the number, minus those a VOID row gave back. */
export async function usesOf(db: Executor, offerId: string, who: Redeemer): Promise<number> {
  const byWhom = [who.customerId ? eq(offerRedemptions.customerId, who.customerId) : undefined, who.phone ? eq(offerRedemptions.redeemerPhone, who.phone) : undefined].filter(
    (condition) => condition !== undefined,
  )
  if (byWhom.length === 0) return 0
  const [row] = await db
    .select({ uses: count() })
    .from(offerRedemptions)
    .where(and(eq(offerRedemptions.offerId, offerId), eq(offerRedemptions.kind, 'REDEEM'), or(...byWhom), notVoided))
  return row?.uses ?? 0
}

const limitReached = (offer: OfferRow, who: Redeemer) =>
  new ApiError(
    409,
    'coupon_limit_reached',
    `${who.customerId ? 'You have' : 'This mobile number has'} already used ${offer.code} ${offer.perCustomerLimit === 1 ? 'once' : `${offer.perCustomerLimit} times`}, its limit.`,
  )

/** Refuses an offer its redeemer has used up (a quote's check; claimOfferUse is the one that holds under concurrency). */
export async function checkOfferLimit(db: Executor, offer: OfferRow, who: Redeemer): Promise<void> {
  if ((await usesOf(db, offer.id, who)) >= offer.perCustomerLimit) throw limitReached(offer, who)
}

/**
 * Takes one use of `offer` for an order, the one way every placement, redeem and apply records a
 * use. It first takes a transaction lock on (offer, number), so two orders of one diner count in
 * turn on PostgreSQL (READ COMMITTED: the second counts after the first commits); then counts the
 * uses and refuses past the offer's limit. A second use on the same order changes nothing.
 */
export async function claimOfferUse(
  tx: Transaction,
  { offer, orderId, redeemer, amountMinor }: { offer: OfferRow; orderId: string; redeemer: Redeemer; amountMinor: number },
): Promise<void> {
  const lockKey = `offer:${offer.id}:${redeemer.phone ?? redeemer.customerId ?? orderId}`
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`)
  const [already] = await tx
    .select({ id: offerRedemptions.id })
    .from(offerRedemptions)
    .where(and(eq(offerRedemptions.offerId, offer.id), eq(offerRedemptions.orderId, orderId), eq(offerRedemptions.kind, 'REDEEM')))
  if (already) return
  if ((await usesOf(tx, offer.id, redeemer)) >= offer.perCustomerLimit) throw limitReached(offer, redeemer)
  await tx.insert(offerRedemptions).values({
    offerId: offer.id,
    customerId: redeemer.customerId,
    redeemerPhone: redeemer.phone,
    orderId,
    kind: 'REDEEM',
    amountMinor,
  })
}

/** Gives back every use an order took (a cancelled or expired order): a VOID row per REDEEM row not yet voided. */
export async function voidOfferUsesOf(tx: Transaction, orderId: string): Promise<number> {
  const open = await tx
    .select()
    .from(offerRedemptions)
    .where(
      and(
        eq(offerRedemptions.orderId, orderId),
        eq(offerRedemptions.kind, 'REDEEM'),
        notVoided,
      ),
    )
  if (open.length === 0) return 0
  await tx.insert(offerRedemptions).values(
    open.map((use) => ({
      offerId: use.offerId,
      customerId: use.customerId,
      redeemerPhone: use.redeemerPhone,
      orderId,
      kind: 'VOID' as const,
      voidsId: use.id,
      amountMinor: use.amountMinor,
    })),
  )
  return open.length
}
