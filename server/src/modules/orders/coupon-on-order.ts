import { and, eq } from 'drizzle-orm'
import type { RedemptionResponse } from '@/shared/api/contracts/offers'
import { customers, offerRedemptions, offers, orderItems, orders } from '../../db/schema'
import type { Transaction } from '../../db/executor'
import { notFound, refuse } from '../../lib/errors'
import { claimOfferUse, redeemerOf } from '../offers/offer-uses'
import { activeLocation, findByCode, quoteOffer, type OfferRow } from '../offers/offers.service'
import { paymentStatesOf } from './payment-state'
import { repriceOrder } from './repricing'

type OrderRow = typeof orders.$inferSelect

/**
 * Takes `offer` on an unpaid order: the use is recorded through claimOfferUse (limits held under
 * concurrency) and the order repriced through repriceOrder (refused once a payment is live, the
 * wallet re-bounded, split shares following). A second call for the same offer and order changes
 * nothing (docs/payments.md "Coupons").
 */
async function redeemOnOrder(tx: Transaction, order: OrderRow, offer: OfferRow): Promise<void> {
  const [already] = await tx
    .select({ id: offerRedemptions.id })
    .from(offerRedemptions)
    .where(and(eq(offerRedemptions.orderId, order.id), eq(offerRedemptions.offerId, offer.id), eq(offerRedemptions.kind, 'REDEEM')))
  if (already) return
  const [other] = await tx
    .select({ id: offerRedemptions.id })
    .from(offerRedemptions)
    .where(and(eq(offerRedemptions.orderId, order.id), eq(offerRedemptions.kind, 'REDEEM')))
  if (other || order.discountMinor > 0) throw refuse(409, 'order_has_offer', 'This order already has an offer; only one offer applies per order.')
  if (order.status === '8' || order.status === '9') throw refuse(409, 'order_cancelled', 'This order was cancelled.')
  if ((await paymentStatesOf(tx, [order.id])).some((state) => state.live)) {
    throw refuse(409, 'payment_started', 'Payment of this order has started, so its offers can no longer change.')
  }
  const location = await activeLocation(tx, order.locationId)
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id))
  const redeemer = await redeemerOf(tx, order)
  const discount = await quoteOffer(tx, offer, {
    location,
    subtotal: order.subtotalMinor,
    redeemer,
    lines: lines.map((line) => ({ itemId: line.itemId ?? '', unitPrice: line.unitPriceMinor, quantity: line.quantity })),
  })
  // The diner's row before the coupon's lock, the order placement takes them in: the repricing may give wallet back.
  if (order.customerId) await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, order.customerId)).for('no key update')
  await claimOfferUse(tx, { offer, orderId: order.id, redeemer, amountMinor: discount })
  await repriceOrder(tx, order, { discount }, 'payment_started')
}

async function redemptionOf(tx: Transaction, orderId: string): Promise<RedemptionResponse> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId))
  const rows = await tx
    .select({ offerId: offerRedemptions.offerId })
    .from(offerRedemptions)
    .where(and(eq(offerRedemptions.orderId, orderId), eq(offerRedemptions.kind, 'REDEEM')))
  return { orderId, offerIds: rows.map((row) => row.offerId), discount: order!.discountMinor, total: order!.totalMinor }
}

/** POST /coupon/v2/redeemCoupon: records a coupon on the caller's unpaid order (locked by the caller); idempotent per order. */
export async function redeemCoupon(tx: Transaction, order: OrderRow, code: string): Promise<RedemptionResponse> {
  await redeemOnOrder(tx, order, await findByCode(tx, code))
  return redemptionOf(tx, order.id)
}

/** PATCH /coupon/v2/item/offer/apply: applies offers by id to the caller's unpaid order (locked by the caller). */
export async function applyOffers(tx: Transaction, order: OrderRow, offerIds: string[], orderAmount: number): Promise<RedemptionResponse> {
  if (orderAmount !== order.subtotalMinor) {
    throw refuse(409, 'order_amount_changed', 'The order amount has changed; please review your order and try again.')
  }
  for (const offerId of new Set(offerIds)) {
    const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId))
    if (!offer) throw notFound('The offer')
    await redeemOnOrder(tx, order, offer)
  }
  return redemptionOf(tx, order.id)
}
