import { useEffect, type ReactNode } from 'react'
import { Skeleton } from '../skeleton'
import { StatusScreen } from '../status-screen'

type LoadGateProps<T> = {
  /** The answer this screen asked for, once its request holds it. */
  value: T | undefined
  request: { loading: boolean; error?: string }
  /** Starts the load, and again on Retry; runs again when `loadKey` changes. */
  load: () => unknown
  loadKey: string
  loadingLabel: string
  /** Under the error as its title when the load failed. */
  failedMessage: string
  /** The error that means "there is no such thing": its own message, and Retry only with `retry`. */
  notFound?: { error: string; message: string; retry?: boolean }
  children: (value: T) => ReactNode
}

/**
 * A screen that needs one thing loaded first: its skeleton while loading, the error with Retry
 * and a way back to all restaurants when the load failed, the screen once the answer is there.
 */
export function LoadGate<T>({ value, request, load, loadKey, loadingLabel, failedMessage, notFound, children }: LoadGateProps<T>) {
  useEffect(() => {
    void load()
    // `load` closes over `loadKey` only: a new function each render is not a new load.
  }, [loadKey])

  if (value !== undefined) return children(value)
  if (request.error && !request.loading) {
    const missing = notFound !== undefined && request.error === notFound.error
    return (
      <StatusScreen title={request.error} message={missing ? notFound.message : failedMessage}>
        {(!missing || notFound.retry) && (
          <button type="button" className="button" onClick={() => void load()}>
            Retry
          </button>
        )}
        {/* Without a Retry, the way back is the one thing left to do. */}
        <a className={missing && !notFound.retry ? 'button' : 'button button--secondary'} href="/">
          All restaurants
        </a>
      </StatusScreen>
    )
  }
  return <Skeleton label={loadingLabel} />
}
