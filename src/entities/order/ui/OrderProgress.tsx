import { cancellationText, progressSteps, type OrderDetail } from '@/shared/api'
import { formatRestaurantTime } from '../lib/format'
import css from './Order.module.css'

const STOPPED: Record<string, string> = {
  '8': 'You cancelled this order.',
  '9': 'The restaurant cancelled this order.',
  '20': 'The payment was declined; the order is waiting for payment.',
  '21': 'The payment did not go through; the order is waiting for payment.',
}

/** Where the order is: the steps of its order type, done and to come, with when each was reached. */
export function OrderProgress({ order }: { order: OrderDetail }) {
  const steps = progressSteps(order.orderTypeGroup, { atTable: order.orderTypeGroup === 'D' && order.tableId !== null })
  const reachedAt = (codes: readonly string[]) => order.statusHistory.findLast((entry) => codes.includes(entry.status))?.at
  const current = steps.findLastIndex((step) => step.codes.includes(order.status) || reachedAt(step.codes) !== undefined)
  // A cancelled order says why in plain words ("Cancelled: not paid within 15 minutes").
  const cancelled = (order.status === '8' || order.status === '9') && order.cancelReason ? `${cancellationText(order.cancelReason)}.` : undefined
  const stopped = cancelled ?? STOPPED[order.status]

  return (
    <section className={css.progress} aria-label="Order status">
      <p className={css.status} role="status" aria-live="polite">
        <span className={css.badge}>{order.statusLabel}</span>
      </p>
      {stopped ? (
        <p className={css.muted}>{stopped}</p>
      ) : (
        <ol className={css.steps}>
          {steps.map((step, index) => {
            const at = reachedAt(step.codes)
            const state = index < current ? 'done' : index === current ? 'current' : 'next'
            return (
              <li key={step.label} className={css[state]} aria-current={state === 'current' ? 'step' : undefined}>
                <span className={css.dot} aria-hidden="true" />
                <span>{step.label}</span>
                {at && state !== 'next' && <span className={css.muted}>{formatRestaurantTime(at, order.timeZone)}</span>}
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
