import { z } from 'zod'
import type { CancelReason } from './ordering-rules'
import { dinerAmount, email, localDate, localTime, MAX_INSTRUCTION_LENGTH, phone, requiredText, uuid } from './fields'
import { TIP_TYPES, totalsRequest, type TipType, type TotalsResponse } from './orders'

const orderId = uuid('an order id')

/** A guest has no access token, so the order carries who it is (docs/accounts.md "Guests"). */
export const guestContact = z.object({
  fullName: requiredText(100),
  phone: phone(),
  email: email.optional().or(z.literal('').transform(() => undefined)),
})

/**
 * POST /order/customer/createOrder and POST /merchants/cartItems (encrypted): the cart of
 * /order/customer/totals plus who, when and where. Prices always come from the server.
 */
export const placeOrderRequest = totalsRequest.extend({
  /** Required without an access token; ignored for a signed-in customer. */
  guest: guestContact.optional(),
  orderInstruction: z.string().trim().max(MAX_INSTRUCTION_LENGTH, 'is too long').optional(),
  deliveryInstruction: z.string().trim().max(MAX_INSTRUCTION_LENGTH, 'is too long').optional(),
  /** Required for a delivery order type. */
  deliveryAddress: z
    .object({
      addressLine1: z.string().trim().min(1, 'is required').max(200),
      addressLine2: z.string().trim().max(200).optional(),
      addressLine3: z.string().trim().max(200).optional(),
    })
    .optional(),
  isScheduleOrder: z.boolean().default(false),
  /** The location's local date (YYYY-MM-DD) and 15-minute slot (HH:mm) of a scheduled order. */
  selectedDate: localDate.optional(),
  selectedTimeSlot: localTime('18:30').optional(),
  /** The dining table of a dine-in order at a table. */
  tableId: uuid('a table id').optional(),
})

/** An id that may be absent: empty, null and 0 mean "none". */
const optionalId = (what: string) => z.preprocess((value) => (value === '' || value === null || value === 0 ? undefined : value), uuid(what).optional())

/**
 * POST /order/customer: orderId is required ("Order ID is required"); splitId and
 * transactionId narrow the receipt to a share of the bill or one payment; sortOrder (a dine-in
 * round) is accepted and not used yet.
 */
export const orderLookupRequest = z.object({
  orderId: z.unknown().optional(),
  splitId: z.unknown().optional(),
  sortOrder: z.union([z.string(), z.number()]).optional().nullable(),
  transactionId: z.unknown().optional(),
})

/** What narrows a receipt, checked once the order id is known to be there. */
export const receiptScope = z.object({ splitId: optionalId('a split id'), transactionId: optionalId('a transaction id') })

export const orderIdRequest = z.object({ orderId })

export { CANCEL_REASONS, cancellationText, UNPAID_ORDER_MINUTES, UNPAID_ORDER_STATUSES, type CancelReason } from './ordering-rules'

/** POST /order/customer/cancel: the diner cancels an order that is not paid yet. */
export const cancelOrderRequest = z.object({ orderId })

/** PUT /order/v2/customer/add-tip: `tip` in minor units for FLATFEE, basis points of the subtotal for PERCENTAGE. */
export const addTipRequest = z.object({
  orderId,
  tip: dinerAmount('must be a whole number'),
  tipType: z.enum(TIP_TYPES).default('FLATFEE'),
})

/** The ways to pay, and paying at the restaurant (docs/payments.md "Payments"). */
export const PAYMENT_KINDS = ['CNP', 'PAYMENT_LINKS', 'BHARAT_QR', 'POS', 'PAY_AT_LOCATION'] as const
export type PaymentKind = (typeof PAYMENT_KINDS)[number]

/**
 * POST /payment/v2/authorize and /payment/authorize-payment: a card token from the provider's
 * tokenisation endpoint, or a saved card of the signed-in customer. `amount` is optional; when
 * sent it must equal the order's total, so a diner is never charged a figure they did not see.
 */
export const authorizeRequest = z
  .object({
    orderId,
    cardToken: z.string().trim().min(1).max(200).optional(),
    savedCardId: uuid('a saved card id').optional(),
    amount: z.number().int().min(0).optional(),
    /** The share of a split bill this pays (POST /order/customer/split); its amount is the share's. */
    splitId: optionalId('a split id'),
  })
  .refine((request) => Boolean(request.cardToken) !== Boolean(request.savedCardId), {
    message: 'must be given: a cardToken or a savedCardId (one of them)',
    path: ['cardToken'],
  })

/** POST /payment/initiatePayment and /payment/start-transaction: the kind decides the flow. */
export const initiatePaymentRequest = z.object({
  orderId,
  kind: z.enum(PAYMENT_KINDS).default('CNP'),
  cardToken: z.string().trim().min(1).max(200).optional(),
  savedCardId: uuid('a saved card id').optional(),
  amount: z.number().int().min(0).optional(),
  splitId: optionalId('a split id'),
})

/** POST /payment/collect-payment and the pay-at-restaurant calls: the order, or one share of its split bill. */
export const paymentTargetRequest = z.object({ orderId, splitId: optionalId('a split id') })

/**
 * "18" authorized, "19" collected, "20" declined, "21" gateway error, "25" pay at the location.
 * A payment's status is its effective one: "19" once captured; a voided hold or pay-at-restaurant
 * promise keeps "18" or "25" with `voidedAt` set (OrderPayment).
 */
export type PaymentStatus = '18' | '19' | '20' | '21' | '25'

/** Every payment call's answer; a decline is a 200 with paymentStatus "20" and the reason (docs/payments.md "Payments"). */
export type PaymentResult = {
  orderId: string
  paymentId: string
  kind: PaymentKind
  paymentStatus: PaymentStatus
  amount: number
  currency: string
  /** Why a payment failed, for the diner; null when it did not. */
  message: string | null
  orderStatus: string
}

export type OrderLineOption = { modifierOptionId: string | null; optionName: string; modifier: string; price: number; quantity: number; typeId: number }

export type OrderLine = {
  id: string
  itemId: string | null
  name: string
  quantity: number
  unitPrice: number
  lineSubtotal: number
  itemTaxRate: number
  itemTax: number
  comment: string | null
  options: OrderLineOption[]
  /** The dine-in round (kitchen ticket sortOrder) the line came with; 1 for every other order. */
  round: number
}

export type OrderPayment = {
  id: string
  kind: PaymentKind
  provider: string
  amount: number
  currency: string
  status: PaymentStatus
  cardBrand: string | null
  last4: string | null
  message: string | null
  /** When the hold or the pay-at-restaurant promise was released (the order was cancelled or moved to another way of paying); null while it stands. */
  voidedAt: string | null
  createdAt: string
  updatedAt: string
}

/** ready: when it should be ready to collect or be served; arrival: when it should be at the door (docs/orders.md "ETA"). */
export type EstimateKind = 'ready' | 'arrival'

/** The restaurant of an order, for what to do next: where it is and how to call it. */
export type OrderPlace = { address: string; phone: string; lat: number; lng: number }

/**
 * One order as its owner sees it: the figures of its totals (TotalsResponse without the lines,
 * which an order holds as `items`), every amount in minor units of `currency`, and the rest.
 */
export type OrderDetail = Omit<TotalsResponse, 'lines'> & {
  orderId: string
  /** The number said at the counter, per location and service day (docs/orders.md "Order numbers"); null only for a row written outside placement. */
  orderNumber: number | null
  /** The location's local date (YYYY-MM-DD) the number belongs to: the day the order is for. */
  orderNumberDate: string | null
  /** ISO instant the order should be ready or arrive (estimateKind); null when unpaid, ready, finished, cancelled or a tab at a table. */
  estimatedAt: string | null
  estimateKind: EstimateKind | null
  /** The restaurant's address, phone and position. */
  place: OrderPlace
  branchName: string
  merchantName: string
  merchantType: string
  locationSlug: string
  /** The restaurant's IANA time zone: receipts show its wall clock. */
  timeZone: string
  /** As the restaurant names it: Pickup, Delivery, Dine-in … */
  orderTypeName: string
  /** P pickup, L delivery, D dine-in, E event. */
  orderTypeGroup: string
  status: string
  statusLabel: string
  paymentStatus: PaymentStatus | null
  customerId: string | null
  fullName: string
  phone: string
  email: string | null
  /** FLATFEE: minor units; PERCENTAGE: basis points — what the diner chose. */
  tipValue: number
  orderInstruction: string | null
  deliveryInstruction: string | null
  isScheduleOrder: boolean
  /** ISO instant of a scheduled order, else null (as soon as possible). */
  scheduledFor: string | null
  deliveryLocation: { lat: number; lng: number } | null
  deliveryAddress: { addressLine1: string; addressLine2: string; addressLine3: string } | null
  tableId: string | null
  tableName: string | null
  items: OrderLine[]
  payments: OrderPayment[]
  statusHistory: { status: string; at: string }[]
  /** ISO instant by which an unpaid order must be paid, else it is cancelled; null for a dine-in tab. */
  payBy: string | null
  /** Why the order was cancelled, when it was. */
  cancelReason: CancelReason | null
  createdAt: string
  updatedAt: string
}

/** One share of an order's bill, paid on its own. */
export type OrderSplit = { id: string; label: string; amount: number; payment: OrderPayment | null }

/**
 * POST /order/customer: the order, and when the request names them, the share of the bill
 * (splitId) and the payment (transactionId) a receipt is for.
 */
export type OrderReceipt = OrderDetail & { split: OrderSplit | null; transaction: OrderPayment | null }

/** POST /merchants/cartItems: the priced cart, and when it would be ready, without placing it. */
export type CartPreview = TotalsResponse & { isScheduleOrder: boolean; scheduledFor: string | null }

export type PlaceOrderRequest = z.input<typeof placeOrderRequest>
export type GuestContact = z.input<typeof guestContact>
export type AddTipRequest = z.input<typeof addTipRequest>
export type AuthorizeRequest = z.input<typeof authorizeRequest>
export type InitiatePaymentRequest = z.input<typeof initiatePaymentRequest>
