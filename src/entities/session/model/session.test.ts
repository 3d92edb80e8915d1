// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import {
  $session,
  $toLocationAfterAuth,
  authHeaders,
  restoreSession,
  setToLocationAfterAuth,
  signOut,
  startSession,
} from './session'

vi.mock('../api/session-api', () => ({
  endServerSession: vi.fn(async () => {}),
  fetchProfile: vi.fn(async () => undefined),
  requestTokenRefresh: vi.fn(async () => 'refused'),
}))

const store = (values: Partial<Record<keyof typeof STORAGE_KEYS, unknown>>) => {
  for (const [name, value] of Object.entries(values)) secureStorage.set(STORAGE_KEYS[name as keyof typeof STORAGE_KEYS], value)
}

const asha = { customerId: 'c-1', firstName: 'Asha', mobilePhone: '+14155550101' }

/** A token shaped like the server's guest token, expiring at `exp` (seconds); the client reads, never checks, it. */
const guestTokenUntil = (exp: number) => `e30.${btoa(JSON.stringify({ typ: 'guest', exp })).replace(/=+$/, '')}.sig`
const liveGuestToken = guestTokenUntil(Math.floor(Date.now() / 1000) + 3600)

describe('session restored on load (docs/app.md, "Session on load")', () => {
  beforeEach(() => localStorage.clear())

  it('plain-text tokens planted in storage are removed on load, never used, even where no session would read them', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjLTEiLCJ0eXAiOiJhY2Nlc3MifQ.c2lnbmF0dXJl'
    localStorage.setItem(STORAGE_KEYS.accessToken, jwt)
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'plain-refresh-token')
    localStorage.setItem(STORAGE_KEYS.guestToken, jwt)
    localStorage.setItem(STORAGE_KEYS.userId, 'c-1')
    localStorage.setItem(STORAGE_KEYS.guestCart, JSON.stringify({ items: [] }))
    // Not ours: left alone.
    localStorage.setItem('someone-else', 'plain')
    expect(restoreSession()).toEqual({ status: 'guest' })
    expect(authHeaders()).toEqual({})
    for (const key of [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.guestToken, STORAGE_KEYS.userId, STORAGE_KEYS.guestCart]) {
      expect(localStorage.getItem(key), key).toBeNull()
    }
    expect(localStorage.getItem('someone-else')).toBe('plain')
  })

  it('a planted token beside an encrypted session is removed and the session is not signed in with it', () => {
    store({ userId: 'c-1', refreshToken: 'refresh', userDetails: asha })
    localStorage.setItem(STORAGE_KEYS.accessToken, 'planted-access-token')
    expect(restoreSession().status).toBe('guest')
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull()
    expect(secureStorage.get(STORAGE_KEYS.refreshToken)).toBe('refresh')
  })

  it('is signed in with a user id, an access token and a refresh token', () => {
    store({ userId: 'c-1', accessToken: 'access', refreshToken: 'refresh', userDetails: asha })
    expect(restoreSession()).toEqual({ status: 'signedIn', userId: 'c-1', accessToken: 'access', refreshToken: 'refresh', user: asha })
    expect($session.get().status).toBe('signedIn')
    expect(authHeaders()).toEqual({ Authorization: 'Bearer access' })
  })

  it('is not signed in when the access token or the refresh token is missing', () => {
    store({ userId: 'c-1', accessToken: 'access' })
    expect(restoreSession().status).toBe('guest')
    localStorage.clear()
    store({ userId: 'c-1', refreshToken: 'refresh' })
    expect(restoreSession().status).toBe('guest')
    localStorage.clear()
    store({ accessToken: 'access', refreshToken: 'refresh' })
    expect(restoreSession().status).toBe('guest')
    expect(authHeaders()).toEqual({})
  })

  it('is guest signed in with a user id, the stored guest name, mobile and email, and a live guest token it sends as the bearer', () => {
    store({ userId: 'g-7', guestName: 'Ravi Kumar', guestMobile: '+919876543210', guestEmail: 'ravi@example.com', guestToken: liveGuestToken })
    expect(restoreSession()).toEqual({
      status: 'guestSignedIn',
      userId: 'g-7',
      guest: { fullName: 'Ravi Kumar', mobile: '+919876543210', email: 'ravi@example.com' },
      guestToken: liveGuestToken,
    })
    expect(authHeaders()).toEqual({ Authorization: `Bearer ${liveGuestToken}` })
  })

  it('is guest signed in without an email, which is stored only when given', () => {
    store({ userId: 'g-7', guestName: 'Ravi Kumar', guestMobile: '+919876543210', guestToken: liveGuestToken })
    expect(restoreSession()).toEqual({ status: 'guestSignedIn', userId: 'g-7', guest: { fullName: 'Ravi Kumar', mobile: '+919876543210' }, guestToken: liveGuestToken })
  })

  it('counts a stored guest without a guest token, or with an expired or unreadable one, as a plain guest who verifies again', () => {
    const details = { userId: 'g-7', guestName: 'Ravi Kumar', guestMobile: '+919876543210' }
    store(details)
    expect(restoreSession()).toEqual({ status: 'guest' })
    for (const guestToken of [guestTokenUntil(Math.floor(Date.now() / 1000) - 1), 'not-a-token', '']) {
      store({ ...details, guestToken })
      expect(restoreSession()).toEqual({ status: 'guest' })
      expect(authHeaders()).toEqual({})
    }
  })

  it('is a guest without a user id, or with guest details missing the name or mobile', () => {
    store({ guestName: 'Ravi Kumar', guestMobile: '+919876543210', guestToken: liveGuestToken })
    expect(restoreSession()).toEqual({ status: 'guest' })
    localStorage.clear()
    store({ userId: 'g-7', guestName: 'Ravi Kumar', guestToken: liveGuestToken })
    expect(restoreSession()).toEqual({ status: 'guest' })
    localStorage.clear()
    expect(restoreSession()).toEqual({ status: 'guest' })
  })

  it('prefers the signed-in session when guest values are stored too', () => {
    store({ userId: 'c-1', accessToken: 'access', refreshToken: '', guestName: 'Ravi', guestMobile: '+919876543210' })
    expect(restoreSession().status).toBe('signedIn')
  })

  it('treats storage it cannot decrypt as missing', () => {
    store({ userId: 'c-1', refreshToken: 'refresh' })
    localStorage.setItem(STORAGE_KEYS.accessToken, 'written-by-someone-else')
    expect(restoreSession().status).toBe('guest')
  })
})

describe('stored user details (docs/app.md, "Session on load")', () => {
  beforeEach(() => localStorage.clear())

  it('are kept when they have firstName and customerId and a user id is stored', () => {
    store({ userId: 'c-1', accessToken: 'a', refreshToken: 'r', userDetails: asha })
    restoreSession()
    expect(secureStorage.get(STORAGE_KEYS.userDetails)).toEqual(asha)
  })

  it.each([
    ['without firstName', { userId: 'c-1', userDetails: { customerId: 'c-1' } }],
    ['with an empty firstName', { userId: 'c-1', userDetails: { customerId: 'c-1', firstName: ' ' } }],
    ['without customerId', { userId: 'c-1', userDetails: { firstName: 'Asha' } }],
    ['without a stored user id', { userDetails: asha }],
    ['that are not an object', { userId: 'c-1', userDetails: 'Asha' }],
  ])('are cleared from storage %s', (_, values) => {
    store({ accessToken: 'a', refreshToken: 'r', ...values })
    const session = restoreSession()
    expect(localStorage.getItem(STORAGE_KEYS.userDetails)).toBeNull()
    if (session.status === 'signedIn') expect(session.user).toBeNull()
  })
})

describe('starting and ending a session', () => {
  beforeEach(() => localStorage.clear())

  it('a token and a refresh token in the user payload sign in, and survive a reload', () => {
    startSession({ userId: 'c-1', accessToken: 'access', refreshToken: 'refresh', userDetails: asha })
    expect($session.get()).toMatchObject({ status: 'signedIn', userId: 'c-1', user: asha })
    $session.set({ status: 'guest' })
    expect(restoreSession()).toMatchObject({ status: 'signedIn', userId: 'c-1' })
  })

  it('sign-out clears local storage, the user and the guest, and sends the next sign-in home', () => {
    startSession({ userId: 'c-1', accessToken: 'access', refreshToken: 'refresh', userDetails: asha })
    store({ guestName: 'Ravi', guestMobile: '+919876543210' })
    setToLocationAfterAuth('/restaurant/olive-tree-soma/menu/pickup')
    signOut()
    expect($session.get()).toEqual({ status: 'guest' })
    expect(localStorage.length).toBe(0)
    expect($toLocationAfterAuth.get()).toBe('/')
    expect(restoreSession()).toEqual({ status: 'guest' })
  })

  it('remembers only in-app paths to return to after sign-in', () => {
    setToLocationAfterAuth('/cafe/brew-lab/menu/pickup?tab=menu')
    expect($toLocationAfterAuth.get()).toBe('/cafe/brew-lab/menu/pickup?tab=menu')
    for (const elsewhere of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      setToLocationAfterAuth(elsewhere)
      expect($toLocationAfterAuth.get()).toBe('/')
    }
  })
})
