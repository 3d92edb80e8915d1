import { z } from 'zod'
import { defineEndpoints } from './endpoint'
import { MAX_SPLIT_PARTS, MIN_SPLIT_PARTS, WAITER_CALL_STATUSES } from './dine-in-rules'
import { orderDetail, orderIdRequest, orderPayment } from './ordering'
import { emptyAsMissing, MAX_INSTRUCTION_LENGTH, uuid } from './fields'
import { cartLineRequest, PRICING_ERRORS } from './orders'

/** PUT /order/update/customer (encrypted, Idempotency-Key): a new round of dishes onto an open table order. */
export const addRoundRequest = z.object({
  orderId: uuid('an order id'),
  items: z.array(cartLineRequest).min(1, 'must hold at least one item').max(100),
  comment: z.string().trim().max(MAX_INSTRUCTION_LENGTH, 'is too long').optional(),
})

/** POST /kot/v2/getKOTItemsBySortOrder (encrypted): the kitchen tickets of an order, or of one round (sortOrder). */
export const kitchenTicketsRequest = z.object({
  orderId: uuid('an order id'),
  splitId: z.preprocess(emptyAsMissing, uuid('a split id').optional()),
  transactionId: z.preprocess(emptyAsMissing, uuid('a transaction id').optional()),
  sortOrder: z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    z.number().int('must be a whole number').min(1, 'must be 1 or more').optional(),
  ),
})

/** POST /customer/call-waiter (plain JSON, guests too). */
export const callWaiterRequest = z.object({
  tableId: uuid('a table id'),
  orderId: uuid('an order id').optional(),
  reason: z.string().trim().max(200, 'is too long').optional(),
})

const locationId = uuid('a location id')
/** GET /merchants/{locationId}/waiter-calls (staff). */
export const waiterCallsParams = z.object({ locationId })
/** PUT /merchants/{locationId}/waiter-calls/{callId} (staff). */
export const waiterCallParams = z.object({ locationId, callId: uuid('a waiter call id') })

/** GET /customer/call-waiter/{callId}: the diner follows their own call (its id, unguessable, is the key). */
export const waiterCallLookup = z.object({ callId: uuid('a waiter call id') })
/** PUT /merchants/{locationId}/waiter-calls/{id} (staff). */
export const waiterCallUpdate = z.object({ status: z.enum(WAITER_CALL_STATUSES.filter((status) => status !== 'Open') as ['Acknowledged', 'Done']) })

/** POST /order/customer/split (encrypted, Idempotency-Key): evenly in `parts`, or by the lines each group takes. */
export const splitRequest = z.discriminatedUnion('mode', [
  z.object({
    orderId: uuid('an order id'),
    mode: z.literal('EVEN'),
    parts: z.number().int('must be a whole number').min(MIN_SPLIT_PARTS, `must be at least ${MIN_SPLIT_PARTS}`).max(MAX_SPLIT_PARTS, `must be at most ${MAX_SPLIT_PARTS}`),
  }),
  z.object({
    orderId: uuid('an order id'),
    mode: z.literal('ITEMS'),
    groups: z
      .array(z.object({ label: z.string().trim().min(1).max(60).optional(), orderItemIds: z.array(uuid('an order line id')).min(1, 'must hold at least one line') }))
      .min(MIN_SPLIT_PARTS, `must hold at least ${MIN_SPLIT_PARTS} groups`)
      .max(MAX_SPLIT_PARTS, `must hold at most ${MAX_SPLIT_PARTS} groups`),
  }),
])

export type AddRoundRequest = z.input<typeof addRoundRequest>
export type KitchenTicketsRequest = z.input<typeof kitchenTicketsRequest>
export type CallWaiterRequest = z.input<typeof callWaiterRequest>
export type SplitRequest = z.input<typeof splitRequest>
export type WaiterCallStatus = (typeof WAITER_CALL_STATUSES)[number]

const isoInstant = z.iso.datetime({ offset: true })

const kitchenTicketItem = z.strictObject({ orderItemId: z.uuid(), name: z.string(), quantity: z.number().int(), comment: z.string().nullable() })
export type KitchenTicketItem = z.output<typeof kitchenTicketItem>

/** One kitchen order ticket: a round of a table order (sortOrder = round). */
const kitchenTicket = z
  .strictObject({
    id: z.uuid(),
    round: z.number().int(),
    status: z.string(),
    statusLabel: z.string(),
    items: z.array(kitchenTicketItem),
    createdAt: isoInstant,
    updatedAt: isoInstant,
  })
  .meta({ id: 'KitchenTicket' })
export type KitchenTicket = z.output<typeof kitchenTicket>

export const kitchenTicketsResponse = z.strictObject({ orderId: z.uuid(), tickets: z.array(kitchenTicket) }).meta({ id: 'KitchenTicketsResponse' })
export type KitchenTicketsResponse = z.output<typeof kitchenTicketsResponse>

export const waiterCall = z
  .strictObject({
    id: z.uuid(),
    locationId: z.uuid(),
    tableId: z.uuid(),
    tableName: z.string(),
    orderId: z.uuid().nullable(),
    reason: z.string().nullable(),
    status: z.enum(WAITER_CALL_STATUSES),
    createdAt: isoInstant,
    acknowledgedAt: isoInstant.nullable(),
  })
  .meta({ id: 'WaiterCall' })
export type WaiterCall = z.output<typeof waiterCall>

/** One share of a split bill, with its payment when one was made. */
const billShare = z
  .strictObject({
    id: z.uuid(),
    label: z.string(),
    kind: z.enum(['EVEN', 'ITEMS']),
    amount: z.number().int(),
    orderItemIds: z.array(z.uuid()),
    payment: orderPayment.nullable(),
    paid: z.boolean(),
  })
  .meta({ id: 'BillShare' })
export type BillShare = z.output<typeof billShare>

export const splitBillResponse = z
  .strictObject({ orderId: z.uuid(), currency: z.string(), total: z.number().int(), shares: z.array(billShare) })
  .meta({ id: 'SplitBill' })
export type SplitBill = z.output<typeof splitBillResponse>

const IDEMPOTENCY_ERRORS = ['invalid_idempotency_key', 'idempotency_in_progress', 'idempotency_key_reused'] as const
/** Why a table order takes no new round or split (docs/dine-in.md). */
const TABLE_ORDER_ERRORS = ['not_found', 'not_a_table_order', 'order_closed', 'order_cancelled', 'order_already_paid', 'bill_being_paid'] as const

/** The dine-in module's routes (server/src/modules/dine-in; docs/dine-in.md). */
export const dineInEndpoints = defineEndpoints({
  'PUT /order/update/customer': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'dine-in',
    summary: 'Adds a round of dishes to an open table order and sends it to the kitchen; an Idempotency-Key replays the first answer.',
    body: addRoundRequest,
    response: orderDetail,
    errors: [...PRICING_ERRORS, ...TABLE_ORDER_ERRORS, ...IDEMPOTENCY_ERRORS, 'out_of_stock'],
  },
  'POST /order/customer/split': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'dine-in',
    summary: 'Splits a table bill evenly in parts or by the lines each group takes; an Idempotency-Key replays the first answer.',
    body: splitRequest,
    response: splitBillResponse,
    statuses: [201],
    errors: [...TABLE_ORDER_ERRORS, ...IDEMPOTENCY_ERRORS, 'nothing_to_split', 'too_many_parts', 'share_too_small', 'unknown_line', 'line_in_two_shares', 'line_not_shared'],
  },
  'POST /order/customer/splits': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'dine-in',
    summary: 'The shares of a split table bill, each with its payment.',
    body: orderIdRequest,
    response: splitBillResponse,
    errors: ['not_found', 'not_a_table_order'],
  },
  'POST /kot/v2/getKOTItemsBySortOrder': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'dine-in',
    summary: 'The kitchen tickets of a table order, one per round, or of one round (sortOrder).',
    body: kitchenTicketsRequest,
    response: kitchenTicketsResponse,
    errors: ['not_found'],
  },
  'POST /customer/call-waiter': {
    auth: 'optional',
    wire: 'json',
    tag: 'dine-in',
    summary: "Calls the waiter to the table: 201 with a new call, 200 with the table's call that is still open.",
    body: callWaiterRequest,
    response: waiterCall,
    statuses: [201, 200],
    errors: ['not_found', 'waiter_call_changed'],
  },
  'GET /customer/call-waiter/:callId': {
    auth: 'none',
    wire: 'json',
    tag: 'dine-in',
    summary: 'A waiter call as the diner follows it: Open, then Acknowledged by the staff, then Done',
    params: waiterCallLookup,
    response: waiterCall,
    errors: ['not_found'],
    cache: 'no-store',
  },
  'GET /merchants/:locationId/waiter-calls': {
    auth: 'staff',
    roles: ['server'],
    wire: 'encrypted',
    tag: 'dine-in',
    summary: "The restaurant's waiter calls, open ones first (staff token of the location).",
    params: waiterCallsParams,
    response: z.array(waiterCall),
    errors: [],
  },
  'PUT /merchants/:locationId/waiter-calls/:callId': {
    auth: 'staff',
    roles: ['server'],
    wire: 'encrypted',
    tag: 'dine-in',
    summary: 'Acknowledges a waiter call or marks it done (staff token of the location).',
    params: waiterCallParams,
    body: waiterCallUpdate,
    response: waiterCall,
    errors: ['not_found', 'waiter_call_done'],
  },
})
