import { ApiRefusal, type CreateSupportRequest, type SupportRequestCreated, type SupportRequestSummary } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { throttle } from '@/shared/lib/throttle'
import { createSupportRequest, fetchSupportRequests } from '../api/support-api'

/** One submit per 5000 ms (docs/app.md, "Throttles"). */
const SUBMIT_WINDOW_MS = 5000
const PLEASE_TRY_AGAIN = 'Please Try Again'

const requests = createRequestState<SupportRequestSummary[]>()
const sent = createRequestState<SupportRequestCreated>()

/** The signed-in customer's support requests. */
export const $supportRequests = requests.$state
/** The request just sent: its reference, or why it was refused. */
export const $supportSent = sent.$state

const messageOf = (what: string) => (error: unknown) => {
  if (error instanceof ApiRefusal && error.message) return error.message
  console.error(`${what} failed:`, error)
  return PLEASE_TRY_AGAIN
}

export const loadSupportRequests = () => requests.run(fetchSupportRequests, messageOf('Loading the support requests'))

async function sendNow(request: CreateSupportRequest, signedIn: boolean): Promise<SupportRequestCreated | undefined> {
  const created = await sent.run(() => createSupportRequest(request, signedIn), messageOf('Sending the support request'))
  if (!created) sendThrottled.release()
  else if (signedIn) void loadSupportRequests()
  return created
}

const sendThrottled = throttle(sendNow, SUBMIT_WINDOW_MS)

/** Sends a request once; presses within 5 s of a sent one are dropped, a refusal lets the diner correct and resend. */
export const sendSupportRequest = (request: CreateSupportRequest, signedIn: boolean) =>
  sendThrottled(request, signedIn) ?? Promise.resolve(undefined)

/** Back to an empty form (after a confirmation, or on another page). */
export const resetSupportSent = () => sent.reset()
