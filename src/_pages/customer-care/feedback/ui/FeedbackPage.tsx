import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import {
  $feedback,
  $feedbackDraft,
  $feedbackSubmit,
  answerQuestion,
  FEEDBACK_ORDER_NOT_FOUND,
  loadFeedback,
  rateQuestion,
  setFeedbackComment,
  StarRating,
  submitFeedback,
  SubmittedFeedback,
  unratedQuestions,
} from '@/entities/feedback'
import { formatRestaurantTime, orderNumberOf } from '@/entities/order'
import { $session, setToLocationAfterAuth } from '@/entities/session'
import { MAX_FEEDBACK_TEXT, type FeedbackResponse } from '@/shared/api'
import { $router, pathTo } from '@/shared/routes'
import { Spinner } from '@/shared/ui'
import { SiteHeader } from '@/widgets/site-header'
import css from './FeedbackPage.module.css'

/** /order/{orderId}/CD/feedbacks (docs/feedback.md, "Feedback"): rate a finished order once, then see what was sent. */
export function FeedbackPage({ params }: { params: Record<string, string> }) {
  const orderId = params.orderId ?? ''
  const session = useStore($session)
  const state = useStore($feedback)
  const page = useStore($router)
  const signedIn = session.status === 'signedIn'

  useEffect(() => {
    document.title = 'Rate your order | Tablefront'
    if (orderId) void loadFeedback(orderId, signedIn)
  }, [orderId, signedIn])

  const shown = state.data?.orderId === orderId ? state.data : undefined
  const summaryPath = pathTo('orderSummary', { orderId })

  return (
    <>
      <SiteHeader />
      <main className={css.page}>
        <h1 className={css.title}>{shown?.isFeedbackSubmitted ? 'Thank you for your feedback' : 'Rate your order'}</h1>
        {shown && (
          <p className={css.lead}>
            <strong>
              {shown.order.merchantName}
              {shown.order.branchName && shown.order.branchName !== shown.order.merchantName ? ` · ${shown.order.branchName}` : ''}
            </strong>
            <span>
              Order {orderNumberOf({ orderId, orderNumber: shown.order.orderNumber })} · {formatRestaurantTime(shown.order.orderTime, shown.order.timeZone)}
            </span>
          </p>
        )}
        {!shown && state.error ? (
          <div className={css.problem} role="alert">
            <p>{state.error}</p>
            {state.error === FEEDBACK_ORDER_NOT_FOUND && !signedIn ? (
              <a className="button button--secondary" href={pathTo('signIn')} onClick={() => setToLocationAfterAuth(page?.path ?? '')}>
                Sign in to see your orders
              </a>
            ) : state.error !== FEEDBACK_ORDER_NOT_FOUND ? (
              <button type="button" className="button button--secondary" onClick={() => void loadFeedback(orderId, signedIn)}>
                Retry
              </button>
            ) : null}
          </div>
        ) : !shown ? (
          <Spinner label="Loading the questions" />
        ) : shown.isFeedbackSubmitted ? (
          <section className={css.card} aria-labelledby="feedback-sent">
            <h2 id="feedback-sent" className={css.subtitle}>
              Your feedback has been sent
            </h2>
            <SubmittedFeedback feedback={shown} />
            <a className="button button--secondary" href={summaryPath}>
              Back to your order
            </a>
          </section>
        ) : !shown.canSubmit ? (
          <div className={css.card}>
            <p>
              This order is <strong>{shown.order.statusLabel}</strong>. You can rate it once it has been delivered, picked up or served.
            </p>
            <a className="button button--secondary" href={summaryPath}>
              Follow your order
            </a>
          </div>
        ) : (
          <FeedbackForm feedback={shown} signedIn={signedIn} />
        )}
      </main>
    </>
  )
}

function FeedbackForm({ feedback, signedIn }: { feedback: FeedbackResponse; signedIn: boolean }) {
  const { orderId } = feedback
  const draftState = useStore($feedbackDraft)
  const submit = useStore($feedbackSubmit)
  const [missing, setMissing] = useState<string[]>([])
  const form = useRef<HTMLFormElement>(null)
  const draft = draftState.orderId === orderId ? draftState : { orderId, ratings: {} as Record<string, number>, texts: {} as Record<string, string>, comment: '' }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const unrated = unratedQuestions(feedback.questions, draft)
    setMissing(unrated.map((question) => question.id))
    if (unrated.length > 0) {
      form.current?.querySelector<HTMLInputElement>(`fieldset[data-question="q-${unrated[0]!.id}"] input`)?.focus()
      return
    }
    void submitFeedback(orderId, signedIn)
  }

  const stillMissing = missing.filter((id) => !draft.ratings[id])

  return (
    <form ref={form} className={css.card} onSubmit={onSubmit} noValidate aria-label="Your feedback">
      {feedback.questions.map((question) =>
        question.kind === 'RATING' ? (
          <StarRating
            key={question.id}
            name={`q-${question.id}`}
            legend={question.question}
            value={draft.ratings[question.id]}
            invalid={stillMissing.includes(question.id)}
            onChange={(stars) => rateQuestion(orderId, question.id, stars)}
          />
        ) : (
          <div key={question.id} className={css.field}>
            <label htmlFor={`q-${question.id}`}>
              {question.question} <span className={css.optional}>(optional)</span>
            </label>
            <textarea
              id={`q-${question.id}`}
              rows={3}
              maxLength={MAX_FEEDBACK_TEXT}
              value={draft.texts[question.id] ?? ''}
              onChange={(event) => answerQuestion(orderId, question.id, event.target.value)}
            />
          </div>
        ),
      )}
      <div className={css.field}>
        <label htmlFor="feedback-comment">
          Anything else? <span className={css.optional}>(optional)</span>
        </label>
        <textarea
          id="feedback-comment"
          rows={3}
          maxLength={MAX_FEEDBACK_TEXT}
          value={draft.comment}
          onChange={(event) => setFeedbackComment(orderId, event.target.value)}
        />
      </div>
      {stillMissing.length > 0 && (
        <p className={css.problem} role="alert">
          Please rate every question with 1 to 5 stars.
        </p>
      )}
      {submit.error && !submit.submitting && (
        <p className={css.problem} role="alert">
          {submit.error}
        </p>
      )}
      <button type="submit" className="button" disabled={submit.submitting} aria-busy={submit.submitting || undefined}>
        {submit.submitting ? 'Sending…' : 'Submit feedback'}
      </button>
    </form>
  )
}
