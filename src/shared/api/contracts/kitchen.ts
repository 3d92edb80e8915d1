import { z } from 'zod'
import { defineEndpoints } from './endpoint'
import { uuid } from './fields'

/* ---------- The kitchen display (docs/kitchen.md) ---------- */

import { KITCHEN_COLUMNS } from './kitchen-rules'

export { KITCHEN_COLUMN_LABELS, KITCHEN_COLUMNS, UNDO_SECONDS, type KitchenColumn } from './kitchen-rules'

const kitchenParams = z.object({ locationId: uuid('a location id') })
const orderParams = kitchenParams.extend({ orderId: uuid('an order id') })
const ticketParams = kitchenParams.extend({ ticketId: uuid('a kitchen ticket id') })
const bumpParams = kitchenParams.extend({ bumpId: uuid('a bump id') })
const itemParams = kitchenParams.extend({ itemId: uuid('a dish id') })

/** The status the tap saw: a bump of an order someone else moved meanwhile is refused, not repeated. */
export const bumpRequest = z.strictObject({ from: z.string().regex(/^\d{1,3}$/, 'must be a status code') })

const kitchenLine = z.strictObject({
  id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** "Doneness: Medium rare", "Extra cheese × 2". */
  options: z.array(z.string()),
  note: z.string().nullable(),
})

export const kitchenCard = z
  .strictObject({
    /** The order's id, or the ticket's for a tab's round. */
    key: z.string(),
    kind: z.enum(['order', 'ticket']),
    orderId: z.string(),
    ticketId: z.string().nullable(),
    /** The round of a tab at a table (its kitchen ticket). */
    round: z.number().int().nullable(),
    /** The order's number, shown as #47. */
    number: z.number().int().nullable(),
    type: z.enum(['pickup', 'delivery', 'dine-in', 'event']),
    orderTypeName: z.string(),
    tableName: z.string().nullable(),
    status: z.string(),
    statusLabel: z.string(),
    column: z.enum(KITCHEN_COLUMNS),
    placedAt: z.string(),
    /** Since when the card is in its status (its age in the column). */
    statusSince: z.string(),
    /** A scheduled order's or event slot's time. */
    dueAt: z.string().nullable(),
    /** An event order's slot on the restaurant's clock ("12:30 PM"), to group by. */
    slot: z.string().nullable(),
    firstName: z.string().nullable(),
    note: z.string().nullable(),
    lines: z.array(kitchenLine),
    /** What a bump does; null when the kitchen does not move it from here (a courier has it). */
    next: z.strictObject({ status: z.string(), label: z.string() }).nullable(),
    /** Why there is no bump: "Courier booked". */
    waiting: z.string().nullable(),
  })
  .meta({ id: 'KitchenCard' })

export const kitchenBoard = z
  .strictObject({
    locationId: z.string(),
    branchName: z.string(),
    timeZone: z.string(),
    /** The server's clock, so ages on a tablet with a wrong clock are still right. */
    now: z.string(),
    orderingPaused: z.boolean(),
    orderingPausedAt: z.string().nullable(),
    undoSeconds: z.number().int(),
    cards: z.array(kitchenCard),
    /** Scheduled orders not due yet (shown 15 minutes before their time). */
    later: z.number().int(),
  })
  .meta({ id: 'KitchenBoard' })

export const bumpResult = z
  .strictObject({
    bumpId: z.string(),
    orderId: z.string(),
    ticketId: z.string().nullable(),
    from: z.string(),
    to: z.string(),
    /** The tab's own move a ticket bump made, if any. */
    orderFrom: z.string().nullable(),
    orderTo: z.string().nullable(),
    at: z.string(),
    undoUntil: z.string(),
    undone: z.boolean(),
  })
  .meta({ id: 'KitchenBump' })

export const stockDish = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    category: z.string(),
    soldOut: z.boolean(),
    /** null: not counted. */
    stockQuantity: z.number().int().nullable(),
  })
  .meta({ id: 'KitchenStockDish' })

export const stockList = z.strictObject({ dishes: z.array(stockDish) })

/** Sold out (0) or back: unlimited, or `quantity` left when given. */
export const stockRequest = z.strictObject({ soldOut: z.boolean(), quantity: z.number().int().min(1).max(100_000).optional() })

export const orderingRequest = z.strictObject({ paused: z.boolean() })
export const orderingState = z.strictObject({ orderingPaused: z.boolean(), orderingPausedAt: z.string().nullable() })

export type KitchenCard = z.output<typeof kitchenCard>
export type KitchenBoard = z.output<typeof kitchenBoard>
export type BumpResult = z.output<typeof bumpResult>
export type StockDish = z.output<typeof stockDish>

const IDEMPOTENCY_ERRORS = ['invalid_idempotency_key', 'idempotency_in_progress', 'idempotency_key_reused'] as const
/** The guard's refusals (docs/kitchen.md "Who may"): kitchen staff and managers only. */
const STAFF_ERRORS = ['unauthenticated', 'forbidden', 'role_not_allowed'] as const

export const kitchenEndpoints = defineEndpoints({
  'GET /staff/:locationId/kitchen': {
    auth: 'staff',
    roles: ['kitchen'],
    wire: 'json',
    tag: 'kitchen',
    summary: 'The kitchen display: live orders and tickets of today by status',
    params: kitchenParams,
    response: kitchenBoard,
    errors: [...STAFF_ERRORS, 'not_found'],
  },
  'GET /staff/:locationId/kitchen/events': {
    auth: 'staff',
    roles: ['kitchen'],
    wire: 'json',
    tag: 'kitchen',
    summary: 'The kitchen display, live: Server-Sent Events',
    description:
      'Sends the board (`event: board`) at once and again after every change of an order, a ticket, the stock or the pause at the location; comment lines keep a quiet stream open (docs/operations.md "Live streams").',
    params: kitchenParams,
    response: kitchenBoard,
    stream: { event: 'board' },
    errors: [...STAFF_ERRORS, 'not_found'],
    cache: 'default',
  },
  'POST /staff/:locationId/kitchen/orders/:orderId/bump': {
    auth: 'staff',
    roles: ['kitchen'],
    wire: 'json',
    tag: 'kitchen',
    summary: 'Bump an order to its next status',
    description: '`from` is the status the tap saw; 409 order_moved when the order is no longer there (someone else bumped it).',
    params: orderParams,
    body: bumpRequest,
    response: bumpResult,
    errors: [...STAFF_ERRORS, 'not_found', 'order_moved', 'not_bumpable', 'courier_has_order', ...IDEMPOTENCY_ERRORS],
  },
  'POST /staff/:locationId/kitchen/tickets/:ticketId/bump': {
    auth: 'staff',
    roles: ['kitchen'],
    wire: 'json',
    tag: 'kitchen',
    summary: 'Bump a table’s kitchen ticket (one round) to its next status',
    params: ticketParams,
    body: bumpRequest,
    response: bumpResult,
    errors: [...STAFF_ERRORS, 'not_found', 'order_moved', 'not_bumpable', ...IDEMPOTENCY_ERRORS],
  },
  'POST /staff/:locationId/kitchen/bumps/:bumpId/undo': {
    auth: 'staff',
    roles: ['kitchen'],
    wire: 'json',
    tag: 'kitchen',
    summary: 'Undo a bump within its window',
    params: bumpParams,
    response: bumpResult,
    errors: [...STAFF_ERRORS, 'not_found', 'undo_window_passed', 'not_last_bump', 'order_moved', 'already_undone', ...IDEMPOTENCY_ERRORS],
  },
  'GET /staff/:locationId/kitchen/stock': {
    auth: 'staff',
    roles: ['kitchen'],
    wire: 'json',
    tag: 'kitchen',
    summary: 'The location’s dishes and whether each is sold out',
    params: kitchenParams,
    response: stockList,
    errors: [...STAFF_ERRORS],
  },
  'PUT /staff/:locationId/kitchen/stock/:itemId': {
    auth: 'staff',
    roles: ['kitchen'],
    wire: 'json',
    tag: 'kitchen',
    summary: 'Mark a dish sold out, or back',
    params: itemParams,
    body: stockRequest,
    response: stockDish,
    errors: [...STAFF_ERRORS, 'not_found'],
  },
  'PUT /staff/:locationId/kitchen/ordering': {
    auth: 'staff',
    roles: ['kitchen'],
    wire: 'json',
    tag: 'kitchen',
    summary: 'Pause or resume online ordering at the location',
    params: kitchenParams,
    body: orderingRequest,
    response: orderingState,
    errors: [...STAFF_ERRORS, 'not_found'],
  },
} as const)
