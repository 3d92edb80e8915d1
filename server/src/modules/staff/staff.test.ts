import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StaffMe, StaffSignInResponse, StaffTokens, TeamMember } from '@/shared/api/contracts/staff'
import { locations, refreshTokens, staffMembers, staffSettings } from '../../db/schema'
import { DEMO_STAFF_PASSWORD, demoStaffEmail } from '../../db/seed'
import { isStaffOnShift } from '../../domain/staff-on-shift'
import { createTestApp, type TestApp } from '../../test/harness'
import { createTestCustomer } from '../../test/signed-in-client'
import { staffHeaders, staffSession } from '../../test/staff-auth'
import { REFRESH_GRACE_MS } from '../auth/refresh-tokens'
import { authenticateStaff, STAFF_ACCESS_TTL_MS } from './guard'
import { refreshStaffSession, startStaffSession } from './sessions'

// docs/staff.md: accounts, sessions, roles and the team, on both engines.

let t: TestApp
let empireId: string
let somaId: string

beforeAll(async () => {
  t = await createTestApp()
  const rows = await t.db.select({ id: locations.id, slug: locations.locationSlug }).from(locations)
  empireId = rows.find((row) => row.slug === 'empire-burger')!.id
  somaId = rows.find((row) => row.slug === 'olive-tree-soma')!.id
})
afterAll(() => t.close())

const json = (headers: Record<string, string> = {}) => ({ 'Content-Type': 'application/json', ...headers })
async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await t.app.request(`/api${path}`, { method, headers: json(headers), body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })
const signIn = (email: string, password: string, _note?: string) => send('POST', '/staff/sign-in', { email, password })

describe('signing in', () => {
  it('signs a seeded demo member in with the demo password, whatever the email’s case, and says who they are', async () => {
    const answer = await signIn(demoStaffEmail('empire-burger', 'kitchen').toUpperCase(), DEMO_STAFF_PASSWORD)
    expect(answer.status).toBe(200)
    const session = answer.body as StaffSignInResponse
    expect(session.staff).toMatchObject({ role: 'kitchen', location: { id: empireId, slug: 'empire-burger' } })
    expect(session.accessToken).toMatch(/^tfs_/)
    const me = await send('GET', '/staff/me', undefined, bearer(session.accessToken))
    expect(me.body as StaffMe).toEqual(session.staff)
  })

  it('refuses a wrong password, an unknown email and a removed member with the same 401 invalid_credentials', async () => {
    const wrong = await signIn(demoStaffEmail('empire-burger', 'host'), 'not-the-password')
    const unknown = await signIn('nobody@nowhere.demo', DEMO_STAFF_PASSWORD)
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401)
      expect(answer.body).toMatchObject({ code: 'invalid_credentials' })
    }
    expect(wrong.body.message).toBe(unknown.body.message)
  })

  it('refuses a malformed email with 400 invalid_request', async () => {
    expect((await signIn('not-an-email', 'x')).body).toMatchObject({ code: 'invalid_request' })
  })

  it('throttles sign-in attempts per email: the 11th within 15 minutes is 429 rate_limited, even with the right password', async () => {
    const email = demoStaffEmail('brew-lab', 'server')
    for (let attempt = 0; attempt < 10; attempt++) expect((await signIn(email, 'wrong-password', `198.51.100.${attempt}`)).status).toBe(401)
    const refused = await signIn(email, DEMO_STAFF_PASSWORD, '198.51.100.99')
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ code: 'rate_limited' })
  })
})

describe('sessions', () => {
  it('rotates the refresh token: the new pair works, the old access token lives out its 15 minutes', async () => {
    const first = await startStaffSession(t.db, (await staffSession(t, 'empire-burger', 'host')).id)
    const rotated = await send('POST', '/staff/token/refresh', { refreshToken: first.refreshToken })
    expect(rotated.status).toBe(200)
    const next = rotated.body as StaffTokens
    expect(next.refreshToken).not.toBe(first.refreshToken)
    expect((await send('GET', '/staff/me', undefined, bearer(next.accessToken))).body).toMatchObject({ role: 'host' })
    expect((await send('GET', '/staff/me', undefined, bearer(first.accessToken))).status).toBe(200)
  })

  it('a refresh token spent again after the grace ends the whole sign-in (reuse is a theft)', async () => {
    const member = await staffSession(t, 'empire-burger', 'server')
    const start = new Date('2026-11-24T10:00:00Z')
    const first = await startStaffSession(t.db, member.id, start)
    const second = await refreshStaffSession(t.db, first.refreshToken, new Date(start.getTime() + 60_000))
    await expect(refreshStaffSession(t.db, first.refreshToken, new Date(start.getTime() + 60_000 + REFRESH_GRACE_MS + 1))).rejects.toMatchObject({ code: 'unauthenticated' })
    await expect(refreshStaffSession(t.db, second.refreshToken, new Date(start.getTime() + 120_000))).rejects.toMatchObject({ code: 'unauthenticated' })
    await expect(authenticateStaff(t.db, `Bearer ${second.accessToken}`, new Date(start.getTime() + 120_000))).rejects.toMatchObject({ code: 'unauthenticated' })
  })

  it('an access token is token_expired after 15 minutes, so the app spends its refresh token', async () => {
    const member = await staffSession(t, 'empire-burger', 'kitchen')
    const issued = new Date('2026-11-24T10:00:00Z')
    const { accessToken } = await startStaffSession(t.db, member.id, issued)
    await expect(authenticateStaff(t.db, `Bearer ${accessToken}`, new Date(issued.getTime() + STAFF_ACCESS_TTL_MS - 1))).resolves.toMatchObject({ role: 'kitchen' })
    await expect(authenticateStaff(t.db, `Bearer ${accessToken}`, new Date(issued.getTime() + STAFF_ACCESS_TTL_MS))).rejects.toMatchObject({ code: 'token_expired' })
  })

  it('signing out ends the sign-in at once: its access token and refresh token are refused', async () => {
    const session = await staffSession(t, 'empire-burger', 'kitchen')
    expect((await send('POST', '/staff/sign-out', { refreshToken: session.refreshToken })).status).toBe(204)
    expect((await send('GET', '/staff/me', undefined, bearer(session.accessToken))).body).toMatchObject({ code: 'unauthenticated' })
    expect((await send('POST', '/staff/token/refresh', { refreshToken: session.refreshToken })).body).toMatchObject({ code: 'unauthenticated' })
  })

  it('staff and customer tokens never stand in for each other', async () => {
    const customer = await createTestCustomer(t, 'Dee', '+14155550717')
    const staff = await staffSession(t, 'empire-burger', 'manager')
    // A customer's refresh token is refused by the staff refresh, and left working for its customer.
    expect((await send('POST', '/staff/token/refresh', { refreshToken: customer.refreshToken })).body).toMatchObject({ code: 'unauthenticated' })
    expect((await send('POST', '/customer/token/refresh', { refreshToken: customer.refreshToken })).status).toBe(200)
    // And the other way round.
    expect((await send('POST', '/customer/token/refresh', { refreshToken: staff.refreshToken })).body).toMatchObject({ code: 'unauthenticated' })
    expect((await send('POST', '/customer/logout', { refreshToken: staff.refreshToken })).status).toBe(204)
    expect((await send('GET', '/staff/me', undefined, bearer(staff.accessToken))).status).toBe(200)
    expect((await send('POST', '/staff/token/refresh', { refreshToken: staff.refreshToken })).status).toBe(200)
    // Access tokens: a customer's on a staff call, a staff one on a customer call.
    expect((await send('GET', `/staff/${empireId}/team`, undefined, bearer(customer.token))).body).toMatchObject({ code: 'unauthenticated' })
    expect((await send('GET', `/favourites?customerId=${customer.id}`, undefined, bearer(staff.accessToken))).body).toMatchObject({ code: 'unauthenticated' })
  })
})

describe('the team', () => {
  it('a manager lists their location’s staff, managers first, and sees which one they are', async () => {
    const headers = await staffHeaders(t, 'olive-tree-soma', 'manager')
    const team = (await send('GET', `/staff/${somaId}/team`, undefined, headers)).body as TeamMember[]
    expect(team.map((member) => member.role).slice(0, 1)).toEqual(['manager'])
    expect(team.filter((member) => member.isYou)).toHaveLength(1)
    expect(team.map((member) => member.email)).toContain(demoStaffEmail('olive-tree-soma', 'kitchen'))
    expect(team.every((member) => member.email.endsWith('olive-tree-soma.demo') || !member.email.endsWith('.demo'))).toBe(true)
  })

  it('a manager adds a member who signs in with the first password; the same email twice is 409 email_taken', async () => {
    const manager = await staffHeaders(t, 'olive-tree-soma', 'manager')
    const added = await send('POST', `/staff/${somaId}/team`, { name: 'Kit Chen', email: 'Kit.Chen@example.com', role: 'kitchen', password: 'first-password' }, manager)
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({ name: 'Kit Chen', email: 'kit.chen@example.com', role: 'kitchen', isYou: false })
    const [row] = await t.db.select().from(staffMembers).where(eq(staffMembers.id, (added.body as TeamMember).id))
    expect(row).toMatchObject({ locationId: somaId, createdBy: expect.any(String) })
    expect(row!.passwordHash).toMatch(/^scrypt\$/)
    const again = await send('POST', `/staff/${somaId}/team`, { name: 'Kit Again', email: 'kit.chen@EXAMPLE.com', role: 'host', password: 'first-password' }, manager)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'email_taken' })
    expect((await signIn('kit.chen@example.com', 'first-password', '203.0.113.7')).body).toMatchObject({ staff: { role: 'kitchen', location: { id: somaId } } })
  })

  it('refuses a short first password and an unknown role with 400 invalid_request, adding no one', async () => {
    const manager = await staffHeaders(t, 'olive-tree-soma', 'manager')
    const before = (await t.db.select().from(staffMembers).where(eq(staffMembers.locationId, somaId))).length
    expect((await send('POST', `/staff/${somaId}/team`, { name: 'Short', email: 'short@example.com', role: 'host', password: 'short' }, manager)).body).toMatchObject({ code: 'invalid_request' })
    expect((await send('POST', `/staff/${somaId}/team`, { name: 'Chef', email: 'chef@example.com', role: 'chef', password: 'long-enough-1' }, manager)).body).toMatchObject({ code: 'invalid_request' })
    expect(await t.db.select().from(staffMembers).where(eq(staffMembers.locationId, somaId))).toHaveLength(before)
  })

  it('a role change takes effect on the member’s next request, with the token they already hold', async () => {
    const manager = await staffHeaders(t, 'olive-tree-soma', 'manager')
    const host = await staffSession(t, 'olive-tree-soma', 'host')
    const walkIn = `/staff/${somaId}/team`
    expect((await send('GET', walkIn, undefined, bearer(host.accessToken))).body).toMatchObject({ code: 'role_not_allowed' })
    const changed = await send('PUT', `/staff/${somaId}/team/${host.id}`, { role: 'manager' }, manager)
    expect(changed.body).toMatchObject({ role: 'manager' })
    expect((await send('GET', walkIn, undefined, bearer(host.accessToken))).status).toBe(200)
    await send('PUT', `/staff/${somaId}/team/${host.id}`, { role: 'host' }, manager)
    expect((await send('GET', walkIn, undefined, bearer(host.accessToken))).body).toMatchObject({ code: 'role_not_allowed' })
  })

  it('a removed member cannot sign in, their sessions end at once, and their row stays for history', async () => {
    const manager = await staffHeaders(t, 'olive-tree-soma', 'manager')
    const added = (await send('POST', `/staff/${somaId}/team`, { name: 'Leaving Soon', email: 'leaving@example.com', role: 'server', password: 'leaving-password' }, manager)).body as TeamMember
    const session = (await signIn('leaving@example.com', 'leaving-password', '203.0.113.8')).body as StaffSignInResponse
    expect((await send('GET', '/staff/me', undefined, bearer(session.accessToken))).status).toBe(200)
    expect((await send('DELETE', `/staff/${somaId}/team/${added.id}`, undefined, manager)).status).toBe(204)
    expect((await send('GET', '/staff/me', undefined, bearer(session.accessToken))).body).toMatchObject({ code: 'unauthenticated' })
    expect((await send('POST', '/staff/token/refresh', { refreshToken: session.refreshToken })).body).toMatchObject({ code: 'unauthenticated' })
    expect((await signIn('leaving@example.com', 'leaving-password', '203.0.113.8')).body).toMatchObject({ code: 'invalid_credentials' })
    const [row] = await t.db.select().from(staffMembers).where(eq(staffMembers.id, added.id))
    expect(row).toMatchObject({ removedAt: expect.any(Date), removedBy: expect.any(String) })
    const team = (await send('GET', `/staff/${somaId}/team`, undefined, manager)).body as TeamMember[]
    expect(team.map((member) => member.id)).not.toContain(added.id)
    // Their email is free again for someone new.
    expect((await send('POST', `/staff/${somaId}/team`, { name: 'Back Again', email: 'leaving@example.com', role: 'server', password: 'another-password' }, manager)).status).toBe(201)
  })

  it('a manager cannot remove themselves (409 cannot_remove_self), and the last manager stays one (409 last_manager)', async () => {
    const manager = await staffSession(t, 'brew-lab', 'manager')
    const brewId = manager.locationId
    const self = await send('DELETE', `/staff/${brewId}/team/${manager.id}`, undefined, bearer(manager.accessToken))
    expect(self.status).toBe(409)
    expect(self.body).toMatchObject({ code: 'cannot_remove_self' })
    const demoted = await send('PUT', `/staff/${brewId}/team/${manager.id}`, { role: 'host' }, bearer(manager.accessToken))
    expect(demoted.status).toBe(409)
    expect(demoted.body).toMatchObject({ code: 'last_manager' })
    // With a second manager, the first may step down.
    const other = (await send('POST', `/staff/${brewId}/team`, { name: 'Second Manager', email: 'second@brew.example.com', role: 'manager', password: 'second-password' }, bearer(manager.accessToken))).body as TeamMember
    expect((await send('PUT', `/staff/${brewId}/team/${manager.id}`, { role: 'host' }, bearer(manager.accessToken))).body).toMatchObject({ role: 'host' })
    // Now a host, the first can no longer touch the team; the second cannot step down as the last.
    expect((await send('GET', `/staff/${brewId}/team`, undefined, bearer(manager.accessToken))).body).toMatchObject({ code: 'role_not_allowed' })
    const second = await startStaffSession(t.db, other.id)
    expect((await send('PUT', `/staff/${brewId}/team/${other.id}`, { role: 'kitchen' }, bearer(second.accessToken))).body).toMatchObject({ code: 'last_manager' })
    await send('PUT', `/staff/${brewId}/team/${manager.id}`, { role: 'manager' }, bearer(second.accessToken))
  })

  it('a manager of one restaurant cannot list, add, change or remove the staff of another (403 forbidden), nor reach them by id', async () => {
    const empireManager = await staffHeaders(t, 'empire-burger', 'manager')
    const somaHost = await staffSession(t, 'olive-tree-soma', 'host')
    expect((await send('GET', `/staff/${somaId}/team`, undefined, empireManager)).body).toMatchObject({ code: 'forbidden' })
    expect((await send('POST', `/staff/${somaId}/team`, { name: 'Spy', email: 'spy@example.com', role: 'manager', password: 'spy-password' }, empireManager)).body).toMatchObject({ code: 'forbidden' })
    expect((await send('PUT', `/staff/${somaId}/team/${somaHost.id}`, { role: 'manager' }, empireManager)).body).toMatchObject({ code: 'forbidden' })
    expect((await send('DELETE', `/staff/${somaId}/team/${somaHost.id}`, undefined, empireManager)).body).toMatchObject({ code: 'forbidden' })
    // Their own location in the path, the other's member in it: not found, nothing changed.
    expect((await send('PUT', `/staff/${empireId}/team/${somaHost.id}`, { role: 'manager' }, empireManager)).body).toMatchObject({ code: 'not_found' })
    expect((await send('DELETE', `/staff/${empireId}/team/${somaHost.id}`, undefined, empireManager)).body).toMatchObject({ code: 'not_found' })
    const [row] = await t.db.select().from(staffMembers).where(eq(staffMembers.id, somaHost.id))
    expect(row).toMatchObject({ role: 'host', removedAt: null })
  })
})

describe('on shift', () => {
  it('is true while someone of the location holds a live access token, and ends with sign-out, expiry or the setting', async () => {
    const slug = 'spice-route-indiranagar'
    const [location] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.locationSlug, slug))
    const id = location!.id
    const now = new Date('2026-11-24T12:00:00Z')
    expect(await isStaffOnShift(t.db, id, now)).toBe(false)
    const member = await staffSession(t, slug, 'kitchen', now)
    expect(await isStaffOnShift(t.db, id, new Date(now.getTime() + 60_000))).toBe(true)
    expect(await isStaffOnShift(t.db, id, new Date(now.getTime() + STAFF_ACCESS_TTL_MS + 1))).toBe(false)
    // Another location is not on shift because of it.
    expect(await isStaffOnShift(t.db, somaId, new Date(now.getTime() + 60_000))).toBe(false)
    expect((await send('POST', '/staff/sign-out', { refreshToken: member.refreshToken })).status).toBe(204)
    expect(await isStaffOnShift(t.db, id, new Date(now.getTime() + 60_000))).toBe(false)
    // A manager keeps the simulators off: on shift with nobody signed in, until they let them run again.
    const manager = await staffSession(t, slug, 'manager', now)
    await send('POST', '/staff/sign-out', { refreshToken: manager.refreshToken })
    const managerHeaders = await staffHeaders(t, slug, 'manager')
    expect((await send('PUT', `/staff/${id}/settings`, { simulatorsOff: true }, managerHeaders)).body).toMatchObject({ simulatorsOff: true, onShift: true })
    expect(await isStaffOnShift(t.db, id, new Date(now.getTime() + 24 * 60 * 60_000))).toBe(true)
    expect((await send('PUT', `/staff/${id}/settings`, { simulatorsOff: false }, managerHeaders)).body).toMatchObject({ simulatorsOff: false })
    expect(await isStaffOnShift(t.db, id, new Date(now.getTime() + 24 * 60 * 60_000))).toBe(false)
    expect(await t.db.select().from(staffSettings).where(eq(staffSettings.locationId, id))).toEqual([expect.objectContaining({ simulatorsOff: false })])
    const rows = await t.db.select().from(refreshTokens).where(and(eq(refreshTokens.staffMemberId, member.id)))
    expect(rows.every((row) => row.customerId === null)).toBe(true)
  })
})
