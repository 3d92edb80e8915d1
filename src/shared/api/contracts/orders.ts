import { z } from 'zod'
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

/** Every amount in minor units of `currency`. */
export type TotalsLine = {
  itemId: string
  name: string
  quantity: number
  /** Item price plus its options, for one. */
  unitPrice: number
  lineSubtotal: number
  /** Percent applied to this line as item tax. */
  itemTaxRate: number
  itemTax: number
  options: { modifierOptionId: string; optionName: string; modifier: string; price: number; quantity: number }[]
}

export type TotalsResponse = {
  locationId: string
  orderTypeCode: string
  currency: string
  lines: TotalsLine[]
  subtotal: number
  itemTax: number
  /** Percent of the location's order tax (docs/payments.md "An order's amounts"). */
  orderTaxRate: number
  orderTax: number
  /** itemTax + orderTax */
  tax: number
  surcharge: number
  surchargeLabel: string | null
  deliveryFee: number
  distanceKm: number | null
  tipType: TipType
  tip: number
  discount: number
  walletRedeemed: number
  total: number
}

/** POST /order/getDistance/v2 (encrypted): how far a point is from a location, and whether it delivers there. */
export const distanceRequest = z.object({
  locationId: uuid('a location id'),
  ...latLng,
})

export type DistanceResponse = { distanceKm: number; deliveryKMRadius: number; deliverable: boolean; deliveryFee: number | null; etaMinutes: number }
