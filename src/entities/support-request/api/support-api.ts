import { api, isErrorBody, thrownErrorBody, type CreateSupportRequest, type SupportRequestCreated, type SupportRequestSummary } from '@/shared/api'

/** The server refused a support call; `message` is the server's, for the diner. */
export class SupportRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'SupportRefused'
  }
}

async function call<T>(request: () => Promise<T | { status: number; message: string; code: string }>): Promise<T> {
  try {
    const answer = await request()
    if (isErrorBody(answer)) throw new SupportRefused(answer.message, answer.status)
    return answer
  } catch (error) {
    const body = thrownErrorBody(error)
    if (body) throw new SupportRefused(body.message, body.status)
    throw error
  }
}

/** POST /support/createSupportRequest (docs/feedback.md, "Support requests"), plain JSON; a signed-in diner's request is linked to them. */
export const createSupportRequest = (request: CreateSupportRequest, signedIn: boolean) =>
  call(() => api.post<SupportRequestCreated>('/support/createSupportRequest', request, { auth: signedIn }))

/** GET /support/requests: the signed-in customer's requests, newest first. */
export const fetchSupportRequests = () => call(() => api.get<SupportRequestSummary[]>('/support/requests', { auth: true }))
