import { z } from 'zod'
import { CANCEL_REASONS } from './ordering-rules'
import { dinerAmount, email, localDate, localTime, MAX_INSTRUCTION_LENGTH, phone, requiredText, uuid } from './fields'
import { defineEndpoints } from './endpoint'
import { PRICING_ERRORS, TIP_TYPES, totalsFigures, totalsLine, totalsRequest } from './orders'

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

/** Any JSON object: a payload read before its schema, so a missing orderId is named first. */
export const anyPayload = z.record(z.string(), z.unknown(), 'must be a JSON object')

/**
 * The body of a call that answers "Order ID is required" (order_id_required) before any other
 * problem: the map lets any JSON object through, typed as `schema`'s input for the client, and the
 * route checks the order id, then `schema` (docs/payments.md "Payments").
 */
const orderIdFirst = <S extends z.ZodType>(schema: S, description: string) =>
  anyPayload.meta({ description }) as unknown as z.ZodType<Record<string, unknown>, z.input<S>>

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
export const PAYMENT_STATUSES = ['18', '19', '20', '21', '25'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

const amount = z.number().int().meta({ description: 'Minor units of `currency`.' })
const instant = z.iso.datetime({ offset: true })

/** Every payment call's answer; a decline is a 200 with paymentStatus "20" and the reason (docs/payments.md "Payments"). */
export const paymentResult = z
  .strictObject({
    orderId: z.uuid(),
    paymentId: z.uuid(),
    kind: z.enum(PAYMENT_KINDS),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    amount,
    currency: z.string(),
    /** Why a payment failed, for the diner; null when it did not. */
    message: z.string().nullable(),
    orderStatus: z.string(),
  })
  .meta({ id: 'PaymentResult' })
export type PaymentResult = z.output<typeof paymentResult>

export const orderLineOption = z
  .strictObject({ modifierOptionId: z.uuid().nullable(), optionName: z.string(), modifier: z.string(), price: amount, quantity: z.number().int(), typeId: z.number().int() })
  .meta({ id: 'OrderLineOption' })
export type OrderLineOption = z.output<typeof orderLineOption>

export const orderLine = z
  .strictObject({
    id: z.uuid(),
    itemId: z.uuid().nullable(),
    name: z.string(),
    quantity: z.number().int(),
    unitPrice: amount,
    lineSubtotal: amount,
    itemTaxRate: z.number(),
    itemTax: amount,
    comment: z.string().nullable(),
    options: z.array(orderLineOption),
    /** The dine-in round (kitchen ticket sortOrder) the line came with; 1 for every other order. */
    round: z.number().int(),
  })
  .meta({ id: 'OrderLine' })
export type OrderLine = z.output<typeof orderLine>

export const orderPayment = z
  .strictObject({
    id: z.uuid(),
    kind: z.enum(PAYMENT_KINDS),
    provider: z.string(),
    amount,
    currency: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    cardBrand: z.string().nullable(),
    last4: z.string().nullable(),
    message: z.string().nullable(),
    /** When the hold or the pay-at-restaurant promise was released (the order was cancelled or moved to another way of paying); null while it stands. */
    voidedAt: instant.nullable(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'OrderPayment' })
export type OrderPayment = z.output<typeof orderPayment>

/** ready: when it should be ready to collect or be served; arrival: when it should be at the door (docs/orders.md "ETA"). */
export type EstimateKind = 'ready' | 'arrival'

/** The restaurant of an order, for what to do next: where it is and how to call it. */
const orderPlace = z.strictObject({ address: z.string(), phone: z.string(), lat: z.number(), lng: z.number() })
export type OrderPlace = z.output<typeof orderPlace>

/**
 * One order as its owner sees it: the figures of its totals (TotalsResponse without the lines,
 * which an order holds as `items`), every amount in minor units of `currency`, and the rest.
 */
const orderDetailFields = {
  ...totalsFigures,
  orderId: z.uuid(),
  /** The number said at the counter, per location and service day (docs/orders.md "Order numbers"); null only for a row written outside placement. */
  orderNumber: z.number().int().nullable(),
  /** The location's local date (YYYY-MM-DD) the number belongs to: the day the order is for. */
  orderNumberDate: z.string().nullable(),
  /** ISO instant the order should be ready or arrive (estimateKind); null when unpaid, ready, finished, cancelled or a tab at a table. */
  estimatedAt: instant.nullable(),
  estimateKind: z.enum(['ready', 'arrival']).nullable(),
  /** The restaurant's address, phone and position. */
  place: orderPlace,
  branchName: z.string(),
  merchantName: z.string(),
  merchantType: z.string(),
  locationSlug: z.string(),
  /** The restaurant's IANA time zone: receipts show its wall clock. */
  timeZone: z.string(),
  /** As the restaurant names it: Pickup, Delivery, Dine-in … */
  orderTypeName: z.string(),
  /** P pickup, L delivery, D dine-in, E event. */
  orderTypeGroup: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  customerId: z.uuid().nullable(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  /** FLATFEE: minor units; PERCENTAGE: basis points — what the diner chose. */
  tipValue: z.number().int(),
  orderInstruction: z.string().nullable(),
  deliveryInstruction: z.string().nullable(),
  isScheduleOrder: z.boolean(),
  /** ISO instant of a scheduled order, else null (as soon as possible). */
  scheduledFor: instant.nullable(),
  deliveryLocation: z.strictObject({ lat: z.number(), lng: z.number() }).nullable(),
  deliveryAddress: z.strictObject({ addressLine1: z.string(), addressLine2: z.string(), addressLine3: z.string() }).nullable(),
  tableId: z.uuid().nullable(),
  tableName: z.string().nullable(),
  items: z.array(orderLine),
  payments: z.array(orderPayment),
  statusHistory: z.array(z.strictObject({ status: z.string(), at: instant })),
  /** ISO instant by which an unpaid order must be paid, else it is cancelled; null for a dine-in tab. */
  payBy: instant.nullable(),
  /** Why the order was cancelled, when it was. */
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  createdAt: instant,
  updatedAt: instant,
}

export const orderDetail = z.strictObject(orderDetailFields).meta({ id: 'OrderDetail' })
export type OrderDetail = z.output<typeof orderDetail>

/** One share of an order's bill, paid on its own. */
export const orderSplit = z
  .strictObject({ id: z.uuid(), label: z.string(), amount, payment: orderPayment.nullable() })
  .meta({ id: 'OrderSplit' })
export type OrderSplit = z.output<typeof orderSplit>

/**
 * POST /order/customer: the order, and when the request names them, the share of the bill
 * (splitId) and the payment (transactionId) a receipt is for.
 */
export const orderReceipt = z
  .strictObject({ ...orderDetailFields, split: orderSplit.nullable(), transaction: orderPayment.nullable() })
  .meta({ id: 'OrderReceipt' })
export type OrderReceipt = z.output<typeof orderReceipt>

/** POST /merchants/cartItems: the priced cart, and when it would be ready, without placing it. */
export const cartPreview = z
  .strictObject({ ...totalsFigures, lines: z.array(totalsLine), isScheduleOrder: z.boolean(), scheduledFor: instant.nullable() })
  .meta({ id: 'CartPreview' })
export type CartPreview = z.output<typeof cartPreview>

export type PlaceOrderRequest = z.input<typeof placeOrderRequest>
export type GuestContact = z.input<typeof guestContact>
export type AddTipRequest = z.input<typeof addTipRequest>
export type AuthorizeRequest = z.input<typeof authorizeRequest>
export type InitiatePaymentRequest = z.input<typeof initiatePaymentRequest>

/** Idempotency-Key refusals (docs/operations.md "Idempotency-Key"), answered by its middleware. */
const IDEMPOTENCY_ERRORS = ['invalid_idempotency_key', 'idempotency_in_progress', 'idempotency_key_reused'] as const

/** The placement's own checks after the prices: who, when, where (docs/checkout.md). */
const TIMING_ERRORS = [
  'delivery_address_required',
  'past_order_cutoff',
  'restaurant_closed',
  'schedule_out_of_range',
  'table_not_found',
  'time_slot_passed',
  'time_slot_required',
  'time_slot_unavailable',
] as const

/** What every payment call can refuse with (docs/payments.md "Payments"). */
const PAYMENT_ERRORS = [
  ...IDEMPOTENCY_ERRORS,
  'order_id_required',
  'not_found',
  'amount_changed',
  'bill_is_split',
  'order_already_paid',
  'order_cancelled',
  'paying_at_restaurant',
  'payment_already_authorized',
  'payment_not_authorized',
  'share_superseded',
  'currency_not_supported',
  'payment_gateway_unavailable',
  'payment_method_unavailable',
  'card_declined',
  'invalid_card',
  'invalid_card_token',
  'payment_already_live',
  'payment_state_changed',
  'amounts_refused',
] as const

const authorizeBody = orderIdFirst(authorizeRequest, 'The order and a cardToken or a savedCardId (one of them); amount, when sent, must be the total; splitId pays one share.')
const initiateBody = orderIdFirst(initiatePaymentRequest, 'The order and the kind of payment; CNP takes a cardToken or savedCardId as authorize does; PAY_AT_LOCATION and POS promise to pay at the restaurant.')
const targetBody = orderIdFirst(paymentTargetRequest, 'The order, or one share of its split bill (splitId).')

/**
 * Placing, reading, tipping and cancelling an order, and paying for it: order calls, encrypted both
 * ways; a signed-in customer sends a token, a guest a guest token or none (docs/accounts.md "Guests").
 */
export const placementEndpoints = defineEndpoints({
  'POST /order/customer/createOrder': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'orders',
    summary: 'Places an order from a cart, priced by the server; an Idempotency-Key replays the first answer',
    body: placeOrderRequest,
    response: orderDetail,
    statuses: [201],
    errors: [...PRICING_ERRORS, ...TIMING_ERRORS, ...IDEMPOTENCY_ERRORS, 'contact_required', 'mobile_not_verified', 'wallet_changed', 'amounts_refused'],
  },
  'POST /merchants/cartItems': {
    auth: 'none',
    wire: 'encrypted',
    tag: 'orders',
    summary: 'The priced cart and when it would be ready, without placing it',
    body: placeOrderRequest,
    response: cartPreview,
    errors: [...PRICING_ERRORS, ...TIMING_ERRORS],
  },
  'POST /order/customer': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'orders',
    summary: 'An order’s receipt, narrowed to one share of the bill (splitId) or one payment (transactionId)',
    body: orderLookupRequest,
    response: orderReceipt,
    errors: ['order_id_required', 'not_found'],
  },
  'GET /order/v2/getOrder': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'orders',
    summary: 'One order of the caller (a guest’s order by its id)',
    query: z.object({ orderId: z.string().optional() }),
    response: orderDetail,
    errors: ['order_id_required', 'not_found'],
  },
  'PUT /order/v2/customer/add-tip': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'orders',
    summary: 'A new tip and total, until a payment of the order is live',
    body: orderIdFirst(addTipRequest, 'orderId, tip (minor units for FLATFEE, basis points for PERCENTAGE) and tipType.'),
    response: orderDetail,
    errors: [...IDEMPOTENCY_ERRORS, 'order_id_required', 'not_found', 'payment_started', 'order_cancelled', 'tips_not_accepted', 'invalid_tip', 'amounts_refused'],
  },
  'POST /order/customer/cancel': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'orders',
    summary: 'Cancels an unpaid order: nothing charged, a card hold released',
    body: cancelOrderRequest,
    response: orderDetail,
    errors: [...IDEMPOTENCY_ERRORS, 'not_found', 'order_not_cancellable', 'payment_gateway_unavailable', 'payment_state_changed'],
  },
})

/** Paying for an order (docs/payments.md "Payments"): idempotent, for the order's owner or, for a guest's order, whoever holds its id. */
export const paymentEndpoints = defineEndpoints({
  'POST /payment/v2/authorize': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'orders',
    summary: 'Authorizes a card for the order’s total (or a share’s); a decline is a 200 with paymentStatus "20"',
    body: authorizeBody,
    response: paymentResult,
    errors: PAYMENT_ERRORS,
  },
  'POST /payment/authorize-payment': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'orders',
    summary: 'The same as POST /payment/v2/authorize',
    body: authorizeBody,
    response: paymentResult,
    errors: PAYMENT_ERRORS,
  },
  'POST /payment/initiatePayment': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'orders',
    summary: 'Starts a payment of the given kind: a card authorization, or paying at the restaurant',
    body: initiateBody,
    response: paymentResult,
    errors: PAYMENT_ERRORS,
  },
  'POST /payment/start-transaction': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'orders',
    summary: 'The same as POST /payment/initiatePayment',
    body: initiateBody,
    response: paymentResult,
    errors: PAYMENT_ERRORS,
  },
  'POST /payment/collect-payment': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'orders',
    summary: 'Captures the authorized card payment of the order or share',
    body: targetBody,
    response: paymentResult,
    errors: PAYMENT_ERRORS,
  },
  'POST /payment/transfer-order': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'orders',
    summary: 'Pays at the restaurant’s terminal (POS)',
    body: targetBody,
    response: paymentResult,
    errors: PAYMENT_ERRORS,
  },
  'POST /payment/customer-initiate-offline-payment': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'orders',
    summary: 'Promises to pay at the restaurant (PAY_AT_LOCATION)',
    body: targetBody,
    response: paymentResult,
    errors: PAYMENT_ERRORS,
  },
})
