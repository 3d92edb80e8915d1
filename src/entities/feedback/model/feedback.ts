import { map } from 'nanostores'
import { ApiRefusal, FEEDBACK_FAILED, FEEDBACK_SUBMITTED, type FeedbackAnswer, type FeedbackResponse } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { throttle } from '@/shared/lib/throttle'
import { showToast } from '@/shared/ui'
import { fetchFeedback, sendFeedback } from '../api/feedback-api'

/** Toasts of 1500 ms and one submit per 5000 ms (docs/feedback.md, "Feedback"). */
const TOAST_MS = 1500
const SUBMIT_WINDOW_MS = 5000

export const FEEDBACK_ORDER_NOT_FOUND = 'We could not find this order. It may belong to another account.'

const feedback = createRequestState<FeedbackResponse>()

/** The questions and, once sent, the answers of one order (docs/feedback.md, "Feedback": the submitted flag). */
export const $feedback = feedback.$state

export function loadFeedback(orderId: string, signedIn: boolean) {
  if (feedback.$state.get().data?.orderId !== orderId) feedback.reset()
  return feedback.run(
    () => fetchFeedback(orderId, signedIn),
    (error) => {
      if (error instanceof ApiRefusal && error.status === 404) return FEEDBACK_ORDER_NOT_FOUND
      console.error('Loading the feedback questions failed:', error)
      return 'Please Try Again'
    },
  )
}

/** The diner's answers while they fill the form: ratings 1–5 and texts by question id. */
export type FeedbackDraft = { orderId: string; ratings: Record<string, number>; texts: Record<string, string>; comment: string }

export const $feedbackDraft = map<FeedbackDraft>({ orderId: '', ratings: {}, texts: {}, comment: '' })

function draftFor(orderId: string): FeedbackDraft {
  const draft = $feedbackDraft.get()
  return draft.orderId === orderId ? draft : { orderId, ratings: {}, texts: {}, comment: '' }
}

export function rateQuestion(orderId: string, questionId: string, rating: number) {
  const draft = draftFor(orderId)
  $feedbackDraft.set({ ...draft, ratings: { ...draft.ratings, [questionId]: rating } })
}

export function answerQuestion(orderId: string, questionId: string, text: string) {
  const draft = draftFor(orderId)
  $feedbackDraft.set({ ...draft, texts: { ...draft.texts, [questionId]: text } })
}

export function setFeedbackComment(orderId: string, comment: string) {
  $feedbackDraft.set({ ...draftFor(orderId), comment })
}

/** The rating questions of `questions` the draft has not rated yet, in the page's order. */
export function unratedQuestions(questions: FeedbackResponse['questions'], draft: FeedbackDraft) {
  return questions.filter((question) => question.kind === 'RATING' && !draft.ratings[question.id])
}

export const $feedbackSubmit = map<{ submitting: boolean; error: string | undefined }>({ submitting: false, error: undefined })

async function submitNow(orderId: string, signedIn: boolean): Promise<boolean> {
  const shown = feedback.$state.get().data
  if (!shown || shown.orderId !== orderId) return false
  const draft = draftFor(orderId)
  const answers: FeedbackAnswer[] = shown.questions.flatMap((question): FeedbackAnswer[] => {
    if (question.kind === 'RATING') return draft.ratings[question.id] ? [{ questionId: question.id, rating: draft.ratings[question.id] }] : []
    const text = draft.texts[question.id]?.trim()
    return text ? [{ questionId: question.id, text }] : []
  })
  $feedbackSubmit.set({ submitting: true, error: undefined })
  try {
    const answer = await sendFeedback({ orderId, answers, comment: draft.comment.trim() || undefined }, signedIn)
    await feedback.run(async () => answer, () => FEEDBACK_FAILED)
    $feedbackDraft.set({ orderId: '', ratings: {}, texts: {}, comment: '' })
    $feedbackSubmit.set({ submitting: false, error: undefined })
    showToast(FEEDBACK_SUBMITTED, { tone: 'success', durationMs: TOAST_MS })
    return true
  } catch (error) {
    const message = error instanceof ApiRefusal && error.message ? error.message : FEEDBACK_FAILED
    if (!(error instanceof ApiRefusal)) console.error('Submitting feedback failed:', error)
    $feedbackSubmit.set({ submitting: false, error: message })
    showToast(message, { tone: 'error', durationMs: TOAST_MS })
    submitThrottled.release()
    // Someone (another tab) already sent it: show what is stored.
    if (error instanceof ApiRefusal && error.status === 409) void loadFeedback(orderId, signedIn)
    return false
  }
}

const submitThrottled = throttle(submitNow, SUBMIT_WINDOW_MS, () => Date.now())

/** Sends the draft once; presses within 5 s of a sent one are dropped, a failure lets the diner retry at once. */
export const submitFeedback = (orderId: string, signedIn: boolean): Promise<boolean> => submitThrottled(orderId, signedIn) ?? Promise.resolve(false)
