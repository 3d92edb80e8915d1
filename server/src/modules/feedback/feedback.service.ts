import { and, asc, eq, isNull, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { FeedbackQuestion, FeedbackResponse, submitFeedbackRequest } from '@/shared/api/contracts/feedback'
import { isRateableStatus } from '@/shared/api/contracts/feedback-rules'
import { statusLabel } from '@/shared/api/contracts/order-status'
import type { Executor } from '../../db/executor'
import { feedbackQuestions, feedbacks, locations, merchants, orderItems, orders, orderTypes } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import type { Caller } from '../../domain/caller'
import { loadOwnedOrder } from '../../domain/owned-order'

type SubmitInput = z.output<typeof submitFeedbackRequest>

export const FEEDBACK_ALREADY_SUBMITTED = 'Feedback for this order was already submitted.'
export const FEEDBACK_NOT_YET = 'You can rate this order once it has been delivered, picked up or served.'

const invalid = (message: string) => new ApiError(400, 'invalid_feedback', message)

type OrderRow = typeof orders.$inferSelect

/** A question fits an order of this type with these dishes: any type or this one, about no dish or one it has. */
export function fitsOrder(
  question: { orderTypeGroups: string[] | null; aboutItemIds: string[] | null },
  typeGroup: string,
  orderedItemIds: ReadonlySet<string>,
): boolean {
  if (question.orderTypeGroups && !question.orderTypeGroups.includes(typeGroup)) return false
  if (question.aboutItemIds && !question.aboutItemIds.some((id) => orderedItemIds.has(id))) return false
  return true
}

/**
 * The questions that fit this order (docs/orders.md "Feedback"): everyone's first, then the
 * restaurant's own, each in their sort order, leaving out those for other order types and those
 * about dishes the order does not have.
 */
async function questionsOf(db: Executor, order: OrderRow): Promise<FeedbackQuestion[]> {
  const [rows, [type], lines] = await Promise.all([
    db
      .select()
      .from(feedbackQuestions)
      .where(or(isNull(feedbackQuestions.locationId), eq(feedbackQuestions.locationId, order.locationId)))
      .orderBy(sql`${feedbackQuestions.locationId} is not null`, asc(feedbackQuestions.sortOrder), asc(feedbackQuestions.question)),
    db
      .select({ typeGroup: orderTypes.typeGroup })
      .from(orderTypes)
      .where(and(eq(orderTypes.locationId, order.locationId), eq(orderTypes.code, order.orderTypeCode))),
    db.select({ itemId: orderItems.itemId }).from(orderItems).where(eq(orderItems.orderId, order.id)),
  ])
  const typeGroup = type?.typeGroup ?? 'P'
  const ordered = new Set(lines.map((line) => line.itemId).filter((id): id is string => id !== null))
  return rows
    .filter((row) => fitsOrder(row, typeGroup, ordered))
    .map((row) => ({ id: row.id, question: row.question, kind: row.kind }))
}

/** GET /customer/feedback/v2: the order's questions and any feedback given, for whoever may read the order's receipt (docs/feedback.md). */
export async function readFeedback(db: Executor, caller: Caller, orderId: string): Promise<FeedbackResponse> {
  const order = await loadOwnedOrder(db, caller, orderId)
  const [place] = await db
    .select({ branchName: locations.branchName, timeZone: locations.timeZoneCd, merchantName: merchants.name })
    .from(locations)
    .innerJoin(merchants, eq(locations.merchantId, merchants.id))
    .where(eq(locations.id, order.locationId))
  const [questions, [submitted]] = await Promise.all([
    questionsOf(db, order),
    db.select().from(feedbacks).where(eq(feedbacks.orderId, order.id)),
  ])
  return {
    orderId: order.id,
    isFeedbackSubmitted: Boolean(submitted),
    canSubmit: !submitted && isRateableStatus(order.status),
    questions,
    feedback: submitted ? { answers: submitted.answers, comment: submitted.comment, submittedAt: submitted.createdAt.toISOString() } : null,
    order: {
      branchName: place?.branchName ?? '',
      merchantName: place?.merchantName ?? '',
      orderTime: order.createdAt.toISOString(),
      timeZone: place?.timeZone ?? 'UTC',
      status: order.status,
      statusLabel: statusLabel(order.status),
      orderNumber: order.orderNumber,
    },
  }
}

/** Each answer is to a question asked of this order, once, in its kind; every rating question is answered. */
function checkAnswers(questions: Map<string, FeedbackQuestion>, request: SubmitInput) {
  const answered = new Set<string>()
  for (const answer of request.answers) {
    const question = questions.get(answer.questionId)
    if (!question) throw invalid(`Question ${answer.questionId} is not asked for this order.`)
    if (answered.has(answer.questionId)) throw invalid(`"${question.question}" is answered twice.`)
    answered.add(answer.questionId)
    if (question.kind === 'RATING' && answer.rating === undefined) throw invalid(`"${question.question}" needs a rating from 1 to 5.`)
    if (question.kind === 'TEXT' && answer.text === undefined) throw invalid(`"${question.question}" needs a written answer.`)
  }
  const unrated = [...questions.values()].find((question) => question.kind === 'RATING' && !answered.has(question.id))
  if (unrated) throw invalid(`Please rate "${unrated.question}".`)
}

/** POST /customer/feedback/v2: one feedback per finished order, every rating question answered (docs/feedback.md). */
export async function submitFeedback(db: Executor, caller: Caller, request: SubmitInput): Promise<FeedbackResponse> {
  const order = await loadOwnedOrder(db, caller, request.orderId)
  const [already] = await db.select({ id: feedbacks.id }).from(feedbacks).where(eq(feedbacks.orderId, order.id))
  if (already) throw new ApiError(409, 'feedback_already_submitted', FEEDBACK_ALREADY_SUBMITTED)
  if (!isRateableStatus(order.status)) throw new ApiError(409, 'order_not_finished', FEEDBACK_NOT_YET)

  checkAnswers(new Map((await questionsOf(db, order)).map((question) => [question.id, question])), request)

  const answers = request.answers.filter((answer) => answer.rating !== undefined || answer.text)
  // The unique order id settles two submits racing past the check above.
  const inserted = await db
    .insert(feedbacks)
    .values({ orderId: order.id, customerId: order.customerId, locationId: order.locationId, answers, comment: request.comment ?? null })
    .onConflictDoNothing({ target: feedbacks.orderId })
    .returning()
  if (inserted.length === 0) throw new ApiError(409, 'feedback_already_submitted', FEEDBACK_ALREADY_SUBMITTED)
  return readFeedback(db, caller, order.id)
}
