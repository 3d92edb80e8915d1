import { z } from 'zod'
import { MAX_FEEDBACK_TEXT } from './feedback-rules'
import { uuid } from './fields'

/* ---------- Feedback after an order (GET/POST /customer/feedback/v2; docs/feedback.md) ---------- */

export type FeedbackQuestionKind = 'RATING' | 'TEXT'

export type FeedbackQuestion = { id: string; question: string; kind: FeedbackQuestionKind }

export type FeedbackAnswer = { questionId: string; rating?: number; text?: string }

/** What the diner sent, as the server keeps it. */
export type SubmittedFeedback = { answers: FeedbackAnswer[]; comment: string | null; submittedAt: string }

/** GET /customer/feedback/v2 (ciphertext): the questions of the order's restaurant and, once sent, the answers. */
export type FeedbackResponse = {
  orderId: string
  isFeedbackSubmitted: boolean
  /** True once the order is finished (RATEABLE_STATUSES); the questions are shown either way. */
  canSubmit: boolean
  questions: FeedbackQuestion[]
  feedback: SubmittedFeedback | null
  /** Our addition, so the page can name the order without a second call. */
  order: { branchName: string; merchantName: string; orderTime: string; timeZone: string; status: string; statusLabel: string; orderNumber: number | null }
}

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
