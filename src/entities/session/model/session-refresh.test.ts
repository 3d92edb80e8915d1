// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setAnalyticsAdapter } from '@/shared/lib/analytics'
import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import { endServerSession, fetchProfile, requestTokenRefresh } from '../api/session-api'
import {
  $session,
  $toLocationAfterAuth,
  connectSession,
  REFRESH_LOCK,
  refreshAccessToken,
  refreshUserDetails,
  setToLocationAfterAuth,
  signOut,
  startGuestSession,
  startSession,
  type RefreshLocks,
} from './session'

vi.mock('../api/session-api', () => ({
  endServerSession: vi.fn(async () => {}),
  fetchProfile: vi.fn(async () => undefined),
  requestTokenRefresh: vi.fn(),
}))

const asha = { customerId: 'c-1', firstName: 'Asha', mobilePhone: '+14155550101' }
const signIn = () => startSession({ userId: 'c-1', accessToken: 'access-1', refreshToken: 'refresh-1', userDetails: asha })
const GUEST_TOKEN = `e30.${btoa(JSON.stringify({ typ: 'guest', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '')}.sig`

/**
 * A fake of navigator.locks: grants one lock at a time, in order, and runs `beforeGrant` first
 * (what another tab did while this one waited). Records who held the lock when.
 */
function fakeLocks(beforeGrant: () => void = () => {}) {
  const events: string[] = []
  let queue: Promise<unknown> = Promise.resolve()
  const locks: RefreshLocks = {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const granted = queue.then(async () => {
        beforeGrant()
        events.push(`granted ${name}`)
        try {
          return await callback()
        } finally {
          events.push(`released ${name}`)
        }
      })
      queue = granted.catch(() => undefined)
      return granted
    },
  }
  return { locks, events }
}

const realLocks = Object.getOwnPropertyDescriptor(navigator, 'locks')
function useLocks(locks: RefreshLocks | undefined) {
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true })
}
afterEach(() => {
  if (realLocks) Object.defineProperty(navigator, 'locks', realLocks)
  else Reflect.deleteProperty(navigator, 'locks')
})

beforeEach(() => {
  localStorage.clear()
  $session.set({ status: 'guest' })
  vi.mocked(requestTokenRefresh).mockReset()
  vi.mocked(endServerSession).mockClear()
  vi.mocked(fetchProfile).mockReset()
})

describe('token refresh (docs/accounts.md, "Sessions")', () => {
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

  it('refreshes inside the tf.session-refresh Web Lock', async () => {
    const { locks, events } = fakeLocks()
    useLocks(locks)
    signIn()
    vi.mocked(requestTokenRefresh).mockImplementation(async () => {
      events.push('refresh sent')
      return { userId: 'c-1', accessToken: 'access-2', refreshToken: 'refresh-2' }
    })
    expect(await refreshAccessToken()).toBe(true)
    expect(events).toEqual([`granted ${REFRESH_LOCK}`, 'refresh sent', `released ${REFRESH_LOCK}`])
    expect(REFRESH_LOCK).toBe('tf.session-refresh')
  })

  it('a tab that waited for the lock while another tab refreshed takes the stored new tokens and sends nothing', async () => {
    signIn()
    // The other tab spent refresh-1 and stored its new pair while this tab waited for the lock.
    const { locks } = fakeLocks(() => {
      secureStorage.set(STORAGE_KEYS.accessToken, 'access-from-other-tab')
      secureStorage.set(STORAGE_KEYS.refreshToken, 'refresh-from-other-tab')
    })
    useLocks(locks)
    expect(await refreshAccessToken()).toBe(true)
    expect(requestTokenRefresh).not.toHaveBeenCalled()
    expect($session.get()).toMatchObject({ status: 'signedIn', accessToken: 'access-from-other-tab', refreshToken: 'refresh-from-other-tab', user: asha })
  })

  it('two tabs refreshing at once send one refresh: the second finds the first one’s tokens after the lock', async () => {
    const { locks } = fakeLocks()
    useLocks(locks)
    signIn()
    vi.mocked(requestTokenRefresh).mockResolvedValue({ userId: 'c-1', accessToken: 'access-2', refreshToken: 'refresh-2' })
    // The second tab: same stored tokens, its own memory, its own refresh — through the same locks.
    const secondTab = (async () => {
      await Promise.resolve()
      const session = $session.get()
      return locks.request(REFRESH_LOCK, async () => secureStorage.get(STORAGE_KEYS.refreshToken) !== (session.status === 'signedIn' ? session.refreshToken : ''))
    })()
    const [first, secondSawNewTokens] = await Promise.all([refreshAccessToken(), secondTab])
    expect(first).toBe(true)
    expect(secondSawNewTokens).toBe(true)
    expect(requestTokenRefresh).toHaveBeenCalledTimes(1)
  })

  it('a tab whose session another tab signed out meanwhile sends nothing and is signed out too', async () => {
    signIn()
    const { locks } = fakeLocks(() => localStorage.clear())
    useLocks(locks)
    expect(await refreshAccessToken()).toBe(false)
    expect(requestTokenRefresh).not.toHaveBeenCalled()
    expect($session.get()).toEqual({ status: 'guest' })
  })

  it('refreshes without Web Locks where the browser has none (the server’s grace window covers two tabs)', async () => {
    useLocks(undefined)
    signIn()
    vi.mocked(requestTokenRefresh).mockResolvedValue({ userId: 'c-1', accessToken: 'access-2', refreshToken: 'refresh-2' })
    expect(await refreshAccessToken()).toBe(true)
    expect($session.get()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' })
  })

  it('a verified guest whose token the server calls expired verifies again: the guest token is dropped, nothing is refreshed', async () => {
    startGuestSession('g-1', { fullName: 'Ravi Kumar', mobile: '+919876543210' }, GUEST_TOKEN)
    expect($session.get().status).toBe('guestSignedIn')
    expect(await refreshAccessToken()).toBe(false)
    expect(requestTokenRefresh).not.toHaveBeenCalled()
    expect($session.get()).toEqual({ status: 'guest' })
    expect(localStorage.getItem(STORAGE_KEYS.guestToken)).toBeNull()
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

  it('stores a verified guest with the guest token, and the email only when there is one', () => {
    expect(startGuestSession('g-1', { fullName: 'Ravi Kumar', mobile: '+919876543210', email: '' }, GUEST_TOKEN)).toEqual({
      status: 'guestSignedIn',
      userId: 'g-1',
      guest: { fullName: 'Ravi Kumar', mobile: '+919876543210' },
      guestToken: GUEST_TOKEN,
    })
    expect(localStorage.getItem(STORAGE_KEYS.guestEmail)).toBeNull()
    expect(secureStorage.get(STORAGE_KEYS.guestToken)).toBe(GUEST_TOKEN)
    startGuestSession('g-1', { fullName: 'Ravi Kumar', mobile: '+919876543210', email: 'ravi@example.com' }, GUEST_TOKEN)
    expect(secureStorage.get(STORAGE_KEYS.guestEmail)).toBe('ravi@example.com')
  })
})

describe('on load', () => {
  afterEach(() => setAnalyticsAdapter({ identify: () => {} }))

  it('refreshes the details of a signed-in user from the profile', async () => {
    signIn()
    vi.mocked(fetchProfile).mockResolvedValue({
      userId: 'c-1',
      userName: 'Asha Rao',
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.com',
      pendingEmail: null,
      phoneNumber: '+14155550101',
      tableBooking: 0,
      favRestaurants: [],
      favItems: [],
      userLocationDetails: null,
      isPromoSubscribed: false,
      walletAmount: 0,
      walletCurrency: 'USD',
    })
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

  it('identifies the user for analytics once per signed-in or guest user (docs/app.md, "Analytics")', () => {
    const identify = vi.fn()
    setAnalyticsAdapter({ identify })
    const disconnect = connectSession()
    expect(identify).not.toHaveBeenCalled()
    signIn()
    signIn()
    signOut()
    startGuestSession('g-1', { fullName: 'Ravi', mobile: '+919876543210' }, GUEST_TOKEN)
    disconnect()
    expect(identify.mock.calls).toEqual([['c-1'], ['g-1']])
  })
})
