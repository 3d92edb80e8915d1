import { call } from '@/shared/api'

// A refusal (409 email_registered, 400 otp_invalid, 429 rate_limited …) rejects with ApiRefusal and the server's message.

/** PUT /customer/profile/v2 {email}: a new address gets a code and waits in `pendingEmail`; null removes the address. */
export const requestEmailChange = (customerId: string, email: string | null) =>
  call('PUT /customer/profile/v2', { body: { customerId, email }, auth: true })

/** POST /customer/email/verify {code}: the code sent to the pending address stores it. */
export const confirmEmail = (code: string) => call('POST /customer/email/verify', { body: { code }, auth: true })
