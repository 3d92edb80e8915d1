import { ApiRefusal, call } from '@/shared/api'
import type { CustomerProfile, TokenRefreshResponse } from '@/shared/api'

/** A refusal that decides nothing about the sign-in: too many at once (429) or the server busy (503); it is thrown on, as a network failure is. */
const decided = (error: unknown): error is ApiRefusal => error instanceof ApiRefusal && error.status !== 429 && error.status < 502

/** New tokens for a refresh token; 'refused' when the server ended the sign-in. */
export async function requestTokenRefresh(refreshToken: string): Promise<TokenRefreshResponse | 'refused'> {
  try {
    return await call('POST /customer/token/refresh', { body: { refreshToken } })
  } catch (error) {
    if (decided(error)) return 'refused'
    throw error
  }
}

/** Ends the sign-in on the server; best effort, the browser forgets it either way (a refusal is not worth a log line). */
export async function endServerSession(refreshToken: string): Promise<void> {
  await call('POST /customer/logout', { body: { refreshToken } }).catch((error: unknown) => {
    if (!(error instanceof ApiRefusal)) throw error
  })
}

/** The customer's profile (the session keeps its name, email and mobile), or undefined when the server refuses it. */
export async function fetchProfile(customerId: string): Promise<CustomerProfile | undefined> {
  try {
    const profile = await call('POST /customer/profile/v2', { body: { id: customerId }, auth: true })
    return profile.userId === customerId ? profile : undefined
  } catch (error) {
    if (decided(error)) return undefined
    throw error
  }
}
