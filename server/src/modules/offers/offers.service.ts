import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  ItemOfferAvailResponse,
  itemOfferAvailRequest,
  Offer,
  OfferQuote,
  validateCouponQuery,
} from '@/shared/api/contracts/offers'
import { formatMoney } from '@/shared/lib/money'
import { locations, menuItems, offers, orderTypes } from '../../db/schema'
import { ApiError, notFound, refuse } from '../../lib/errors'
import { applyBasisPoints } from '../../domain/money'
import { checkOfferLimit, redeemerOf, type Redeemer } from './offer-uses'
import type { Executor } from '../../db/executor'

export type OfferRow = typeof offers.$inferSelect

/** What an offer is checked against: where, how much, who (whose uses count against its limit), and the cart's lines when there is a cart. */
export type OfferContext = {
  location: { id: string; currency: string; branchName: string }
  subtotal: number
  redeemer?: Redeemer
  lines?: { itemId: string; unitPrice: number; quantity: number }[]
  now?: Date
}

/** An offer as the diner sees it (coupons, campaigns). */
export function toOffer(row: OfferRow): Offer {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    description: row.description,
    kind: row.kind,
    valueBp: row.valueBp,
    valueMinor: row.valueMinor,
    itemId: row.itemId,
    currency: row.currency,
    minOrderAmount: row.minOrderMinor,
    maxDiscount: row.maxDiscountMinor,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  }
}

/** The active offer of a coupon code (case and spaces ignored), or 404 coupon_not_found. */
export async function findByCode(db: Executor, code: string): Promise<OfferRow> {
  const [row] = await db.select().from(offers).where(eq(offers.code, code.trim().toUpperCase()))
  if (!row || !row.isActive) throw new ApiError(404, 'coupon_not_found', `${code.trim().toUpperCase()} is not a valid coupon code.`)
  return row
}

async function itemPriceAt(db: Executor, itemId: string, locationId: string): Promise<number | null> {
  const [item] = await db
    .select({ price: menuItems.priceMinor })
    .from(menuItems)
    .where(and(eq(menuItems.id, itemId), eq(menuItems.locationId, locationId)))
  return item?.price ?? null
}

/** The discount `offer` gives in `context`, or the reason it does not apply. Never more than the subtotal. */
export async function quoteOffer(db: Executor, offer: OfferRow, context: OfferContext): Promise<number> {
  const { location, subtotal, redeemer, lines, now = new Date() } = context
  const money = (minor: number) => formatMoney(minor, location.currency)
  if (!offer.isActive || offer.startsAt > now) throw new ApiError(404, 'coupon_not_found', `${offer.code} is not a valid coupon code.`)
  if (offer.expiresAt && offer.expiresAt <= now) throw refuse(400, 'coupon_expired', `${offer.code} has expired.`)
  if ((offer.locationId !== null && offer.locationId !== location.id) || offer.currency !== location.currency) {
    throw refuse(400, 'coupon_not_valid_here', `${offer.code} is not valid at ${location.branchName}.`)
  }
  if (subtotal < offer.minOrderMinor) {
    throw refuse(400, 'below_coupon_minimum', `Add ${money(offer.minOrderMinor - subtotal)} more to use ${offer.code}.`)
  }
  // A quote's check; the use itself is counted again under a lock when it is recorded (claimOfferUse).
  if (redeemer) await checkOfferLimit(db, offer, redeemer)
  let discount = 0
  if (offer.kind === 'PERCENT') discount = applyBasisPoints(subtotal, offer.valueBp ?? 0)
  else if (offer.kind === 'FLAT') discount = offer.valueMinor ?? 0
  else {
    const itemId = offer.itemId
    const units = lines
      ? lines.filter((line) => line.itemId === itemId)
      : itemId
        ? [{ itemId, unitPrice: (await itemPriceAt(db, itemId, location.id)) ?? 0, quantity: 1 }]
        : []
    if (units.length === 0 || !itemId) throw refuse(400, 'coupon_item_missing', `Add the item of ${offer.code} to your cart to use it.`)
    discount = units.reduce((sum, line) => sum + Math.min(offer.valueMinor ?? line.unitPrice, line.unitPrice) * line.quantity, 0)
  }
  if (offer.maxDiscountMinor !== null) discount = Math.min(discount, offer.maxDiscountMinor)
  return Math.max(0, Math.min(discount, subtotal))
}

/** The active location of `locationId`, or 404. */
export async function activeLocation(executor: Executor, locationId: string) {
  const [location] = await executor.select().from(locations).where(and(eq(locations.id, locationId), eq(locations.isActive, true)))
  if (!location) throw notFound('The restaurant')
  return location
}

/** GET /coupon/v2/validateCoupon: the offer and its discount for this amount, or why not (docs/offers.md). */
export async function validateCoupon(db: Executor, query: z.output<typeof validateCouponQuery>, callerId?: string): Promise<OfferQuote> {
  const offer = await findByCode(db, query.code)
  const location = await activeLocation(db, query.locationId)
  const redeemer = callerId ? await redeemerOf(db, { customerId: callerId, guestPhone: null }) : undefined
  const discount = await quoteOffer(db, offer, { location, subtotal: query.orderAmount, redeemer })
  return { offer: toOffer(offer), discount }
}

/** POST /coupon/item/offer/avail/v2: the item offers that apply to `quantity` of an item. */
export async function availableItemOffers(db: Executor, request: z.output<typeof itemOfferAvailRequest>, callerId?: string): Promise<ItemOfferAvailResponse> {
  const location = await activeLocation(db, request.locationId)
  const [item] = await db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.id, request.itemId), eq(menuItems.locationId, location.id)))
  if (!item || !item.visibleTo.includes('C')) throw notFound('The item')
  const [orderType] = await db
    .select()
    .from(orderTypes)
    .where(and(eq(orderTypes.locationId, location.id), eq(orderTypes.code, request.orderType)))
  if (!orderType) throw refuse(400, 'order_type_not_offered', `${location.branchName} does not offer ${request.orderType} orders.`)
  const forOrderType = item.orderTypeCodes.length === 0 || item.orderTypeCodes.includes(orderType.code)
  const candidates = forOrderType ? await db.select().from(offers).where(and(eq(offers.itemId, item.id), eq(offers.kind, 'ITEM'))) : []
  const quotes: OfferQuote[] = []
  const lines = [{ itemId: item.id, unitPrice: item.priceMinor, quantity: request.quantity }]
  const redeemer = callerId ? await redeemerOf(db, { customerId: callerId, guestPhone: null }) : undefined
  for (const offer of candidates) {
    try {
      // The order minimum is checked when the cart is priced; here only whether the item qualifies.
      const discount = await quoteOffer(db, { ...offer, minOrderMinor: 0 }, { location, subtotal: item.priceMinor * request.quantity, redeemer, lines })
      quotes.push({ offer: toOffer(offer), discount })
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
    }
  }
  return { itemId: item.id, quantity: request.quantity, offers: quotes }
}
