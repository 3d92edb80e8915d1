import { z } from 'zod'
import { defineEndpoints } from './endpoint'
import { uuid } from './fields'
import { MAX_SUPPORT_REPLY, SUPPORT_REPLIES_PER_HOUR } from './floor-rules'
import { supportRequestStatus } from './support'

/* ---------- The floor: waiter calls and the support inbox, for a location's staff (docs/floor.md) ---------- */

export { MAX_SUPPORT_REPLY, SUPPORT_REPLIES_PER_HOUR } from './floor-rules'

const isoInstant = z.iso.datetime({ offset: true })
const locationParams = z.object({ locationId: uuid('a location id') })
const callParams = z.object({ locationId: uuid('a location id'), callId: uuid('a waiter call id') })
const requestParams = z.object({ locationId: uuid('a location id'), requestId: uuid('a support request id') })

/** One waiter call of the queue. */
export const floorCall = z
  .strictObject({
    id: z.uuid(),
    tableId: z.uuid(),
    tableName: z.string(),
    orderId: z.uuid().nullable(),
    reason: z.string().nullable(),
    status: z.enum(['Open', 'Acknowledged', 'Done']),
    createdAt: isoInstant,
    /** Whole seconds since the call, at the server's `now` of the answer. */
    ageSeconds: z.number().int().min(0),
    acknowledgedAt: isoInstant.nullable(),
    /** The name of the staff member who acknowledged it. */
    acknowledgedBy: z.string().nullable(),
    doneAt: isoInstant.nullable(),
  })
  .meta({ id: 'FloorCall' })
export type FloorCall = z.output<typeof floorCall>

/** The floor board: open and acknowledged calls, oldest first, and what the support inbox holds. */
export const floorBoard = z
  .strictObject({
    now: isoInstant,
    calls: z.array(floorCall),
    /** Open support requests of the location. */
    supportOpen: z.number().int().min(0),
    /** The newest change of the location's support requests (a request, a reply, a close): the inbox refetches when it moves. */
    supportChangedAt: isoInstant.nullable(),
  })
  .meta({ id: 'FloorBoard' })
export type FloorBoard = z.output<typeof floorBoard>

export const floorCallUpdate = z.object({ status: z.enum(['Acknowledged', 'Done'], 'must be Acknowledged or Done') })
export type FloorCallUpdate = z.input<typeof floorCallUpdate>

export const supportInboxQuery = z.object({ status: supportRequestStatus.optional() })

export const supportReply = z
  .strictObject({
    id: z.uuid(),
    body: z.string(),
    staffName: z.string(),
    /** The phone it was texted to. */
    phone: z.string(),
    createdAt: isoInstant,
  })
  .meta({ id: 'SupportReply' })
export type SupportReply = z.output<typeof supportReply>

/** A support request as the restaurant sees it. */
export const supportInboxItem = z
  .strictObject({
    id: z.uuid(),
    reference: z.string(),
    status: supportRequestStatus,
    createdAt: isoInstant,
    topic: z.string(),
    message: z.string(),
    name: z.string(),
    /** Where a reply is texted: the request's phone, else the signed-in diner's own; null when only an email is known. */
    phone: z.string().nullable(),
    email: z.string().nullable(),
    orderId: z.uuid().nullable(),
    /** "#12": the order's number of its day, when it has one. */
    orderNumber: z.string().nullable(),
    replyCount: z.number().int().min(0),
    lastReplyAt: isoInstant.nullable(),
  })
  .meta({ id: 'SupportInboxItem' })
export type SupportInboxItem = z.output<typeof supportInboxItem>

export const supportInbox = z.array(supportInboxItem).meta({ id: 'SupportInbox', description: 'Newest first, at most 200.' })

export const supportRequestDetail = z.strictObject({ ...supportInboxItem.shape, replies: z.array(supportReply) }).meta({ id: 'SupportRequestDetail' })
export type SupportRequestDetail = z.output<typeof supportRequestDetail>

export const supportReplyRequest = z.object({
  message: z.string().trim().min(1, 'is required').max(MAX_SUPPORT_REPLY, `must be at most ${MAX_SUPPORT_REPLY} characters`),
})
export type SupportReplyRequest = z.input<typeof supportReplyRequest>

/** The floor (docs/floor.md): a location's staff, plain JSON. */
export const floorEndpoints = defineEndpoints({
  'GET /staff/:locationId/waiter-calls': {
    auth: 'staff',
    roles: ['server'],
    wire: 'json',
    tag: 'floor',
    summary: 'The waiter-call queue: open and acknowledged calls, oldest first, and the support inbox count',
    params: locationParams,
    response: floorBoard,
    errors: [],
  },
  'GET /staff/:locationId/floor/events': {
    auth: 'staff',
    roles: ['server'],
    wire: 'json',
    tag: 'floor',
    summary: 'The floor board, live: Server-Sent Events',
    description: 'Opens with the board, then sends it again (`event: floor`) on every new or changed waiter call or support request of the location; comment lines keep a quiet stream open (docs/operations.md "Live streams").',
    params: locationParams,
    response: floorBoard,
    stream: { event: 'floor' },
    errors: ['too_many_streams'],
    // The stream sets its own headers.
    cache: 'default',
  },
  'PUT /staff/:locationId/waiter-calls/:callId': {
    auth: 'staff',
    roles: ['server'],
    wire: 'json',
    tag: 'floor',
    summary: 'Acknowledges a waiter call or marks it done, in the name of the signed-in staff member',
    params: callParams,
    body: floorCallUpdate,
    response: floorCall,
    errors: ['not_found', 'waiter_call_done'],
  },
  'GET /staff/:locationId/support-requests': {
    auth: 'staff',
    roles: ['server'],
    wire: 'json',
    tag: 'floor',
    summary: "The location's support requests, newest first, optionally of one status",
    params: locationParams,
    query: supportInboxQuery,
    response: supportInbox,
    errors: [],
  },
  'GET /staff/:locationId/support-requests/:requestId': {
    auth: 'staff',
    roles: ['server'],
    wire: 'json',
    tag: 'floor',
    summary: 'One support request of the location with its thread of replies',
    params: requestParams,
    response: supportRequestDetail,
    errors: ['not_found'],
  },
  'POST /staff/:locationId/support-requests/:requestId/replies': {
    auth: 'staff',
    roles: ['server'],
    wire: 'json',
    tag: 'floor',
    summary: "Replies by SMS to the request's phone; the request becomes Answered",
    description: `At most ${MAX_SUPPORT_REPLY} characters and ${SUPPORT_REPLIES_PER_HOUR} replies per request an hour (429 rate_limited with Retry-After). A request with only an email cannot be texted: 409 no_phone.`,
    params: requestParams,
    body: supportReplyRequest,
    response: supportRequestDetail,
    statuses: [201],
    errors: ['not_found', 'no_phone', 'support_request_closed', 'rate_limited'],
  },
  'PUT /staff/:locationId/support-requests/:requestId/close': {
    auth: 'staff',
    roles: ['server'],
    wire: 'json',
    tag: 'floor',
    summary: 'Closes a support request (closing a closed one changes nothing)',
    params: requestParams,
    response: supportRequestDetail,
    errors: ['not_found'],
  },
} as const)
