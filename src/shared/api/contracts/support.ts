import { z } from 'zod'
import { MAX_SUPPORT_MESSAGE, SUPPORT_TOPICS } from './feedback-rules'

/* ---------- Support requests (SPEC §7 POST /support/createSupportRequest; plain JSON) ---------- */

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

const optionalText = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional())

export const createSupportRequest = z
  .object({
    name: z.string().trim().min(1, 'is required').max(100, 'is too long'),
    phone: optionalText(z.string().trim().regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +14155550123')),
    email: optionalText(z.email('must be an email address').max(254)),
    topic: z.enum(SUPPORT_TOPICS, 'must be one of the listed topics'),
    message: z.string().trim().min(1, 'is required').max(MAX_SUPPORT_MESSAGE, 'is too long'),
    orderId: optionalText(z.uuid('must be an order id')),
  })

export type CreateSupportRequest = z.input<typeof createSupportRequest>
