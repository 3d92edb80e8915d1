import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { CALL_WAITER_LABEL } from '@/shared/api'
import { $waiterCall, callWaiter, followWaiterCall, resetWaiterCall, WAITER_CALLED, WAITER_ON_THE_WAY } from '../model/call-waiter'
import css from './CallWaiterButton.module.css'

type Props = { tableId: string; orderId?: string; signedIn: boolean; label?: string }

/** Calling the waiter (docs/dine-in.md, "Calling the waiter"): a real request the restaurant's staff see; the label is "Call Waiter" unless the restaurant names it. */
export function CallWaiterButton({ tableId, orderId, signedIn, label = CALL_WAITER_LABEL }: Props) {
  const state = useStore($waiterCall)
  const called = state.data?.tableId === tableId && state.data.status !== 'Done' ? state.data : null

  useEffect(() => resetWaiterCall, [])
  // An open call is followed until a server acknowledges it on the floor screen (docs/floor.md).
  const openCallId = called?.status === 'Open' ? called.id : null
  useEffect(() => (openCallId ? followWaiterCall(openCallId) : undefined), [openCallId])

  return (
    <div className={css.call}>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void callWaiter({ tableId, ...(orderId ? { orderId } : {}) }, signedIn)}
        disabled={state.loading}
        aria-busy={state.loading || undefined}
      >
        {state.loading ? 'Calling…' : label}
      </button>
      <p className={css.confirmation} role="status" aria-live="polite" data-testid="waiter-called">
        {called ? (called.status === 'Acknowledged' ? WAITER_ON_THE_WAY : WAITER_CALLED) : ''}
      </p>
    </div>
  )
}
