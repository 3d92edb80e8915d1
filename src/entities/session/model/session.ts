import { atom } from 'nanostores'
import { configureAuth } from '@/shared/api'
import { identify } from '@/shared/lib/analytics'
import { removeUnreadableValues, secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import { endServerSession, fetchProfile, requestTokenRefresh } from '../api/session-api'

/** What the app keeps about a signed-in customer (firstName and customerId at least: docs/app.md, "Session on load"). */
export type UserDetails = {
  customerId: string
  firstName: string
  lastName?: string
  email?: string | null
  mobilePhone?: string
}

export type GuestDetails = { fullName: string; mobile: string; email?: string }

/**
 * Signed in, guest signed in, or guest. A guest is signed in while the guest token of their code
 * proves their number (12 hours, docs/accounts.md "Guests"); without one they verify again.
 */
export type Session =
  | { status: 'signedIn'; userId: string; accessToken: string; refreshToken: string; user: UserDetails | null }
  | { status: 'guestSignedIn'; userId: string; guest: GuestDetails; guestToken: string }
  | { status: 'guest' }

/** A sign-in's answer (the login response). */
export type SignedInUser = {
  userId: string
  accessToken: string
  refreshToken: string
  userDetails?: UserDetails
}

const GUEST: Session = { status: 'guest' }

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== ''

/** The expiry (ms) a JWT states, read without checking it (the server checks); undefined when unreadable. */
export function tokenExpiry(token: string): number | undefined {
  try {
    const payload = token.split('.')[1] ?? ''
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown }
    return typeof claims.exp === 'number' ? claims.exp * 1000 : undefined
  } catch {
    return undefined
  }
}

/** docs/app.md, "Session on load": stored user details are cleared unless they have firstName, customerId and a stored user id. */
function restoreUserDetails(userId: string | undefined): UserDetails | null {
  const stored = secureStorage.get<Partial<UserDetails>>(STORAGE_KEYS.userDetails)
  if (stored === undefined) return null
  if (userId && typeof stored === 'object' && stored !== null && nonEmpty(stored.firstName) && nonEmpty(stored.customerId)) {
    return stored as UserDetails
  }
  secureStorage.remove(STORAGE_KEYS.userDetails)
  return null
}

/** The session the stored values describe; a signed-in session wins over a guest one. */
export function readStoredSession(): Session {
  const userId = secureStorage.get<string>(STORAGE_KEYS.userId)
  const user = restoreUserDetails(nonEmpty(userId) ? userId : undefined)
  if (!nonEmpty(userId)) return GUEST
  const accessToken = secureStorage.get<string>(STORAGE_KEYS.accessToken)
  // Present, not necessarily non-empty: sandbox sessions have no refresh token yet (docs/decisions.md).
  const refreshToken = secureStorage.get<string>(STORAGE_KEYS.refreshToken)
  if (nonEmpty(accessToken) && typeof refreshToken === 'string') {
    return { status: 'signedIn', userId, accessToken, refreshToken, user }
  }
  const fullName = secureStorage.get<string>(STORAGE_KEYS.guestName)
  const mobile = secureStorage.get<string>(STORAGE_KEYS.guestMobile)
  const email = secureStorage.get<string>(STORAGE_KEYS.guestEmail)
  const guestToken = secureStorage.get<string>(STORAGE_KEYS.guestToken)
  // Only a live guest token proves the number: without one (or past its expiry) the guest verifies again.
  const proven = nonEmpty(guestToken) && (tokenExpiry(guestToken) ?? 0) > Date.now()
  // A guest email is stored only when there is one, so a guest without email is still signed in.
  if (nonEmpty(fullName) && nonEmpty(mobile) && proven) {
    return { status: 'guestSignedIn', userId, guest: { fullName, mobile, ...(nonEmpty(email) ? { email } : {}) }, guestToken }
  }
  return GUEST
}

/** The session on load: values planted under our keys (they do not decrypt) are removed first, never read as a session. */
function loadSession(): Session {
  removeUnreadableValues()
  return readStoredSession()
}

export const $session = atom<Session>(loadSession())

/** Where to go once sign-in or sign-up is done. */
export const $toLocationAfterAuth = atom<string>('/')

/** Restores the session from storage, as on load (docs/app.md, "Session on load"). */
export function restoreSession(): Session {
  const session = loadSession()
  $session.set(session)
  return session
}

/** docs/app.md, "Session on load": a token and a refresh token in the user payload make the session signed in. */
export function startSession(signedIn: SignedInUser): Session {
  secureStorage.set(STORAGE_KEYS.userId, signedIn.userId)
  secureStorage.set(STORAGE_KEYS.accessToken, signedIn.accessToken)
  secureStorage.set(STORAGE_KEYS.refreshToken, signedIn.refreshToken)
  if (signedIn.userDetails) secureStorage.set(STORAGE_KEYS.userDetails, signedIn.userDetails)
  return restoreSession()
}

/** A guest who proved their mobile by code, with the guest token that says so (the email is stored only when non-empty). */
export function startGuestSession(userId: string, guest: GuestDetails, guestToken: string): Session {
  secureStorage.set(STORAGE_KEYS.userId, userId)
  secureStorage.set(STORAGE_KEYS.guestToken, guestToken)
  secureStorage.set(STORAGE_KEYS.guestName, guest.fullName)
  secureStorage.set(STORAGE_KEYS.guestMobile, guest.mobile)
  if (guest.email?.trim()) secureStorage.set(STORAGE_KEYS.guestEmail, guest.email.trim())
  else secureStorage.remove(STORAGE_KEYS.guestEmail)
  return restoreSession()
}

/** docs/app.md, "Session on load": clears local storage, the user and the guest, and sends the next sign-in home. */
export function signOut(): void {
  const session = $session.get()
  if (session.status === 'signedIn' && session.refreshToken) {
    endServerSession(session.refreshToken).catch((error: unknown) => console.error('Signing out on the server failed', error))
  }
  secureStorage.clear()
  $session.set(GUEST)
  $toLocationAfterAuth.set('/')
}

/** Keeps a new pair of tokens (refresh tokens are single use: docs/accounts.md, "Sessions"). */
export function rotateTokens(accessToken: string, refreshToken: string): void {
  const session = $session.get()
  if (session.status !== 'signedIn') return
  secureStorage.set(STORAGE_KEYS.accessToken, accessToken)
  secureStorage.set(STORAGE_KEYS.refreshToken, refreshToken)
  $session.set({ ...session, accessToken, refreshToken })
}

/** The Web Locks API's one method the refresh uses (a fake stands in for it in tests). */
export type RefreshLocks = { request<T>(name: string, callback: () => Promise<T>): Promise<T> }

/** Held while a tab refreshes, so the tabs of one browser refresh one at a time. */
export const REFRESH_LOCK = 'tf.session-refresh'

/** The browser's lock manager; without Web Locks each tab refreshes on its own (the server's grace window covers two at once). */
function refreshLocks(): RefreshLocks | undefined {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : undefined
}

/** A guest token cannot be refreshed: the guest proves the number again with a new code. */
function endGuestProof(): void {
  secureStorage.remove(STORAGE_KEYS.guestToken)
  restoreSession()
}

let refreshing: Promise<boolean> | undefined

/**
 * A new access token from the stored refresh token. Calls that overlap in this tab share one
 * refresh, and tabs take turns through a Web Lock: after taking it the stored tokens are read
 * again, since another tab may have refreshed (or signed out) meanwhile, and only a token nobody
 * has used yet is sent. A refused token signs out.
 */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= (async () => {
    const session = $session.get()
    if (session.status === 'guestSignedIn') {
      endGuestProof()
      return false
    }
    if (session.status !== 'signedIn' || !session.refreshToken) return false
    const refresh = async (): Promise<boolean> => {
      const stored = readStoredSession()
      if (stored.status !== 'signedIn' || stored.userId !== session.userId) {
        $session.set(stored)
        return false
      }
      if (stored.refreshToken !== session.refreshToken) {
        // Another tab refreshed while this one waited: its tokens are this tab's too.
        $session.set(stored)
        return true
      }
      const answer = await requestTokenRefresh(stored.refreshToken)
      if (answer === 'refused') {
        signOut()
        return false
      }
      if ($session.get() !== session) return false
      rotateTokens(answer.accessToken, answer.refreshToken)
      return true
    }
    const locks = refreshLocks()
    return locks ? locks.request(REFRESH_LOCK, refresh) : refresh()
  })()
    .catch((error: unknown) => {
      console.error('Refreshing the session failed', error)
      return false
    })
    .finally(() => {
      refreshing = undefined
    })
  return refreshing
}

/** docs/app.md, "Session on load": a signed-in session refreshes the user's details on load. */
export async function refreshUserDetails(): Promise<void> {
  const session = $session.get()
  if (session.status !== 'signedIn') return
  let profile: Awaited<ReturnType<typeof fetchProfile>>
  try {
    profile = await fetchProfile(session.userId)
  } catch {
    // Profile unavailable (404 or a network failure): the stored details stay as they are.
    return
  }
  const current = $session.get()
  if (!profile || current.status !== 'signedIn' || current.userId !== session.userId) return
  const user: UserDetails = {
    customerId: profile.userId,
    firstName: profile.firstName,
    lastName: profile.lastName ?? '',
    email: profile.email ?? null,
    mobilePhone: profile.phoneNumber ?? current.user?.mobilePhone,
  }
  secureStorage.set(STORAGE_KEYS.userDetails, user)
  $session.set({ ...current, user })
}

/**
 * Connects the session to the rest of the app at start: the API client signs and refreshes with
 * it, analytics identifies its user (docs/app.md, "Analytics"), and a signed-in user's details are refreshed.
 */
export function connectSession(): () => void {
  configureAuth({ headers: authHeaders, refresh: refreshAccessToken })
  let identified: string | undefined
  const unsubscribe = $session.subscribe((session) => {
    const userId = session.status === 'guest' ? undefined : session.userId
    if (userId !== identified && identify(session)) identified = userId
    if (!userId) identified = undefined
  })
  void refreshUserDetails()
  return () => {
    unsubscribe()
    configureAuth(undefined)
  }
}

/** Remembers an in-app path to return to after sign-in; anything else (another site) goes home. */
export function setToLocationAfterAuth(path: string): void {
  $toLocationAfterAuth.set(path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/')
}

/** The bearer header of the session: a signed-in customer's access token, a verified guest's guest token, else none. */
export function authHeaders(): Record<string, string> {
  const session = $session.get()
  if (session.status === 'signedIn') return { Authorization: `Bearer ${session.accessToken}` }
  if (session.status === 'guestSignedIn') return { Authorization: `Bearer ${session.guestToken}` }
  return {}
}
