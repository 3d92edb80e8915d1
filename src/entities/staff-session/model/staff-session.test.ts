// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRefusal, call } from '@/shared/api'
import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import { requestStaffRefresh, requestStaffSignIn, requestStaffSignOut } from '../api/staff-session-api'
import { $staffSession, canUseArea, signInStaff, signOutStaff, staffCall } from './staff-session'

vi.mock('../api/staff-session-api', () => ({
  requestStaffSignIn: vi.fn(),
  requestStaffRefresh: vi.fn(),
  requestStaffSignOut: vi.fn(async () => null),
  requestStaffProfile: vi.fn(),
}))
vi.mock('@/shared/api', async (original) => ({ ...(await original<typeof import('@/shared/api')>()), call: vi.fn() }))

const staff = { id: 's-1', name: 'Kit', email: 'kitchen@empire-burger.demo', role: 'kitchen' as const, location: { id: 'l-1', name: 'Empire Burger', slug: 'empire-burger' } }
const refusal = (status: number, code: string) => new ApiRefusal({ status, code, message: code })

beforeEach(async () => {
  localStorage.clear()
  $staffSession.set(null)
  vi.mocked(call).mockReset()
  vi.mocked(requestStaffRefresh).mockReset()
  vi.mocked(requestStaffSignIn).mockResolvedValue({ accessToken: 'tfs_access-1', refreshToken: 'refresh-1', staff })
  await signInStaff('kitchen@empire-burger.demo', 'tablefront-demo', 1_000)
})

describe('the staff session (docs/staff.md "Sessions")', () => {
  it('is stored under its own key, and a diner’s sign-out (which clears the diner’s storage) keeps it', () => {
    expect(secureStorage.get(STORAGE_KEYS.staffSession)).toMatchObject({ accessToken: 'tfs_access-1', issuedAt: 1_000, staff })
    secureStorage.set(STORAGE_KEYS.accessToken, 'customer-access')
    secureStorage.clear()
    expect(secureStorage.get(STORAGE_KEYS.accessToken)).toBeUndefined()
    expect(secureStorage.get(STORAGE_KEYS.staffSession)).toMatchObject({ accessToken: 'tfs_access-1' })
  })

  it('a staff call carries the staff token, never the diner’s', async () => {
    vi.mocked(call).mockResolvedValue([] as never)
    await staffCall('GET /staff/:locationId/team', { params: { locationId: 'l-1' } })
    expect(call).toHaveBeenCalledWith('GET /staff/:locationId/team', expect.objectContaining({ auth: false, headers: { Authorization: 'Bearer tfs_access-1' } }))
  })

  it('a 401 token_expired refreshes once and sends the call again with the new token', async () => {
    vi.mocked(call).mockRejectedValueOnce(refusal(401, 'token_expired')).mockResolvedValueOnce([] as never)
    vi.mocked(requestStaffRefresh).mockResolvedValue({ accessToken: 'tfs_access-2', refreshToken: 'refresh-2' })
    await staffCall('GET /staff/:locationId/team', { params: { locationId: 'l-1' } })
    expect(requestStaffRefresh).toHaveBeenCalledWith('refresh-1')
    expect(vi.mocked(call).mock.calls[1]![1]).toMatchObject({ headers: { Authorization: 'Bearer tfs_access-2' } })
    expect($staffSession.get()).toMatchObject({ accessToken: 'tfs_access-2', refreshToken: 'refresh-2' })
  })

  it('a refused refresh, or a 401 that is not an expiry (signed out elsewhere, removed), signs the staff member out', async () => {
    vi.mocked(call).mockRejectedValueOnce(refusal(401, 'token_expired'))
    vi.mocked(requestStaffRefresh).mockRejectedValue(refusal(401, 'unauthenticated'))
    await expect(staffCall('GET /staff/me', {})).rejects.toMatchObject({ code: 'token_expired' })
    expect($staffSession.get()).toBeNull()
    expect(secureStorage.get(STORAGE_KEYS.staffSession)).toBeUndefined()

    await signInStaff('kitchen@empire-burger.demo', 'tablefront-demo')
    vi.mocked(call).mockRejectedValueOnce(refusal(401, 'unauthenticated'))
    await expect(staffCall('GET /staff/me', {})).rejects.toMatchObject({ code: 'unauthenticated' })
    expect($staffSession.get()).toBeNull()
  })

  it('a 403 role_not_allowed is the screen’s to show: the staff member stays signed in', async () => {
    vi.mocked(call).mockRejectedValueOnce(refusal(403, 'role_not_allowed'))
    await expect(staffCall('GET /staff/:locationId/team', { params: { locationId: 'l-1' } })).rejects.toMatchObject({ code: 'role_not_allowed' })
    expect($staffSession.get()).not.toBeNull()
  })

  it('signing out forgets the tokens here and ends the sign-in on the server', () => {
    signOutStaff()
    expect($staffSession.get()).toBeNull()
    expect(requestStaffSignOut).toHaveBeenCalledWith('refresh-1')
  })

  it('each area is for its roles, and a manager’s every one', () => {
    expect(canUseArea('kitchen', 'kitchen')).toBe(true)
    expect(canUseArea('kitchen', 'host')).toBe(false)
    expect(canUseArea('server', 'floor')).toBe(true)
    expect(canUseArea('host', 'team')).toBe(false)
    expect((['kitchen', 'host', 'floor', 'team'] as const).every((area) => canUseArea('manager', area))).toBe(true)
  })
})
