import { z } from 'zod'
import { MAX_SUPPORT_MESSAGE, SUPPORT_TOPICS } from './feedback-rules'
import { email, optionalField, phone, requiredText, uuid } from './fields'

/* ---------- Support requests (POST /support/createSupportRequest, plain JSON; docs/feedback.md) ---------- */

export type SupportRequestStatus = 'Open' | 'Answered' | 'Closed'

/** 201 of POST /support/createSupportRequest: the reference the diner quotes. */
export type SupportRequestCreated = { reference: string; status: SupportRequestStatus; createdAt: string }

/** One of the signed-in customer's requests (GET /support/requests, our addition). */
export type SupportRequestSummary = SupportRequestCreated & {
  topic: string
  message: string
  orderId: string | null
  branchName: string | null
}

export const createSupportRequest = z
  .object({
    name: requiredText(100),
    phone: optionalField(phone()),
    email: optionalField(email),
    topic: z.enum(SUPPORT_TOPICS, 'must be one of the listed topics'),
    message: z.string().trim().min(1, 'is required').max(MAX_SUPPORT_MESSAGE, 'is too long'),
    orderId: optionalField(uuid('an order id')),
  })

export type CreateSupportRequest = z.input<typeof createSupportRequest>
