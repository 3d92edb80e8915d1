import { useState } from 'react'
import { ApiRefusal, type FloorBoard, type FloorCall } from '@/shared/api'
import { showToast } from '@/shared/ui'
import { updateCall } from '../api/floor-api'
import { ageNow, formatAge, spokenAge } from '../lib/age'
import { useSecondTicker } from '../model/floor-board'
import css from './FloorPage.module.css'

type Props = {
  locationId: string
  board: FloorBoard | null
  receivedAt: number
  newCalls: string[]
  error: string | null
  onChanged: () => void
  onDismissAlert: () => void
}

/** The waiter calls as a live queue, oldest first (docs/floor.md "Waiter calls"). */
export function WaiterQueue({ locationId, board, receivedAt, newCalls, error, onChanged, onDismissAlert }: Props) {
  const now = useSecondTicker()
  const [busy, setBusy] = useState<string | null>(null)
  const calls = board?.calls ?? []
  const alerted = calls.filter((call) => newCalls.includes(call.id) && call.status === 'Open')

  async function act(call: FloorCall, status: 'Acknowledged' | 'Done') {
    setBusy(call.id)
    try {
      await updateCall(locationId, call.id, status)
    } catch (failure) {
      // Another server got there first (409 waiter_call_done) or the call is gone: say so and show the queue as it is.
      showToast(failure instanceof ApiRefusal ? failure.message : 'The call could not be updated. Please try again.', { tone: 'error' })
    } finally {
      setBusy(null)
      onChanged()
    }
  }

  return (
    <section className={css.panel} aria-labelledby="floor-calls-title">
      <header className={css.panelHead}>
        <h2 id="floor-calls-title" className={css.panelTitle}>
          Waiter calls <span className={css.count}>{calls.filter((call) => call.status === 'Open').length} open</span>
        </h2>
      </header>
      <div className={css.liveRegion} aria-live="assertive" role="status">
        {alerted.length > 0 && (
          <div className={css.alert} data-testid="new-call-alert">
            <span>
              New call: {alerted.map((call) => call.tableName).join(', ')}
            </span>
            <button type="button" className={css.alertDismiss} onClick={onDismissAlert}>
              Dismiss
            </button>
          </div>
        )}
      </div>
      {error && (
        <p className={css.error} role="alert">
          {error}
        </p>
      )}
      {board && calls.length === 0 && <p className={css.empty}>No table is waiting. New calls appear here as they come in.</p>}
      <ol className={css.calls} aria-label="Waiter calls, oldest first">
        {calls.map((call) => {
          const age = ageNow(call.ageSeconds, receivedAt, now)
          return (
            <li key={call.id} className={css.call} data-status={call.status} data-testid="waiter-call" data-new={(call.status === 'Open' && newCalls.includes(call.id)) || undefined}>
              <div className={css.callMain}>
                <span className={css.table}>{call.tableName}</span>
                <span className={css.age} data-late={age >= 180 || undefined}>
                  <span aria-hidden="true">{formatAge(age)}</span>
                  <span className={css.visuallyHidden}>waiting {spokenAge(age)}</span>
                </span>
              </div>
              {call.reason && <p className={css.reason}>“{call.reason}”</p>}
              <p className={css.callState}>{call.status === 'Acknowledged' ? `Acknowledged by ${call.acknowledgedBy ?? 'staff'}` : 'Waiting for a server'}</p>
              <div className={css.actions}>
                {call.status === 'Open' && (
                  <button type="button" className={css.primary} disabled={busy === call.id} onClick={() => void act(call, 'Acknowledged')} aria-label={`Acknowledge ${call.tableName}`}>
                    Acknowledge
                  </button>
                )}
                <button type="button" className={css.secondary} disabled={busy === call.id} onClick={() => void act(call, 'Done')} aria-label={`Done with ${call.tableName}`}>
                  Done
                </button>
              </div>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
