import { z } from 'zod'
import { MAX_SUPPORT_MESSAGE, SUPPORT_TOPICS } from './feedback-rules'
import { defineEndpoints } from './endpoint'
import { email, optionalField, phone, requiredText, uuid } from './fields'

/* ---------- Support requests (POST /support/createSupportRequest, plain JSON; docs/feedback.md) ---------- */

export const createSupportRequest = z
  .object({
    name: requiredText(100),
    phone: optionalField(phone()),
    email: optionalField(email),
    topic: z.enum(SUPPORT_TOPICS, 'must be one of the listed topics'),
    message: z.string().trim().min(1, 'is required').max(MAX_SUPPORT_MESSAGE, 'is too long'),
    orderId: optionalField(uuid('an order id')),
    /** The restaurant the request is for, when it is not about an order (an order names its own; docs/floor.md "Support inbox"). */
    locationId: optionalField(uuid('a restaurant id')),
  })

export type CreateSupportRequest = z.input<typeof createSupportRequest>

export const supportRequestStatus = z.enum(['Open', 'Answered', 'Closed'])

/** 201 of POST /support/createSupportRequest: the reference the diner quotes. */
export const supportRequestCreated = z
  .strictObject({
    reference: z.string().meta({ description: '`TF-` and 6 characters of 23456789ABCDEFGHJKMNPQRSTUVWXYZ.' }),
    status: supportRequestStatus,
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'SupportRequestCreated', description: 'The reference the diner quotes.' })

/** A restaurant's answer, as the diner reads it (texted to them too). */
export const supportAnswer = z
  .strictObject({
    body: z.string(),
    /** Who answered: the staff member's name. */
    staffName: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'SupportAnswer' })

/** One of the signed-in customer's requests (GET /support/requests, our addition). */
export const supportRequestSummary = z
  .strictObject({
    ...supportRequestCreated.shape,
    topic: z.string(),
    message: z.string(),
    orderId: z.uuid().nullable(),
    branchName: z.string().nullable(),
    /** The restaurant's replies, oldest first. */
    replies: z.array(supportAnswer),
  })
  .meta({ id: 'SupportRequestSummary' })

export const supportRequestList = z.array(supportRequestSummary).meta({ id: 'SupportRequestList', description: 'Newest first, at most 100.' })

export type SupportRequestStatus = z.output<typeof supportRequestStatus>
export type SupportRequestCreated = z.output<typeof supportRequestCreated>
export type SupportRequestSummary = z.output<typeof supportRequestSummary>
export type SupportAnswer = z.output<typeof supportAnswer>

/** Support requests (docs/feedback.md "Support requests"): plain JSON. */
export const supportEndpoints = defineEndpoints({
  'POST /support/createSupportRequest': {
    auth: 'optional',
    wire: 'json',
    tag: 'support',
    summary: 'Ask for help: a guest with a phone or an email, or a signed-in customer',
    description: 'A token links the request to the customer. Too many from one sender answer 429 rate_limited with Retry-After.',
    body: createSupportRequest,
    response: supportRequestCreated,
    statuses: [201],
    errors: ['not_found', 'contact_required', 'rate_limited', 'location_mismatch'],
  },
  'GET /support/requests': {
    auth: 'customer',
    wire: 'json',
    tag: 'support',
    summary: "The signed-in customer's own support requests, newest first",
    response: supportRequestList,
    errors: [],
  },
} as const)
