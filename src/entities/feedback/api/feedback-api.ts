import { call, type SubmitFeedbackRequest } from '@/shared/api'

// Every error body rejects as ApiRefusal: the page tells a 404 (no such order) from a 409 (already rated).

/** GET /customer/feedback/v2 (docs/feedback.md), ciphertext back; a guest's order is asked about without a token. */
export const fetchFeedback = (orderId: string, signedIn: boolean) =>
  call('GET /customer/feedback/v2', { query: { orderId }, encrypted: true, auth: signedIn })

/** POST /customer/feedback/v2 (docs/feedback.md): `{data}` out, ciphertext back. */
export const sendFeedback = (request: SubmitFeedbackRequest, signedIn: boolean) =>
  call('POST /customer/feedback/v2', { body: request, encrypted: true, auth: signedIn })
