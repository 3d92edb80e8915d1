import { ApiRefusal, type CallWaiterRequest, type WaiterCall } from '@/shared/api'
import { TOAST_FLOW_MS } from '@/shared/config'
import { createRequestState } from '@/shared/lib/request'
import { throttleAsync } from '@/shared/lib/throttle'
import { showToast } from '@/shared/ui'
import { sendWaiterCall } from '../api/call-waiter'

/** What the diner reads once the restaurant has the call. */
export const WAITER_CALLED = 'Your waiter has been called and will be with you shortly.'
export const WAITER_CALL_FAILED = 'Please Try Again'
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
