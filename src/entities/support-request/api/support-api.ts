import { call, type CreateSupportRequest } from '@/shared/api'

// Every error body rejects as ApiRefusal (call()): a 429 says when to try again, in the server's words.

/** POST /support/createSupportRequest (docs/feedback.md, "Support requests"), plain JSON; a signed-in diner's request is linked to them. */
export const createSupportRequest = (request: CreateSupportRequest, signedIn: boolean) =>
  call('POST /support/createSupportRequest', { body: request, auth: signedIn })

/** GET /support/requests: the signed-in customer's requests, newest first. */
export const fetchSupportRequests = () => call('GET /support/requests', { auth: true })
