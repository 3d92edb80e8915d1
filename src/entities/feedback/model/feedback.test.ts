import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRefusal, type FeedbackResponse } from '@/shared/api'
import { $toasts } from '@/shared/ui'
import { fetchFeedback, sendFeedback } from '../api/feedback-api'
import { $feedback, $feedbackDraft, $feedbackSubmit, answerQuestion, loadFeedback, rateQuestion, setFeedbackComment, submitFeedback, unratedQuestions } from './feedback'

vi.mock('../api/feedback-api', async (original) => ({
  ...(await original<typeof import('../api/feedback-api')>()),
  fetchFeedback: vi.fn(),
  sendFeedback: vi.fn(),
}))
const fetchMock = vi.mocked(fetchFeedback)
const sendMock = vi.mocked(sendFeedback)

const QUESTIONS: FeedbackResponse['questions'] = [
  { id: 'food', question: 'How was the food?', kind: 'RATING' },
  { id: 'speed', question: 'How was the speed?', kind: 'RATING' },
  { id: 'better', question: 'What could we do better?', kind: 'TEXT' },
]
const asked = (orderId: string, submitted = false): FeedbackResponse => ({
  orderId,
  isFeedbackSubmitted: submitted,
  canSubmit: !submitted,
  questions: QUESTIONS,
  feedback: submitted ? { answers: [], comment: null, submittedAt: '2026-01-01T00:00:00Z' } : null,
  order: { branchName: 'Empire Burger', merchantName: 'Empire Burger', orderTime: '2026-01-01T00:00:00Z', timeZone: 'UTC', status: '16', statusLabel: 'Completed - Pickup Order', orderNumber: 12 },
})
const lastToast = () => $toasts.get().at(-1)

let clock = 1_000_000
beforeEach(() => {
  // Each test starts well past the previous one's 5 s throttle window.
  clock += 60_000
  vi.useFakeTimers({ now: clock, toFake: ['Date'] })
})
afterEach(() => {
  vi.useRealTimers()
  fetchMock.mockReset()
  sendMock.mockReset()
})

async function fillFor(orderId: string) {
  fetchMock.mockResolvedValueOnce(asked(orderId))
  await loadFeedback(orderId, true)
  rateQuestion(orderId, 'food', 4)
  rateQuestion(orderId, 'speed', 5)
  answerQuestion(orderId, 'better', '  More pickles.  ')
  setFeedbackComment(orderId, '  ')
}

describe('submitFeedback', () => {
  it('sends the ratings and trimmed texts, then shows "Feedback Submitted Successfully" and the submitted state', async () => {
    await fillFor('o1')
    sendMock.mockResolvedValueOnce(asked('o1', true))
    expect(await submitFeedback('o1', true)).toBe(true)
    expect(sendMock).toHaveBeenCalledWith(
      { orderId: 'o1', answers: [{ questionId: 'food', rating: 4 }, { questionId: 'speed', rating: 5 }, { questionId: 'better', text: 'More pickles.' }], comment: undefined },
      true,
    )
    expect($feedback.get().data?.isFeedbackSubmitted).toBe(true)
    expect(lastToast()).toMatchObject({ message: 'Feedback Submitted Successfully', tone: 'success' })
    expect($feedbackDraft.get().ratings).toEqual({})

    // A second press within 5 s is dropped.
    vi.setSystemTime(clock + 4_999)
    expect(await submitFeedback('o1', true)).toBe(false)
    expect(sendMock).toHaveBeenCalledTimes(1)
  })

  it('shows the server’s message, or "Failed submit", and lets the diner try again at once', async () => {
    await fillFor('o2')
    sendMock.mockRejectedValueOnce(new ApiRefusal({ status: 400, message: 'Please rate "How was the speed?".', code: 'invalid_feedback' }))
    expect(await submitFeedback('o2', false)).toBe(false)
    expect(lastToast()).toMatchObject({ message: 'Please rate "How was the speed?".', tone: 'error' })
    expect($feedbackSubmit.get()).toEqual({ submitting: false, error: 'Please rate "How was the speed?".' })

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    sendMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    expect(await submitFeedback('o2', false)).toBe(false)
    expect(lastToast()).toMatchObject({ message: 'Failed submit' })
    expect(logged).toHaveBeenCalled()
    logged.mockRestore()
    expect(sendMock).toHaveBeenCalledTimes(2)
    expect($feedbackDraft.get().ratings).toEqual({ food: 4, speed: 5 })
  })
})

describe('unratedQuestions', () => {
  it('lists the rating questions without a rating, never the text ones', () => {
    expect(unratedQuestions(QUESTIONS, { orderId: 'o3', ratings: { speed: 2 }, texts: {}, comment: '' }).map((q) => q.id)).toEqual(['food'])
  })
})
