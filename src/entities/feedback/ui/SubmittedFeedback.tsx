import type { FeedbackResponse } from '@/shared/api'
import { StarsGiven } from './StarRating'
import css from './Feedback.module.css'

/** The answers as sent, read-only, in the order of the questions. */
export function SubmittedFeedback({ feedback }: { feedback: FeedbackResponse }) {
  const answers = new Map((feedback.feedback?.answers ?? []).map((answer) => [answer.questionId, answer]))
  const shown = feedback.questions.filter((question) => answers.has(question.id))
  const comment = feedback.feedback?.comment
  return (
    <dl className={css.answers} aria-label="Your answers">
      {shown.map((question) => {
        const answer = answers.get(question.id)!
        return (
          <div key={question.id} className={css.answer}>
            <dt>{question.question}</dt>
            <dd>{answer.rating !== undefined ? <StarsGiven stars={answer.rating} /> : answer.text}</dd>
          </div>
        )
      })}
      {comment && (
        <div className={css.answer}>
          <dt>Your comment</dt>
          <dd>{comment}</dd>
        </div>
      )}
    </dl>
  )
}
