import { z } from 'zod'
import { MAX_FEEDBACK_TEXT } from './feedback-rules'
import { defineEndpoints } from './endpoint'
import { uuid } from './fields'

/* ---------- Feedback after an order (GET/POST /customer/feedback/v2; docs/feedback.md) ---------- */

export const feedbackQuery = z.object({ orderId: uuid('an order id') })

const answer = z
  .object({
    questionId: uuid('a question id'),
    rating: z.number('must be a number').int('must be a whole number').min(1, 'must be 1 to 5').max(5, 'must be 1 to 5').optional(),
    text: z.string().trim().max(MAX_FEEDBACK_TEXT, 'is too long').optional(),
  })
  .refine((value) => (value.rating === undefined) !== (value.text === undefined), 'needs a rating or a text, not both')

/** POST /customer/feedback/v2, encrypted `{data}` (docs/api.md "Wire protocol"). */
export const submitFeedbackRequest = z.object({
  orderId: uuid('an order id'),
  answers: z.array(answer).max(50, 'has too many answers'),
  comment: z
    .string()
    .trim()
    .max(MAX_FEEDBACK_TEXT, 'is too long')
    .optional()
    .transform((value) => value || undefined),
})

export type SubmitFeedbackRequest = z.input<typeof submitFeedbackRequest>

export const feedbackQuestionKind = z.enum(['RATING', 'TEXT'])

export const feedbackQuestion = z.strictObject({ id: z.uuid(), question: z.string(), kind: feedbackQuestionKind }).meta({ id: 'FeedbackQuestion' })

export const feedbackAnswer = z
  .strictObject({ questionId: z.uuid(), rating: z.number().int().optional(), text: z.string().optional() })
  .meta({ id: 'FeedbackAnswer', description: 'A rating (1–5) or a text, as the diner sent it.' })

/** What the diner sent, as the server keeps it. */
export const submittedFeedback = z
  .strictObject({ answers: z.array(feedbackAnswer), comment: z.string().nullable(), submittedAt: z.iso.datetime({ offset: true }) })
  .meta({ id: 'SubmittedFeedback', description: 'What the diner sent, as the server keeps it.' })

/** GET /customer/feedback/v2 (ciphertext): the questions of the order's restaurant and, once sent, the answers. */
export const feedbackResponse = z
  .strictObject({
    orderId: z.uuid(),
    isFeedbackSubmitted: z.boolean(),
    canSubmit: z.boolean().meta({ description: 'True once the order is finished (RATEABLE_STATUSES) and not yet rated; the questions are shown either way.' }),
    questions: z.array(feedbackQuestion),
    feedback: submittedFeedback.nullable(),
    order: z
      .strictObject({
        branchName: z.string(),
        merchantName: z.string(),
        orderTime: z.iso.datetime({ offset: true }),
        timeZone: z.string(),
        status: z.string(),
        statusLabel: z.string(),
        orderNumber: z.number().int().nullable(),
      })
      .meta({ description: 'Our addition, so the page can name the order without a second call.' }),
  })
  .meta({ id: 'FeedbackResponse', description: "The questions of the order's restaurant and, once sent, the answers." })

export type FeedbackQuestionKind = z.output<typeof feedbackQuestionKind>
export type FeedbackQuestion = z.output<typeof feedbackQuestion>
export type FeedbackAnswer = z.output<typeof feedbackAnswer>
export type SubmittedFeedback = z.output<typeof submittedFeedback>
export type FeedbackResponse = z.output<typeof feedbackResponse>

/** Feedback after an order (docs/feedback.md): a signed-in customer's order by token, a guest's by whoever holds its id. */
export const feedbackEndpoints = defineEndpoints({
  'GET /customer/feedback/v2': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'feedback',
    summary: "An order's feedback questions and, once sent, the answers",
    query: feedbackQuery,
    response: feedbackResponse,
    errors: ['not_found'],
  },
  'POST /customer/feedback/v2': {
    auth: 'optional',
    wire: 'encrypted',
    tag: 'feedback',
    summary: 'Rate a finished order: one feedback per order, every rating question answered',
    body: submitFeedbackRequest,
    response: feedbackResponse,
    statuses: [201],
    errors: ['not_found', 'invalid_feedback', 'feedback_already_submitted', 'order_not_finished'],
  },
} as const)
