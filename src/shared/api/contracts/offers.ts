import { z } from 'zod'

const uuid = (what: string) => z.uuid(`must be ${what}`)

export const OFFER_KINDS = ['PERCENT', 'FLAT', 'ITEM'] as const
export type OfferKind = (typeof OFFER_KINDS)[number]

/** A coupon code as the diner types it; the server compares it upper-case. */
export const couponCode = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(40, 'is too long')
  .transform((code) => code.toUpperCase())

/** GET /coupon/v2/validateCoupon?code&locationId&orderAmount&customerId (orderAmount in minor units). */
export const validateCouponQuery = z.object({
  code: couponCode,
  locationId: uuid('a location id'),
  orderAmount: z.coerce.number().int('must be a whole number of minor units').min(0),
  customerId: uuid('a customer id').optional(),
})

/** POST /coupon/v2/redeemCoupon (encrypted): records the coupon against an unpaid order; once per order. */
export const redeemCouponRequest = z.object({
  code: couponCode,
  orderId: uuid('an order id'),
  customerId: uuid('a customer id').optional(),
})

/** POST /coupon/item/offer/avail/v2 (encrypted): the item offers for an item (SPEC §7; quantity defaults to 1, SPEC §9). */
export const itemOfferAvailRequest = z.object({
  locationId: uuid('a location id'),
  customerId: uuid('a customer id').optional(),
  orderType: z.string().trim().min(1, 'is required').max(40),
  itemId: uuid('a menu item id'),
  quantity: z.number().int().positive().max(99).default(1),
})

/** PATCH /coupon/v2/item/offer/apply (encrypted): all four fields are required (SPEC §5). */
export const applyOffersRequest = z.object({
  customerId: z.unknown().optional(),
  offerIds: z.unknown().optional(),
  orderAmount: z.unknown().optional(),
  orderId: z.unknown().optional(),
})

export const appliedOffersShape = z.object({
  customerId: uuid('a customer id'),
  offerIds: z.array(uuid('an offer id')).min(1, 'must name at least one offer').max(5),
  orderAmount: z.number().int().min(0),
  orderId: uuid('an order id'),
})

/** SPEC §5: the message of an apply call missing one of its four fields. */
export const APPLY_FIELDS_REQUIRED = 'customerId, offerIds, orderId and orderAmount are all required to apply an offer.'

/** An offer as the diner sees it; amounts in minor units of `currency`. */
export type Offer = {
  id: string
  code: string
  title: string
  description: string
  kind: OfferKind
  /** Basis points of the subtotal, for PERCENT. */
  valueBp: number | null
  valueMinor: number | null
  itemId: string | null
  currency: string
  minOrderAmount: number
  maxDiscount: number | null
  expiresAt: string | null
}

/** An offer and the discount it gives this order. */
export type OfferQuote = { offer: Offer; discount: number }

export type ItemOfferAvailResponse = { itemId: string; quantity: number; offers: OfferQuote[] }

export type RedemptionResponse = { orderId: string; offerIds: string[]; discount: number; total: number }

export type ValidateCouponQuery = z.input<typeof validateCouponQuery>
export type RedeemCouponRequest = z.input<typeof redeemCouponRequest>
export type ItemOfferAvailRequest = z.input<typeof itemOfferAvailRequest>
export type ApplyOffersRequest = z.input<typeof appliedOffersShape>
