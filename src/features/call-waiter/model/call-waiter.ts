import { ApiRefusal, type CallWaiterRequest, type WaiterCall } from '@/shared/api'
import { TOAST_FLOW_MS } from '@/shared/config'
import { createRequestState } from '@/shared/lib/request'
import { throttleAsync } from '@/shared/lib/throttle'
import { showToast } from '@/shared/ui'
import { readWaiterCall, sendWaiterCall } from '../api/call-waiter'

/** What the diner reads once the restaurant has the call. */
export const WAITER_CALLED = 'Your waiter has been called and will be with you shortly.'
export const WAITER_CALL_FAILED = 'Please Try Again'
/** What the diner reads once a server has acknowledged the call on the floor screen. */
export const WAITER_ON_THE_WAY = 'Your server has seen your call and is on the way.'
/** How often an open call is asked for again, until a server acknowledges it (docs/dine-in.md "Calling the waiter"). */
export const WAITER_CALL_FOLLOW_MS = 3_000
/** Pressing again within this window gets the same call (the server keeps one open call per table anyway). */
export const CALL_WAITER_THROTTLE_MS = 5_000

const call = createRequestState<WaiterCall>()
/** The diner's call for the waiter: loading, then the call the restaurant sees, or the message. */
export const $waiterCall = call.$state

async function callNow(request: CallWaiterRequest, signedIn: boolean) {
  return call.run(
    () => sendWaiterCall(request, signedIn),
    (error) => {
      console.error('Calling the waiter failed:', error)
      const message = error instanceof ApiRefusal && error.message ? error.message : WAITER_CALL_FAILED
      showToast(message, { tone: 'error', durationMs: TOAST_FLOW_MS })
      return message
    },
  )
}

export const callWaiter = throttleAsync(callNow, CALL_WAITER_THROTTLE_MS)
export const resetWaiterCall = () => call.reset()

/**
 * Follows the diner's open call until the staff acknowledge it (or mark it done): asks every
 * WAITER_CALL_FOLLOW_MS and puts the answer in $waiterCall. Returns the stop.
 */
export function followWaiterCall(callId: string): () => void {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const tick = async () => {
    try {
      const latest = await readWaiterCall(callId)
      if (stopped || call.$state.get().data?.id !== callId) return
      call.$state.setKey('data', latest)
      if (latest.status !== 'Open') return
    } catch (error) {
      // A failed read is retried on the next tick: the confirmation already on screen stays true.
      console.error('Following the waiter call failed:', error)
    }
    if (!stopped) timer = setTimeout(() => void tick(), WAITER_CALL_FOLLOW_MS)
  }
  timer = setTimeout(() => void tick(), WAITER_CALL_FOLLOW_MS)
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
