import { z } from 'zod'

const uuid = (what: string) => z.uuid(`must be ${what}`)

/** SPEC §3 tipType; FLATFEE is the default (SPEC §9). A percentage tip is in basis points of the subtotal. */
export const TIP_TYPES = ['FLATFEE', 'PERCENTAGE', 'NONE'] as const

export const cartLineRequest = z.object({
  itemId: uuid('a menu item id'),
  quantity: z.number().int('must be a whole number').positive('must be at least 1').max(99, 'must be at most 99'),
  options: z
    .array(
      z.object({
        modifierOptionId: uuid('a modifier option id'),
        quantity: z.number().int().positive().max(99).default(1),
      }),
    )
    .max(50)
    .default([]),
  comment: z.string().trim().max(300, 'is too long').optional(),
})

/**
 * POST /order/customer/totals (encrypted, DESIGN §4). Prices are the server's: the request names
 * items and options only, and anything the client sends as a price is ignored.
 */
export const totalsRequest = z.object({
  locationId: uuid('a location id'),
  /** An order-type code of the location: pickup, delivery, dinein. */
  orderTypeCode: z.string().trim().min(1, 'is required').max(40),
  items: z.array(cartLineRequest).min(1, 'must hold at least one item').max(100),
  tip: z
    .object({
      tipType: z.enum(TIP_TYPES).default('FLATFEE'),
      /** Minor units for FLATFEE; basis points of the subtotal for PERCENTAGE (1800 is 18 %). */
      value: z.number().int().min(0).max(10_000_000).default(0),
    })
    .default({ tipType: 'FLATFEE', value: 0 }),
  /** Where a delivery goes; required for a delivery order type. */
  deliveryLocation: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).optional(),
  /** A coupon to take off the subtotal; refused with the reason when it does not apply. */
  couponCode: z.string().trim().min(1).max(40).transform((code) => code.toUpperCase()).optional(),
  /** Wallet credit to use, in minor units; signed-in customers only, capped by the balance and the total. */
  walletAmount: z.number().int().min(0).max(10_000_000).optional(),
  /** An event order (order type of typeGroup E): the event and its local date (YYYY-MM-DD); the slot is selectedTimeSlot. */
  eventSlug: z.string().trim().min(1).max(120).optional(),
  eventDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2030-01-31').optional(),
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
  /** Percent of the location's order tax (SPEC §3 defaultTax / orderTax). */
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
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
})

export type DistanceResponse = { distanceKm: number; deliveryKMRadius: number; deliverable: boolean; deliveryFee: number | null; etaMinutes: number }
