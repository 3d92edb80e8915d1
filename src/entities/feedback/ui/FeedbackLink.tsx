import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { isRateableStatus } from '@/shared/api'
import { pathTo } from '@/shared/routes'
import { $feedback, loadFeedback } from '../model/feedback'
import css from './Feedback.module.css'

/** On a finished order: "Rate your order", or "Thanks for your feedback" once it is sent. */
export function FeedbackLink({ orderId, status, signedIn }: { orderId: string; status: string; signedIn: boolean }) {
  const state = useStore($feedback)
  const rateable = isRateableStatus(status)

  useEffect(() => {
    if (rateable) void loadFeedback(orderId, signedIn)
  }, [orderId, signedIn, rateable])

  if (!rateable) return null
  const known = state.data?.orderId === orderId ? state.data : undefined
  if (known?.isFeedbackSubmitted) {
    return (
      <a className={css.thanks} href={pathTo('feedback', { orderId })}>
        Thanks for your feedback
      </a>
    )
  }
  if (!known && state.loading) return null
  return (
    <a className="button" href={pathTo('feedback', { orderId })}>
      Rate your order
    </a>
  )
}
