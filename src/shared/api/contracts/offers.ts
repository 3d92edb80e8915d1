import { z } from 'zod'
import { defineEndpoints } from './endpoint'
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
  customerId: z.unknown().optional().meta({ description: 'The signed-in customer’s id (uuid).' }),
  offerIds: z.unknown().optional().meta({ description: '1 to 5 offer ids (uuids).' }),
  orderAmount: z.unknown().optional().meta({ description: 'The order’s subtotal in minor units, as the diner saw it.' }),
  orderId: z.unknown().optional().meta({ description: 'The unpaid order (uuid).' }),
})

export const appliedOffersShape = z.object({
  customerId: uuid('a customer id'),
  offerIds: z.array(uuid('an offer id')).min(1, 'must name at least one offer').max(5),
  orderAmount: z.number().int().min(0),
  orderId: uuid('an order id'),
})

/** The message of an apply call missing one of its four fields. */
export const APPLY_FIELDS_REQUIRED = 'customerId, offerIds, orderId and orderAmount are all required to apply an offer.'

const minor = (description: string) => z.number().int().meta({ description })

/** An offer as the diner sees it; amounts in minor units of `currency`. */
export const offer = z
  .strictObject({
    id: z.uuid(),
    code: z.string(),
    title: z.string(),
    description: z.string(),
    kind: z.enum(OFFER_KINDS),
    /** Basis points of the subtotal, for PERCENT. */
    valueBp: z.number().int().nullable().meta({ description: 'Basis points of the subtotal, for PERCENT.' }),
    valueMinor: minor('Minor units off, for FLAT and ITEM.').nullable(),
    itemId: z.uuid().nullable(),
    currency: z.string(),
    minOrderAmount: minor('The smallest subtotal it applies to, in minor units.'),
    maxDiscount: minor('The most it takes off, in minor units.').nullable(),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'Offer' })

/** A restaurant where a listed offer can be used. */
export const offerLocation = z
  .strictObject({
    id: z.uuid(),
    locationSlug: z.string(),
    merchantType: z.string(),
    merchantName: z.string(),
    branchName: z.string(),
    city: z.string(),
  })
  .meta({ id: 'OfferLocation' })

/** An offer as the Offers screen lists it: where it can be used, and how often the diner still may. */
export const offerListing = offer
  .extend({
    /** The dish an ITEM offer takes off. */
    item: z.strictObject({ id: z.uuid(), name: z.string() }).nullable(),
    /** The restaurant of a restaurant's offer, or every restaurant of the city (or the one asked for) in its currency. */
    locations: z.array(offerLocation),
    /** An active campaign the offer belongs to, for its page. */
    campaign: z.strictObject({ id: z.uuid(), title: z.string() }).nullable(),
    usesPerDiner: z.number().int(),
    /** How many more times the signed-in diner (or verified guest's number) may use it; null when nobody is signed in. */
    usesLeft: z.number().int().nullable().meta({ description: 'Uses left for the signed-in diner or verified guest; null when nobody is signed in.' }),
  })
  .meta({ id: 'OfferListing' })

export const offerListResponse = z
  .strictObject({
    /** The city asked for, or the restaurant's. */
    city: z.strictObject({ slug: z.string(), name: z.string() }).nullable(),
    offers: z.array(offerListing),
  })
  .meta({ id: 'OfferListResponse', description: 'Usable first, then what ends soonest, then by code.' })

/** An offer and the discount it gives this order. */
export const offerQuote = z.strictObject({ offer, discount: minor('What it takes off, in minor units.') }).meta({ id: 'OfferQuote' })

export const itemOfferAvailResponse = z
  .strictObject({ itemId: z.uuid(), quantity: z.number().int(), offers: z.array(offerQuote) })
  .meta({ id: 'ItemOfferAvailResponse' })

export const redemptionResponse = z
  .strictObject({
    orderId: z.uuid(),
    offerIds: z.array(z.uuid()),
    discount: minor('The order’s discount, in minor units.'),
    total: minor('The order’s new total, in minor units.'),
  })
  .meta({ id: 'RedemptionResponse' })

export type Offer = z.output<typeof offer>
export type OfferLocation = z.output<typeof offerLocation>
export type OfferListing = z.output<typeof offerListing>
export type OfferListResponse = z.output<typeof offerListResponse>
export type OfferListQuery = z.input<typeof offerListQuery>
export type OfferQuote = z.output<typeof offerQuote>
export type ItemOfferAvailResponse = z.output<typeof itemOfferAvailResponse>
export type RedemptionResponse = z.output<typeof redemptionResponse>

/** Idempotency-Key's refusals (docs/operations.md, "Idempotency-Key"). */
const IDEMPOTENCY_ERRORS = ['invalid_idempotency_key', 'idempotency_in_progress', 'idempotency_key_reused'] as const
/** Why an offer does not apply (docs/offers.md). */
const QUOTE_ERRORS = ['not_found', 'coupon_not_found', 'coupon_expired', 'coupon_not_valid_here', 'below_coupon_minimum', 'coupon_item_missing', 'coupon_limit_reached'] as const
/** Why an unpaid order cannot take an offer (docs/offers.md). */
const ORDER_OFFER_ERRORS = ['order_has_offer', 'order_cancelled', 'payment_started', 'tips_not_accepted'] as const

/** Coupons and item offers (docs/offers.md): encrypted answers, like the other order calls. */
export const offerEndpoints = defineEndpoints({
  'GET /coupon/v2/validateCoupon': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'offers',
    summary: 'The offer of a coupon code and the discount it gives this amount at this restaurant, or why not',
    description: 'A customerId other than the signed-in caller’s answers 403 wrong_customer. Signed in, the caller’s uses count against the offer’s limit.',
    query: validateCouponQuery,
    response: offerQuote,
    errors: [...QUOTE_ERRORS, 'wrong_customer'],
    // A quote for anyone: without a token it keeps no Cache-Control, as before (a token's answers are no-store).
    cache: 'default',
  },
  'GET /coupon/v2/offers': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'offers',
    summary: 'The offers usable in a city or at one restaurant; signed in (or a verified guest), the uses left',
    query: offerListQuery,
    response: offerListResponse,
    errors: ['not_found'],
  },
  'POST /coupon/item/offer/avail/v2': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'offers',
    summary: 'The item offers that apply to a quantity of one dish',
    description: 'A customerId other than the signed-in caller’s answers 403 wrong_customer.',
    body: itemOfferAvailRequest,
    response: itemOfferAvailResponse,
    errors: ['not_found', 'order_type_not_offered', 'wrong_customer'],
    cache: 'default',
  },
  'POST /coupon/v2/redeemCoupon': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'offers',
    summary: 'Records a coupon on the caller’s unpaid order and reprices it; one offer per order',
    description: 'Idempotency-Key makes a retry safe. A customerId other than the signed-in caller’s answers 403 wrong_customer.',
    body: redeemCouponRequest,
    response: redemptionResponse,
    errors: [...QUOTE_ERRORS, ...ORDER_OFFER_ERRORS, 'wrong_customer', ...IDEMPOTENCY_ERRORS],
    cache: 'default',
  },
  'PATCH /coupon/v2/item/offer/apply': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'offers',
    summary: 'Applies offers by id to the caller’s unpaid order and reprices it',
    description:
      'customerId, offerIds (1 to 5 offer ids), orderId and orderAmount (the order’s subtotal in minor units) are all required: a missing one answers 400 apply_fields_required, a wrong one 400 invalid_request; without a session 401. Idempotency-Key makes a retry safe.',
    body: applyOffersRequest,
    response: redemptionResponse,
    errors: [...QUOTE_ERRORS, ...ORDER_OFFER_ERRORS, 'apply_fields_required', 'order_amount_changed', 'wrong_customer', ...IDEMPOTENCY_ERRORS],
    cache: 'default',
  },
})

export type ValidateCouponQuery = z.input<typeof validateCouponQuery>
export type RedeemCouponRequest = z.input<typeof redeemCouponRequest>
export type ItemOfferAvailRequest = z.input<typeof itemOfferAvailRequest>
export type ApplyOffersRequest = z.input<typeof appliedOffersShape>
