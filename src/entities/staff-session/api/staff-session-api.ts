import { call } from '@/shared/api'

// The staff session's own calls (docs/staff.md "Sessions"): none carries the diner's token.

export const requestStaffSignIn = (email: string, password: string) => call('POST /staff/sign-in', { body: { email, password } })

export const requestStaffRefresh = (refreshToken: string) => call('POST /staff/token/refresh', { body: { refreshToken } })

export const requestStaffSignOut = (refreshToken: string) => call('POST /staff/sign-out', { body: { refreshToken } })

export const requestStaffProfile = (accessToken: string) => call('GET /staff/me', { headers: { Authorization: `Bearer ${accessToken}` } })
