import { api, ApiRefusal, call, isErrorBody } from '@/shared/api'
import type { TokenRefreshResponse } from '@/shared/api'

/** New tokens for a refresh token; 'refused' when the server ended the sign-in. */
export async function requestTokenRefresh(refreshToken: string): Promise<TokenRefreshResponse | 'refused'> {
  try {
    return await call('POST /customer/token/refresh', { body: { refreshToken } })
  } catch (error) {
    if (error instanceof ApiRefusal) return 'refused'
    throw error
  }
}

/** Ends the sign-in on the server; best effort, the browser forgets it either way (a refusal is not worth a log line). */
export async function endServerSession(refreshToken: string): Promise<void> {
  await call('POST /customer/logout', { body: { refreshToken } }).catch((error: unknown) => {
    if (!(error instanceof ApiRefusal)) throw error
  })
}

/** The answer of POST /customer/profile/v2 that the session keeps (the account screens use the rest). */
type ProfileAnswer = { userId: string; firstName: string; lastName?: string; email?: string | null; phoneNumber?: string }

/** The customer's current name, email and mobile, or undefined when the profile is unavailable. */
export async function fetchProfile(customerId: string): Promise<ProfileAnswer | undefined> {
  const answer = await api.post<ProfileAnswer>('/customer/profile/v2', { id: customerId }, { auth: true })
  if (isErrorBody(answer) || typeof answer?.firstName !== 'string' || answer.userId !== customerId) return undefined
  return answer
}
