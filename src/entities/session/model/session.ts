import { atom } from 'nanostores'
import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'

/** What the app keeps about a signed-in customer (SPEC §5: firstName and customerId at least). */
export type UserDetails = {
  customerId: string
  firstName: string
  lastName?: string
  email?: string | null
  mobilePhone?: string
}

export type GuestDetails = { fullName: string; mobile: string; email?: string }

/** SPEC §4 Session: signed in, guest signed in, or guest. */
export type Session =
  | { status: 'signedIn'; userId: string; accessToken: string; refreshToken: string; user: UserDetails | null }
  | { status: 'guestSignedIn'; userId: string; guest: GuestDetails }
  | { status: 'guest' }

/** A sign-in's answer (SPEC §3 login response). */
export type SignedInUser = {
  userId: string
  accessToken: string
  refreshToken: string
  userDetails?: UserDetails
}

const GUEST: Session = { status: 'guest' }

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== ''

/** SPEC §5: stored user details are cleared unless they have firstName, customerId and a stored user id. */
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
  // SPEC §5 stores a guest email only when there is one, so a guest without email is still signed in.
  if (nonEmpty(fullName) && nonEmpty(mobile)) {
    return { status: 'guestSignedIn', userId, guest: { fullName, mobile, ...(nonEmpty(email) ? { email } : {}) } }
  }
  return GUEST
}

export const $session = atom<Session>(readStoredSession())

/** Where to go once sign-in or sign-up is done. */
export const $toLocationAfterAuth = atom<string>('/')

/** Restores the session from storage, as on load (SPEC §4). */
export function restoreSession(): Session {
  const session = readStoredSession()
  $session.set(session)
  return session
}

/** SPEC §4: a token and a refresh token in the user payload make the session signed in. */
export function startSession(signedIn: SignedInUser): Session {
  secureStorage.set(STORAGE_KEYS.userId, signedIn.userId)
  secureStorage.set(STORAGE_KEYS.accessToken, signedIn.accessToken)
  secureStorage.set(STORAGE_KEYS.refreshToken, signedIn.refreshToken)
  if (signedIn.userDetails) secureStorage.set(STORAGE_KEYS.userDetails, signedIn.userDetails)
  return restoreSession()
}

/** SPEC §4: clears local storage, the user and the guest, and sends the next sign-in home. */
export function signOut(): void {
  secureStorage.clear()
  $session.set(GUEST)
  $toLocationAfterAuth.set('/')
}

/** Remembers an in-app path to return to after sign-in; anything else (another site) goes home. */
export function setToLocationAfterAuth(path: string): void {
  $toLocationAfterAuth.set(path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/')
}

/** The bearer header of a signed-in customer, else none. */
export function authHeaders(): Record<string, string> {
  const session = $session.get()
  return session.status === 'signedIn' ? { Authorization: `Bearer ${session.accessToken}` } : {}
}
