import { api, isErrorBody, thrownErrorBody } from '@/shared/api'
import type { CustomerProfile, ErrorBody } from '@/shared/api'

/** A refusal with the server's message for the diner (409 email_registered, 429 rate_limited, 400 otp_invalid …). */
export class EmailRefused extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message)
    this.name = 'EmailRefused'
  }
}

/** The answer, or EmailRefused with the server's message whether the client passed the error through or threw it (429). */
async function answerOf(call: () => Promise<CustomerProfile | ErrorBody>): Promise<CustomerProfile> {
  let answer: CustomerProfile | ErrorBody
  try {
    answer = await call()
  } catch (error) {
    const body = thrownErrorBody(error)
    if (body) throw new EmailRefused(body)
    throw error
  }
  if (isErrorBody(answer)) throw new EmailRefused(answer)
  return answer
}

/** PUT /customer/profile/v2 {email}: a new address gets a code and waits in `pendingEmail`; null removes the address. */
export const requestEmailChange = (customerId: string, email: string | null) =>
  answerOf(() => api.put<CustomerProfile>('/customer/profile/v2', { customerId, email }, { auth: true }))

/** POST /customer/email/verify {code}: the code sent to the pending address stores it. */
export const confirmEmail = (code: string) => answerOf(() => api.post<CustomerProfile>('/customer/email/verify', { code }, { auth: true }))
