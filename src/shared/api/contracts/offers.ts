import { z } from 'zod'
import { optionQuantity, orderTypeCode, uuid } from './fields'

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

/**
 * GET /coupon/v2/offers?citySlug or ?locationId: the offers a diner can use in a city or at one
 * restaurant, active and unexpired (one of the two is required; a restaurant wins when both come).
 */
export const offerListQuery = z
  .object({
    citySlug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]{1,80}$/, 'must be a city slug such as san-francisco')
      .optional(),
    locationId: uuid('a location id').optional(),
  })
  .refine((query) => query.citySlug !== undefined || query.locationId !== undefined, {
    message: 'citySlug or locationId is required',
    path: ['citySlug'],
  })

/** POST /coupon/v2/redeemCoupon (encrypted): records the coupon against an unpaid order; once per order. */
export const redeemCouponRequest = z.object({
  code: couponCode,
  orderId: uuid('an order id'),
  customerId: uuid('a customer id').optional(),
})

/** POST /coupon/item/offer/avail/v2 (encrypted): the item offers for an item (quantity defaults to 1; docs/offers.md). */
export const itemOfferAvailRequest = z.object({
  locationId: uuid('a location id'),
  customerId: uuid('a customer id').optional(),
  orderType: orderTypeCode,
  itemId: uuid('a menu item id'),
  quantity: optionQuantity,
})

/** PATCH /coupon/v2/item/offer/apply (encrypted): all four fields are required (APPLY_FIELDS_REQUIRED). */
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

/** The message of an apply call missing one of its four fields. */
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

/** A restaurant where a listed offer can be used. */
export type OfferLocation = {
  id: string
  locationSlug: string
  merchantType: string
  merchantName: string
  branchName: string
  city: string
}

/** An offer as the Offers screen lists it: where it can be used, and how often the diner still may. */
export type OfferListing = Offer & {
  /** The dish an ITEM offer takes off. */
  item: { id: string; name: string } | null
  /** The restaurant of a restaurant's offer, or every restaurant of the city (or the one asked for) in its currency. */
  locations: OfferLocation[]
  /** An active campaign the offer belongs to, for its page. */
  campaign: { id: string; title: string } | null
  usesPerDiner: number
  /** How many more times the signed-in diner (or verified guest's number) may use it; null when nobody is signed in. */
  usesLeft: number | null
}

export type OfferListResponse = {
  /** The city asked for, or the restaurant's. */
  city: { slug: string; name: string } | null
  offers: OfferListing[]
}

export type OfferListQuery = z.input<typeof offerListQuery>

/** An offer and the discount it gives this order. */
export type OfferQuote = { offer: Offer; discount: number }

export type ItemOfferAvailResponse = { itemId: string; quantity: number; offers: OfferQuote[] }

export type RedemptionResponse = { orderId: string; offerIds: string[]; discount: number; total: number }

export type ValidateCouponQuery = z.input<typeof validateCouponQuery>
export type RedeemCouponRequest = z.input<typeof redeemCouponRequest>
export type ItemOfferAvailRequest = z.input<typeof itemOfferAvailRequest>
export type ApplyOffersRequest = z.input<typeof appliedOffersShape>
