import { z } from 'zod'
import { defineEndpoints } from './endpoint'
import { dinerAmount, itemQuantity, latLng, localDate, MAX_LINE_COMMENT_LENGTH, optionQuantity, orderTypeCode, uuid } from './fields'

/** FLATFEE is the default; a percentage tip is in basis points of the subtotal (docs/payments.md "Tips"). */
export const TIP_TYPES = ['FLATFEE', 'PERCENTAGE', 'NONE'] as const

export const cartLineRequest = z.object({
  itemId: uuid('a menu item id'),
  quantity: itemQuantity,
  options: z
    .array(
      z.object({
        modifierOptionId: uuid('a modifier option id'),
        quantity: optionQuantity,
      }),
    )
    .max(50)
    .default([]),
  comment: z.string().trim().max(MAX_LINE_COMMENT_LENGTH, 'is too long').optional(),
})

/**
 * POST /order/customer/totals (encrypted: docs/api.md "Wire protocol"). Prices are the server's: the request names
 * items and options only, and anything the client sends as a price is ignored.
 */
export const totalsRequest = z.object({
  locationId: uuid('a location id'),
  /** An order-type code of the location: pickup, delivery, dinein. */
  orderTypeCode,
  items: z.array(cartLineRequest).min(1, 'must hold at least one item').max(100),
  tip: z
    .object({
      tipType: z.enum(TIP_TYPES).default('FLATFEE'),
      /** Minor units for FLATFEE; basis points of the subtotal for PERCENTAGE (1800 is 18 %). */
      value: dinerAmount().default(0),
    })
    .default({ tipType: 'FLATFEE', value: 0 }),
  /** Where a delivery goes; required for a delivery order type. */
  deliveryLocation: z.object(latLng).optional(),
  /** A coupon to take off the subtotal; refused with the reason when it does not apply. */
  couponCode: z.string().trim().min(1).max(40).transform((code) => code.toUpperCase()).optional(),
  /** Wallet credit to use, in minor units; signed-in customers only, capped by the balance and the total. */
  walletAmount: dinerAmount().optional(),
  /** An event order (order type of typeGroup E): the event and its local date (YYYY-MM-DD); the slot is selectedTimeSlot. */
  eventSlug: z.string().trim().min(1).max(120).optional(),
  eventDate: localDate.optional(),
})

export type TotalsRequest = z.input<typeof totalsRequest>
export type CartLineRequest = z.input<typeof cartLineRequest>
export type TipType = (typeof TIP_TYPES)[number]

const amount = z.number().int().meta({ description: 'Minor units of `currency`.' })

const totalsLineOption = z.strictObject({
  modifierOptionId: z.uuid(),
  optionName: z.string(),
  modifier: z.string(),
  price: amount,
  quantity: z.number().int(),
})

/** Every amount in minor units of `currency`. */
export const totalsLine = z
  .strictObject({
    itemId: z.uuid(),
    name: z.string(),
    quantity: z.number().int(),
    /** Item price plus its options, for one. */
    unitPrice: amount,
    lineSubtotal: amount,
    /** Percent applied to this line as item tax. */
    itemTaxRate: z.number().meta({ description: 'Percent applied to this line as item tax.' }),
    itemTax: amount,
    options: z.array(totalsLineOption),
  })
  .meta({ id: 'TotalsLine' })

/** The figures of a priced cart; an order repeats them (OrderDetail). */
export const totalsFigures = {
  locationId: z.uuid(),
  orderTypeCode: z.string(),
  currency: z.string(),
  subtotal: amount,
  itemTax: amount,
  /** Percent of the location's order tax (docs/payments.md "An order's amounts"). */
  orderTaxRate: z.number().meta({ description: 'Percent of the location’s order tax.' }),
  orderTax: amount,
  /** itemTax + orderTax */
  tax: amount,
  surcharge: amount,
  surchargeLabel: z.string().nullable(),
  deliveryFee: amount,
  distanceKm: z.number().nullable(),
  tipType: z.enum(TIP_TYPES),
  tip: amount,
  discount: amount,
  walletRedeemed: amount,
  total: amount,
}

export const totalsResponse = z.strictObject({ ...totalsFigures, lines: z.array(totalsLine) }).meta({ id: 'TotalsResponse' })

export type TotalsLine = z.output<typeof totalsLine>
export type TotalsResponse = z.output<typeof totalsResponse>

/** POST /order/getDistance/v2 (encrypted): how far a point is from a location, and whether it delivers there. */
export const distanceRequest = z.object({
  locationId: uuid('a location id'),
  ...latLng,
})

export const distanceResponse = z
  .strictObject({
    distanceKm: z.number(),
    deliveryKMRadius: z.number(),
    deliverable: z.boolean(),
    deliveryFee: amount.nullable(),
    etaMinutes: z.number().int(),
  })
  .meta({ id: 'DistanceResponse' })

export type DistanceResponse = z.output<typeof distanceResponse>

/** The codes of pricing a cart: the menu, the order type, delivery, tips, coupons, events. */
export const PRICING_ERRORS = [
  'not_found',
  'item_not_found',
  'item_not_at_location',
  'item_unavailable',
  'item_not_offered_for_order_type',
  'item_not_on_event_menu',
  'invalid_options',
  'sold_out',
  'out_of_stock',
  'order_type_not_offered',
  'online_order_unavailable',
  'online_ordering_paused',
  'delivery_location_required',
  'beyond_delivery_radius',
  'below_delivery_minimum',
  'tips_not_accepted',
  'invalid_tip',
  'coupon_not_found',
  'coupon_expired',
  'coupon_not_valid_here',
  'coupon_item_missing',
  'coupon_limit_reached',
  'below_coupon_minimum',
  'event_required',
  'event_date_out_of_range',
  'event_slot_required',
  'event_slot_unknown',
  'event_slot_full',
  'event_order_closed',
] as const

/** Pricing a cart and the delivery distance (docs/payments.md, docs/checkout.md). */
export const pricingEndpoints = defineEndpoints({
  'POST /order/customer/totals': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'orders',
    summary: 'The server’s prices, taxes, fees, discount, wallet and total of a cart; a token lets a coupon count the customer’s uses and the wallet be used',
    body: totalsRequest,
    response: totalsResponse,
    errors: PRICING_ERRORS,
    // As before: no-store only when a token is sent (app.ts marks every signed request so).
    cache: 'default',
  },
  'POST /order/getDistance/v2': {
    auth: 'none',
    wire: 'encrypted',
    tag: 'orders',
    summary: 'How far a point is from a location, whether it delivers there, the fee and the time',
    body: distanceRequest,
    response: distanceResponse,
    errors: ['not_found', 'order_type_not_offered'],
  },
})
