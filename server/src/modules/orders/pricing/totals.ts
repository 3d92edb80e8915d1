import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { DistanceResponse, distanceRequest, totalsRequest, TotalsResponse } from '@/shared/api/contracts/orders'
import { orderTypes } from '../../../db/schema'
import type { Executor } from '../../../db/executor'
import { percent, tipAmount } from '../../../domain/money'
import { ApiError, refuse } from '../../../lib/errors'
import { redeemerOf } from '../../offers/offer-uses'
import { findByCode, quoteOffer } from '../../offers/offers.service'
import { walletCredit } from '../../wallet/ledger'
import { priceLines } from './cart-lines'
import { deliveryCharge, distanceQuote } from './delivery-charge'
import { loadCart, loadLocation } from './load-cart'
import { surchargeOf, taxedSums } from './sums'

type TotalsInput = z.output<typeof totalsRequest>
type DistanceInput = z.output<typeof distanceRequest>

/**
 * Who a cart is priced for: the signed-in customer, if any, or a guest's verified number.
 * `readDiner`: read the customer's row with the cart (placement, when it has not read it already).
 */
export type PricingCaller = { customerId?: string; phone?: string; readDiner?: boolean }

/**
 * POST /order/customer/totals: the server's prices of a cart (docs/checkout.md, docs/payments.md).
 * Reads what it needs (loadCart, the coupon and its uses, the wallet) and computes with the pure
 * functions beside it; coupon limits count the caller's uses, and only a customer may use a wallet.
 * Placement and a dine-in round price through it too, inside their transaction.
 */
export async function priceCart(db: Executor, request: TotalsInput, caller: PricingCaller = {}): Promise<TotalsResponse> {
  return (await priceCartAt(db, request, caller)).totals
}

/** priceCart, with the location and order type it read: placement checks them without reading them again. */
export async function priceCartAt(db: Executor, request: TotalsInput, caller: PricingCaller = {}) {
  const dinerId = caller.readDiner ? (caller.customerId ?? null) : null
  const { location, merchantName, merchantType, orderType, hours, isDelivery, items, modifiersByItem, eventPrices, diner } = await loadCart(db, request, dinerId)
  const priced = priceLines(request.items, items, modifiersByItem, eventPrices, location)
  const subtotal = priced.reduce((sum, line) => sum + line.lineSubtotal, 0)
  const { surchargeLabel, tipsEnabled } = location.platformConfiguration
  const surcharge = surchargeOf(location, subtotal)
  const { deliveryFee, distance } = isDelivery ? deliveryCharge(location, merchantName, request.deliveryLocation, subtotal) : { deliveryFee: 0, distance: null }

  const { tipType, value } = request.tip
  const tip = tipAmount(tipType, value, subtotal)
  if (tip > 0 && tipsEnabled === false) throw refuse(400, 'tips_not_accepted', `${location.branchName} does not accept tips.`)

  // Whose uses count: the caller and their number (placement knows it; a quote looks it up).
  const redeemer = !request.couponCode
    ? undefined
    : caller.phone
      ? { customerId: caller.customerId ?? null, phone: caller.phone }
      : caller.customerId
        ? await redeemerOf(db, { customerId: caller.customerId, guestPhone: null })
        : undefined
  const offer = request.couponCode ? await findByCode(db, request.couponCode) : null
  const discount = offer
    ? await quoteOffer(db, offer, {
        location,
        subtotal,
        redeemer,
        lines: priced.map((line) => ({ itemId: line.itemId, unitPrice: line.unitPrice, quantity: line.quantity })),
      })
    : 0
  const sums = taxedSums(priced, { orderTaxBp: location.defaultTaxBp, surcharge, deliveryFee, tip, discount, offer })
  let walletRedeemed = 0
  if (request.walletAmount) {
    if (!caller.customerId) throw new ApiError(401, 'unauthenticated', 'Please sign in to use your wallet.')
    walletRedeemed = await walletCredit(db, caller.customerId, request.walletAmount, sums.amountDue)
  }
  const totals: TotalsResponse = {
    locationId: location.id,
    orderTypeCode: orderType.code,
    currency: location.currency,
    lines: sums.lines,
    subtotal,
    itemTax: sums.itemTax,
    orderTaxRate: percent(location.defaultTaxBp),
    orderTax: sums.orderTax,
    tax: sums.tax,
    surcharge,
    surchargeLabel: location.isSurchargeEnabled && surcharge > 0 ? (surchargeLabel ?? 'Surcharge') : null,
    deliveryFee,
    distanceKm: distance,
    tipType,
    tip,
    discount,
    walletRedeemed,
    total: sums.amountDue - walletRedeemed,
  }
  return { totals, location, merchantName, merchantType, orderType, hours, modifiersByItem, diner }
}

/** POST /order/getDistance/v2: how far a point is from the restaurant, and its delivery fee and time. */
export async function quoteDistance(db: Executor, request: DistanceInput): Promise<DistanceResponse> {
  const { location } = await loadLocation(db, request.locationId)
  const types = await db.select().from(orderTypes).where(eq(orderTypes.locationId, location.id))
  return distanceQuote(location, types, request)
}
