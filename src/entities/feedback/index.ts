export {
  $feedback,
  $feedbackDraft,
  $feedbackSubmit,
  answerQuestion,
  FEEDBACK_ORDER_NOT_FOUND,
  loadFeedback,
  rateQuestion,
  setFeedbackComment,
  submitFeedback,
  unratedQuestions,
} from './model/feedback'
export type { FeedbackDraft } from './model/feedback'
export { FeedbackLink } from './ui/FeedbackLink'
export { StarRating, starsLabel } from './ui/StarRating'
export { SubmittedFeedback } from './ui/SubmittedFeedback'
