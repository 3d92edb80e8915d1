import { ApiRefusal, call, thrownErrorBody } from '@/shared/api'

/**
 * The answer, or ApiRefusal with the server's message (409 email_registered, 400 otp_invalid …),
 * also for a 429 rate_limited, which the client throws rather than passes through.
 */
async function refusedWithBody<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer
  } catch (error) {
    const body = error instanceof ApiRefusal ? undefined : thrownErrorBody(error)
    if (body) throw new ApiRefusal(body)
    throw error
  }
}

/** PUT /customer/profile/v2 {email}: a new address gets a code and waits in `pendingEmail`; null removes the address. */
export const requestEmailChange = (customerId: string, email: string | null) =>
  refusedWithBody(call('PUT /customer/profile/v2', { body: { customerId, email }, auth: true }))

/** POST /customer/email/verify {code}: the code sent to the pending address stores it. */
export const confirmEmail = (code: string) => refusedWithBody(call('POST /customer/email/verify', { body: { code }, auth: true }))
