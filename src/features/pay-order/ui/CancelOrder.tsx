import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState } from 'react'
import type { OrderDetail } from '@/shared/api'
import { $cancelOrder, cancelUnpaidOrder, resetCancelOrder } from '../model/pay-order'
import css from './CancelOrder.module.css'

type CancelOrderProps = { orderId: string; signedIn: boolean; onCancelled: (order: OrderDetail) => void }

/** "Cancel order" for an order not paid yet, asked twice: nothing is charged and its dishes are released. */
export function CancelOrder({ orderId, signedIn, onCancelled }: CancelOrderProps) {
  const ids = useId()
  const state = useStore($cancelOrder)
  const [asking, setAsking] = useState(false)
  const question = useRef<HTMLParagraphElement>(null)

  useEffect(() => resetCancelOrder, [])
  useEffect(() => {
    if (asking) question.current?.focus()
  }, [asking])

  async function confirm() {
    const cancelled = await cancelUnpaidOrder(orderId, signedIn)
    if (cancelled) {
      setAsking(false)
      onCancelled(cancelled)
    }
  }

  if (!asking) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
        Cancel order
      </button>
    )
  }
  return (
    <div className={css.confirm} role="group" aria-labelledby={`${ids}-question`}>
      <p id={`${ids}-question`} ref={question} tabIndex={-1} className={css.question}>
        Cancel this order? Nothing is charged, and its dishes go back on the menu.
      </p>
      <div className={css.actions}>
        <button type="button" className="button" onClick={() => void confirm()} disabled={state.loading} aria-busy={state.loading || undefined}>
          {state.loading ? 'Cancelling…' : 'Yes, cancel the order'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setAsking(false)} disabled={state.loading}>
          Keep the order
        </button>
      </div>
      {state.error && !state.loading && (
        <p className={css.error} role="alert">
          {state.error}
        </p>
      )}
    </div>
  )
}
