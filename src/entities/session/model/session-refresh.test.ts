// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setAnalyticsAdapter } from '@/shared/lib/analytics'
import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import { endServerSession, fetchProfile, requestTokenRefresh } from '../api/session-api'
import {
  $session,
  $toLocationAfterAuth,
  connectSession,
  refreshAccessToken,
  refreshUserDetails,
  setToLocationAfterAuth,
  signOut,
  startGuestSession,
  startSession,
} from './session'

vi.mock('../api/session-api', () => ({
  endServerSession: vi.fn(async () => {}),
  fetchProfile: vi.fn(async () => undefined),
  requestTokenRefresh: vi.fn(),
}))

const asha = { customerId: 'c-1', firstName: 'Asha', mobilePhone: '+14155550101' }
const signIn = () => startSession({ userId: 'c-1', accessToken: 'access-1', refreshToken: 'refresh-1', userDetails: asha })

beforeEach(() => {
  localStorage.clear()
  $session.set({ status: 'guest' })
  vi.mocked(requestTokenRefresh).mockReset()
  vi.mocked(endServerSession).mockClear()
  vi.mocked(fetchProfile).mockReset()
})

describe('token refresh (DESIGN §5)', () => {
  it('rotates both stored tokens', async () => {
    signIn()
    vi.mocked(requestTokenRefresh).mockResolvedValue({ userId: 'c-1', accessToken: 'access-2', refreshToken: 'refresh-2' })
    expect(await refreshAccessToken()).toBe(true)
    expect(requestTokenRefresh).toHaveBeenCalledWith('refresh-1')
    expect(secureStorage.get(STORAGE_KEYS.accessToken)).toBe('access-2')
    expect(secureStorage.get(STORAGE_KEYS.refreshToken)).toBe('refresh-2')
    expect($session.get()).toMatchObject({ status: 'signedIn', accessToken: 'access-2', refreshToken: 'refresh-2', user: asha })
  })

  it('sends one refresh for overlapping calls, since a refresh token works once', async () => {
    signIn()
    vi.mocked(requestTokenRefresh).mockResolvedValue({ userId: 'c-1', accessToken: 'access-2', refreshToken: 'refresh-2' })
    expect(await Promise.all([refreshAccessToken(), refreshAccessToken()])).toEqual([true, true])
    expect(requestTokenRefresh).toHaveBeenCalledTimes(1)
  })

  it('signs out when the server refuses the refresh token', async () => {
    signIn()
    setToLocationAfterAuth('/account')
    vi.mocked(requestTokenRefresh).mockResolvedValue('refused')
    expect(await refreshAccessToken()).toBe(false)
    expect($session.get()).toEqual({ status: 'guest' })
    expect(localStorage.length).toBe(0)
    expect($toLocationAfterAuth.get()).toBe('/')
  })

  it('keeps the session when the network fails, and has nothing to refresh for a guest', async () => {
    signIn()
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    vi.mocked(requestTokenRefresh).mockRejectedValue(new TypeError('Failed to fetch'))
    expect(await refreshAccessToken()).toBe(false)
    expect($session.get().status).toBe('signedIn')
    $session.set({ status: 'guest' })
    expect(await refreshAccessToken()).toBe(false)
  })
})

describe('signing out and guests', () => {
  it('ends the sign-in on the server too', () => {
    signIn()
    signOut()
    expect(endServerSession).toHaveBeenCalledWith('refresh-1')
  })

  it('stores a verified guest, with the email only when there is one (SPEC §5)', () => {
    expect(startGuestSession('g-1', { fullName: 'Ravi Kumar', mobile: '+919876543210', email: '' })).toEqual({
      status: 'guestSignedIn',
      userId: 'g-1',
      guest: { fullName: 'Ravi Kumar', mobile: '+919876543210' },
    })
    expect(localStorage.getItem(STORAGE_KEYS.guestEmail)).toBeNull()
    startGuestSession('g-1', { fullName: 'Ravi Kumar', mobile: '+919876543210', email: 'ravi@example.com' })
    expect(secureStorage.get(STORAGE_KEYS.guestEmail)).toBe('ravi@example.com')
  })
})

describe('on load', () => {
  afterEach(() => setAnalyticsAdapter({ identify: () => {} }))

  it('refreshes the details of a signed-in user from the profile', async () => {
    signIn()
    vi.mocked(fetchProfile).mockResolvedValue({ userId: 'c-1', firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com', phoneNumber: '+14155550101' })
    await refreshUserDetails()
    expect($session.get()).toMatchObject({ user: { customerId: 'c-1', lastName: 'Rao', email: 'asha@example.com' } })
    expect(secureStorage.get(STORAGE_KEYS.userDetails)).toMatchObject({ lastName: 'Rao' })
  })

  it('keeps the stored details quietly when the profile is not there', async () => {
    signIn()
    vi.mocked(fetchProfile).mockRejectedValue(new Error('404'))
    await refreshUserDetails()
    expect($session.get()).toMatchObject({ status: 'signedIn', user: asha })
  })

  it('identifies the user for analytics once per signed-in or guest user (SPEC §6)', () => {
    const identify = vi.fn()
    setAnalyticsAdapter({ identify })
    const disconnect = connectSession()
    expect(identify).not.toHaveBeenCalled()
    signIn()
    signIn()
    signOut()
    startGuestSession('g-1', { fullName: 'Ravi', mobile: '+919876543210' })
    disconnect()
    expect(identify.mock.calls).toEqual([['c-1'], ['g-1']])
  })
})
