import type { Reservation } from '@/shared/api'
import { describeWait } from '../lib/format'
import css from './Reservation.module.css'

/** An active check-in's place in the queue and estimated wait, announced when it changes. */
export function QueuePosition({ reservation }: { reservation: Reservation }) {
  if (reservation.status !== 'Active') return null
  return (
    <p className={css.queue} role="status" aria-live="polite" aria-atomic="true">
      <span>
        Your place in the queue{' '}
        <span className={css.position} data-testid="queue-position">
          #{reservation.queuePosition ?? '–'}
        </span>
      </span>
      <span className={css.wait}>
        Estimated wait: <strong data-testid="estimated-wait">{describeWait(reservation.estimatedWaitMinutes)}</strong>
      </span>
    </p>
  )
}
