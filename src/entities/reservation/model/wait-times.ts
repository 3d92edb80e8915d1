import type { WaitTimesResponse } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { fetchWaitTimes } from '../api/reservations-api'
import { WAIT_TIMES_REFRESH_MS } from '../config/limits'
import { WAIT_TIMES_FAILED } from '../lib/refusal'

const waitTimes = createRequestState<WaitTimesResponse>()
/** The wait-time lookup (docs/waitlist.md, "In the app"): request, success, failure ("WaitTimes couldn't be loaded"). */
export const $waitTimes = waitTimes.$state

export function loadWaitTimes(locationId: string): Promise<WaitTimesResponse | undefined> {
  if (waitTimes.$state.get().data?.locationId !== locationId) waitTimes.reset()
  return waitTimes.run(
    () => fetchWaitTimes(locationId),
    (error) => {
      console.error('Loading the wait times failed', error)
      return WAIT_TIMES_FAILED
    },
  )
}

/** Loads the board now and every 30 s until the returned function is called. */
export function watchWaitTimes(locationId: string): () => void {
  void loadWaitTimes(locationId)
  const timer = setInterval(() => void loadWaitTimes(locationId), WAIT_TIMES_REFRESH_MS)
  return () => clearInterval(timer)
}
