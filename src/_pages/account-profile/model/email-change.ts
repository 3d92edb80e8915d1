import { $profile } from '@/entities/customer'
import { ApiRefusal } from '@/shared/api'
import type { CustomerProfile } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { confirmEmail, requestEmailChange } from '../api/email-api'

/** When the server gives no message of its own. */
export const EMAIL_CHANGE_FAILED = 'Please Try Again'

const change = createRequestState<CustomerProfile>()

/** Sending a code to a new address, removing the address, or confirming the code (docs/accounts.md "Email addresses"). */
export const $emailChange = change.$state

const failure = (error: unknown) => {
  if (error instanceof ApiRefusal) return error.message
  console.error('Changing the email failed:', error)
  return EMAIL_CHANGE_FAILED
}

/** The answer is the profile: the account screens show it at once. */
function adopt(profile: CustomerProfile | undefined): CustomerProfile | undefined {
  if (profile) $profile.set({ loading: false, success: true, data: profile, error: undefined })
  return profile
}

/** Sends a code to `email` (nothing is stored until it comes back), or removes the address with null. */
export async function changeEmail(customerId: string, email: string | null): Promise<CustomerProfile | undefined> {
  return adopt(await change.run(() => requestEmailChange(customerId, email), failure))
}

/** Confirms the pending address with its code. */
export async function verifyEmail(code: string): Promise<CustomerProfile | undefined> {
  return adopt(await change.run(() => confirmEmail(code), failure))
}

export const clearEmailChange = () => change.clear()
