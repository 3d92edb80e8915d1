import { cancellationText, progressSteps, statusSentence, type OrderDetail } from '@/shared/api'
import { formatCountdown, formatRestaurantClock, formatRestaurantTime } from '../lib/format'
import { useNow } from '../lib/use-now'
import css from './Order.module.css'

const STOPPED: Record<string, string> = {
  '8': 'You cancelled this order.',
  '9': 'The restaurant cancelled this order.',
  '20': 'The payment was declined; the order is waiting for payment.',
  '21': 'The payment did not go through; the order is waiting for payment.',
}

/** A step's time on the restaurant's clock: the time alone on the day the order was placed, else with the date. */
function stepTime(at: string, order: Pick<OrderDetail, 'createdAt' | 'timeZone'>): string {
  const day = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: order.timeZone }).format(new Date(iso))
  return day(at) === day(order.createdAt) ? formatRestaurantClock(at, order.timeZone) : formatRestaurantTime(at, order.timeZone)
}

/** When it should be ready or arrive, as a countdown with the restaurant's clock: "Ready in 4 min (6:32 PM)". */
function Estimate({ at, kind, timeZone }: { at: string; kind: 'ready' | 'arrival'; timeZone: string }) {
  const now = useNow()
  const clock = formatRestaurantClock(at, timeZone)
  return (
    <p className={css.eta}>
      <span className={css.etaLead}>{kind === 'arrival' ? 'Arriving' : 'Ready'}</span> <strong>{formatCountdown(at, now)}</strong>{' '}
      <span className={css.muted}>({clock})</span>
    </p>
  )
}

/**
 * Where the order is: the seed's status label with a plain sentence under it, the ETA as a
 * countdown, and the steps of its order type, done and to come, with when each was reached.
 */
export function OrderProgress({ order }: { order: OrderDetail }) {
  const atTable = order.orderTypeGroup === 'D' && order.tableId !== null
  const steps = progressSteps(order.orderTypeGroup, { atTable })
  const reachedAt = (codes: readonly string[]) => order.statusHistory.findLast((entry) => codes.includes(entry.status))?.at
  const current = steps.findLastIndex((step) => step.codes.includes(order.status) || reachedAt(step.codes) !== undefined)
  // A cancelled order says why in plain words ("Cancelled: not paid within 15 minutes").
  const cancelled = (order.status === '8' || order.status === '9') && order.cancelReason ? `${cancellationText(order.cancelReason)}.` : undefined
  const stopped = cancelled ?? STOPPED[order.status]

  return (
    <section className={css.progress} aria-label="Order status">
      <div className={css.status}>
        <p className={css.label} role="status" aria-live="polite">
          <span className={css.badge}>{order.statusLabel}</span>
        </p>
        {/* A stopped order (cancelled, declined) says why below instead. */}
        {!stopped && <p className={css.sentence}>{statusSentence(order.status, { typeGroup: order.orderTypeGroup, atTable })}</p>}
      </div>
      {order.estimatedAt && order.estimateKind && !stopped && <Estimate at={order.estimatedAt} kind={order.estimateKind} timeZone={order.timeZone} />}
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
                {at && state !== 'next' && <span className={css.muted}>{stepTime(at, order)}</span>}
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
