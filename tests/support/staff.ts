import type { APIRequestContext, Page } from '@playwright/test'
import type { StaffRole } from '@/shared/api/contracts/staff-roles'
import type { StaffSignInResponse } from '@/shared/api/contracts/staff'
import { encryptValue, STORAGE_KEYS } from '@/shared/lib/storage/storage'

/** The seeded demo staff's password (server/src/db/seed, README "The staff area"). */
export const DEMO_STAFF_PASSWORD = 'tablefront-demo'

/** The seeded demo staff member of a role at a demo restaurant. */
export const demoStaffEmail = (locationSlug: string, role: StaffRole) => `${role}@${locationSlug}.demo`

/**
 * Signs a demo staff member in through the sandbox's POST /api/dev/staff-session: a real staff
 * sign-in without the password's work or the sign-in throttle, so journeys may take many.
 */
export async function staffSignInThroughApi(request: APIRequestContext, locationSlug: string, role: StaffRole): Promise<StaffSignInResponse> {
  const response = await request.post('/api/dev/staff-session', { data: { email: demoStaffEmail(locationSlug, role) } })
  if (!response.ok()) throw new Error(`POST /api/dev/staff-session answered ${response.status()}: ${await response.text()}`)
  return (await response.json()) as StaffSignInResponse
}

/** Stores a staff sign-in as the web app does (src/entities/staff-session) before the page's scripts run. */
export async function useStaffSession(page: Page, signedIn: StaffSignInResponse): Promise<void> {
  const stored = encryptValue({ accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken, issuedAt: Date.now(), staff: signedIn.staff })
  await page.addInitScript(
    ([key, value]) => {
      try {
        window.localStorage.setItem(key, value)
      } catch {
        // about:blank and other opaque origins have no localStorage.
      }
    },
    [STORAGE_KEYS.staffSession, stored] as const,
  )
}

/**
 * Ends a staff session started through the API (POST /api/staff/sign-out). A journey signs out in
 * its `finally`: a staff member's token keeps the restaurant on shift for its 15 minutes, and the
 * sandbox simulators leave an on-shift restaurant alone (docs/staff.md "On shift") — the diner
 * journeys at the same restaurant wait on those simulators.
 */
export async function staffSignOutThroughApi(request: APIRequestContext, signedIn: StaffSignInResponse): Promise<void> {
  await request.post('/api/staff/sign-out', { data: { refreshToken: signedIn.refreshToken } })
}

/** Signs out of the staff screen open in `page` (its Sign out button), ignoring a page already gone. */
export async function staffSignOutOnScreen(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: 'Sign out' })
    .click({ timeout: 3_000 })
    .then(() => page.waitForURL(/\/staff$/, { timeout: 3_000 }))
    .catch(() => undefined)
}
