import { z } from 'zod'
import { MAX_SPLIT_PARTS, MIN_SPLIT_PARTS, WAITER_CALL_STATUSES } from './dine-in-rules'
import type { OrderPayment } from './ordering'
import { emptyAsMissing, MAX_INSTRUCTION_LENGTH, uuid } from './fields'
import { cartLineRequest } from './orders'

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

export type KitchenTicketItem = { orderItemId: string; name: string; quantity: number; comment: string | null }

/** One kitchen order ticket: a round of a table order (sortOrder = round). */
export type KitchenTicket = { id: string; round: number; status: string; statusLabel: string; items: KitchenTicketItem[]; createdAt: string; updatedAt: string }

export type KitchenTicketsResponse = { orderId: string; tickets: KitchenTicket[] }

export type WaiterCall = {
  id: string
  locationId: string
  tableId: string
  tableName: string
  orderId: string | null
  reason: string | null
  status: WaiterCallStatus
  createdAt: string
  acknowledgedAt: string | null
}

/** One share of a split bill, with its payment when one was made. */
export type BillShare = {
  id: string
  label: string
  kind: 'EVEN' | 'ITEMS'
  amount: number
  orderItemIds: string[]
  payment: OrderPayment | null
  paid: boolean
}

export type SplitBill = { orderId: string; currency: string; total: number; shares: BillShare[] }
