import { api, isErrorBody, thrownErrorBody, type FeedbackResponse, type SubmitFeedbackRequest } from '@/shared/api'

/** The server refused a feedback call; `message` is the server's, for the diner (docs/app.md, "Messages"). */
export class FeedbackRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'FeedbackRefused'
  }
}

async function call(request: () => Promise<FeedbackResponse | { status: number; message: string; code: string }>): Promise<FeedbackResponse> {
  try {
    const answer = await request()
    if (isErrorBody(answer)) throw new FeedbackRefused(answer.message, answer.status)
    return answer
  } catch (error) {
    const body = thrownErrorBody(error)
    if (body) throw new FeedbackRefused(body.message, body.status)
    throw error
  }
}

/** GET /customer/feedback/v2 (docs/feedback.md), ciphertext back; a guest's order is asked about without a token. */
export const fetchFeedback = (orderId: string, signedIn: boolean) =>
  call(() => api.get<FeedbackResponse>('/customer/feedback/v2', { query: { orderId }, encrypted: true, auth: signedIn }))

/** POST /customer/feedback/v2 (docs/feedback.md): `{data}` out, ciphertext back. */
export const sendFeedback = (request: SubmitFeedbackRequest, signedIn: boolean) =>
  call(() => api.post<FeedbackResponse>('/customer/feedback/v2', request, { encrypted: true, auth: signedIn }))
