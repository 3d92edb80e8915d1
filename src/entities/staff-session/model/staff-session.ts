import { atom } from 'nanostores'
import { ApiRefusal, call, type CallOptions, type EndpointName, type ResponseOf, type StaffMe, type StaffRole, type StaffSignInResponse } from '@/shared/api'
import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import { requestStaffProfile, requestStaffRefresh, requestStaffSignIn, requestStaffSignOut } from '../api/staff-session-api'

/**
 * The signed-in staff member (docs/staff.md "Sessions"), kept apart from the diner's session: its
 * own storage key (a diner's sign-out keeps it), its own tokens, sent only on staff calls.
 * `issuedAt` (ms) dates the access token, which the server honours for 15 minutes.
 */
export type StaffSession = { accessToken: string; refreshToken: string; issuedAt: number; staff: StaffMe }

/** The server's lifetime of a staff access token; renewed this long before it ends while a staff screen is open. */
export const STAFF_ACCESS_TTL_MS = 15 * 60_000
export const STAFF_RENEW_BEFORE_MS = 2 * 60_000

const isSession = (value: unknown): value is StaffSession => {
  const session = value as Partial<StaffSession> | null
  return (
    typeof session === 'object' &&
    session !== null &&
    typeof session.accessToken === 'string' &&
    typeof session.refreshToken === 'string' &&
    typeof session.issuedAt === 'number' &&
    typeof session.staff?.id === 'string' &&
    typeof session.staff.location?.id === 'string'
  )
}

export function readStoredStaffSession(): StaffSession | null {
  const stored = secureStorage.get<unknown>(STORAGE_KEYS.staffSession)
  if (stored === undefined) return null
  if (isSession(stored)) return stored
  secureStorage.remove(STORAGE_KEYS.staffSession)
  return null
}

export const $staffSession = atom<StaffSession | null>(readStoredStaffSession())

function keep(session: StaffSession | null) {
  if (session) secureStorage.set(STORAGE_KEYS.staffSession, session)
  else secureStorage.remove(STORAGE_KEYS.staffSession)
  $staffSession.set(session)
}

/** Signs in; rejects with ApiRefusal (invalid_credentials, rate_limited, invalid_request …) for the form to show. */
export async function signInStaff(email: string, password: string, now = Date.now()): Promise<StaffSession> {
  const answer: StaffSignInResponse = await requestStaffSignIn(email, password)
  const session = { accessToken: answer.accessToken, refreshToken: answer.refreshToken, issuedAt: now, staff: answer.staff }
  keep(session)
  return session
}

/** Ends the staff sign-in here and on the server (a failure there is logged: the tokens are gone from this browser either way). */
export function signOutStaff(): void {
  const session = $staffSession.get()
  keep(null)
  if (session) requestStaffSignOut(session.refreshToken).catch((error: unknown) => console.error('Signing the staff member out on the server failed', error))
}

/** The staff member's Authorization header, or none when signed out. */
export function staffAuthHeaders(): Record<string, string> {
  const session = $staffSession.get()
  return session ? { Authorization: `Bearer ${session.accessToken}` } : {}
}

/** The Web Locks API's one method the refresh uses (a fake stands in for it in tests). */
type Locks = { request<T>(name: string, callback: () => Promise<T>): Promise<T> }
const STAFF_REFRESH_LOCK = 'tf.staff-refresh'
const locks = (): Locks | undefined => (typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : undefined)

let refreshing: Promise<boolean> | undefined

/**
 * A new access token from the stored refresh token, as the diner's session does it: overlapping
 * calls share one refresh, tabs take turns through a Web Lock and re-read the stored tokens (another
 * tab may have refreshed or signed out), and a refused token signs the staff member out.
 */
export function refreshStaffToken(now: () => number = Date.now): Promise<boolean> {
  refreshing ??= (async () => {
    const session = $staffSession.get()
    if (!session) return false
    const refresh = async (): Promise<boolean> => {
      const stored = readStoredStaffSession()
      if (!stored || stored.staff.id !== session.staff.id) {
        $staffSession.set(stored)
        return false
      }
      if (stored.refreshToken !== session.refreshToken) {
        // Another tab refreshed while this one waited: its tokens are this tab's too.
        $staffSession.set(stored)
        return true
      }
      try {
        const tokens = await requestStaffRefresh(stored.refreshToken)
        if ($staffSession.get() !== session) return false
        keep({ ...stored, ...tokens, issuedAt: now() })
        return true
      } catch (error) {
        if (error instanceof ApiRefusal && error.status === 401) {
          keep(null)
          return false
        }
        throw error
      }
    }
    const lockManager = locks()
    return lockManager ? lockManager.request(STAFF_REFRESH_LOCK, refresh) : refresh()
  })()
    .catch((error: unknown) => {
      console.error('Refreshing the staff session failed', error)
      return false
    })
    .finally(() => {
      refreshing = undefined
    })
  return refreshing
}

/**
 * A staff call of the endpoint map with the staff member's token (never the diner's). A 401
 * token_expired refreshes once and sends it again; a 401 that remains signs the staff member out,
 * so the shell shows the sign-in. Other refusals reject with ApiRefusal, as `call` does.
 */
export async function staffCall<K extends EndpointName>(name: K, options: CallOptions<K>): Promise<ResponseOf<K>> {
  const send = () => call(name, { ...options, auth: false, headers: { ...options.headers, ...staffAuthHeaders() } } as CallOptions<K>)
  try {
    return await send()
  } catch (error) {
    if (!(error instanceof ApiRefusal) || error.status !== 401) throw error
    if (error.code === 'token_expired' && (await refreshStaffToken())) return send()
    keep(null)
    throw error
  }
}

/** Re-reads who is signed in (name, role, restaurant): a role changed by a manager shows on the next load. */
export async function refreshStaffProfile(): Promise<void> {
  const session = $staffSession.get()
  if (!session) return
  try {
    const staff = await requestStaffProfile(session.accessToken)
    const current = $staffSession.get()
    if (current?.staff.id === staff.id) keep({ ...current, staff })
  } catch (error) {
    if (!(error instanceof ApiRefusal) || error.status !== 401) return
    if (error.code === 'token_expired' && (await refreshStaffToken())) return refreshStaffProfile()
    keep(null)
  }
}

/**
 * Keeps the access token fresh while a staff screen is open, renewing it before its 15 minutes
 * end: an open screen keeps its restaurant "on shift" (docs/staff.md "On shift") even when it only
 * listens to a live stream. Returns the stop.
 */
export function keepStaffTokenFresh(now: () => number = Date.now): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const schedule = () => {
    const session = $staffSession.get()
    if (timer) clearTimeout(timer)
    if (!session) return
    const due = Math.max(5_000, session.issuedAt + STAFF_ACCESS_TTL_MS - STAFF_RENEW_BEFORE_MS - now())
    timer = setTimeout(() => void refreshStaffToken(now), due)
  }
  const unsubscribe = $staffSession.subscribe(schedule)
  return () => {
    unsubscribe()
    if (timer) clearTimeout(timer)
  }
}

/** Where a role starts after sign-in (docs/staff.md "Roles"). */
export const HOME_AREA: Record<StaffRole, 'kitchen' | 'host' | 'floor' | 'team'> = {
  manager: 'team',
  host: 'host',
  kitchen: 'kitchen',
  server: 'floor',
}

/** The staff areas and the roles that use each (a manager uses every one). */
export const AREA_ROLES: Record<'kitchen' | 'host' | 'floor' | 'team', readonly StaffRole[]> = {
  kitchen: ['manager', 'kitchen'],
  host: ['manager', 'host'],
  floor: ['manager', 'server'],
  team: ['manager'],
}

export type StaffArea = keyof typeof AREA_ROLES

export const canUseArea = (role: StaffRole, area: StaffArea) => AREA_ROLES[area].includes(role)
